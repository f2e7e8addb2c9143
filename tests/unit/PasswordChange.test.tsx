// The site's password change asks for the mailed code exactly when the auth server checks it
// (secure_password_change with a sign-in older than 24 h), and sends the code with the change.
import React from 'react';
import {render, screen} from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {describe, expect, it, vi} from 'vitest';
import PasswordChange from '../../src/components/account/AccountSecurity/PasswordChange';
import {AuthContext, type AuthContextValue} from '../../src/lib/auth';

type Attributes = {password: string; nonce?: string};

/** An auth client whose PUT /user follows GoTrue: proof needed, then the nonce 246810 only. */
function fakeClient(needsProof: boolean) {
  const updates: Attributes[] = [];
  const client = {
    auth: {
      updateUser: vi.fn(async (attributes: Attributes) => {
        updates.push(attributes);
        if (needsProof && attributes.nonce === undefined) {
          return {data: {user: null}, error: {code: 'reauthentication_needed', status: 400, message: 'Password update requires reauthentication'}};
        }
        if (needsProof && attributes.nonce !== '246810') {
          return {data: {user: null}, error: {code: 'reauthentication_not_valid', status: 422, message: 'Nonce has expired or is invalid'}};
        }
        return {data: {user: {}}, error: null};
      }),
      reauthenticate: vi.fn(async () => ({data: {}, error: null})),
    },
  };
  return {client, updates};
}

function renderWith(client: unknown) {
  const value = {getClient: async () => client, state: {user: {email: 'ada@example.com'}}} as unknown as AuthContextValue;
  return render(
    <AuthContext.Provider value={value}>
      <PasswordChange />
    </AuthContext.Provider>,
  );
}

async function submitNewPassword(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('New password'), 'a-brand-new-password');
  await user.type(screen.getByLabelText('Confirm new password'), 'a-brand-new-password');
  await user.click(screen.getByRole('button', {name: 'Change Password'}));
}

describe('password change', () => {
  it('asks for the mailed code when the server wants proof, refuses a wrong one and saves with the right one', async () => {
    const {client, updates} = fakeClient(true);
    const user = userEvent.setup();
    renderWith(client);
    await submitNewPassword(user);
    expect(await screen.findByText(/We sent a 6-digit code to ada@example.com/)).toBeInTheDocument();
    expect(client.auth.reauthenticate).toHaveBeenCalledTimes(1);

    await user.type(screen.getByLabelText('Code from the e-mail'), '000000');
    await user.click(screen.getByRole('button', {name: 'Save New Password'}));
    expect(await screen.findByRole('alert')).toHaveTextContent('Nonce has expired or is invalid');

    await user.clear(screen.getByLabelText('Code from the e-mail'));
    await user.type(screen.getByLabelText('Code from the e-mail'), '246810');
    await user.click(screen.getByRole('button', {name: 'Save New Password'}));
    expect(await screen.findByText('Password changed. Your other devices have been signed out.')).toBeInTheDocument();
    expect(updates).toEqual([
      {password: 'a-brand-new-password'},
      {password: 'a-brand-new-password', nonce: '000000'},
      {password: 'a-brand-new-password', nonce: '246810'},
    ]);
  });

  it('changes at once, without a code the server would not check, for a recent sign-in', async () => {
    const {client, updates} = fakeClient(false);
    const user = userEvent.setup();
    renderWith(client);
    await submitNewPassword(user);
    expect(await screen.findByText('Password changed. Your other devices have been signed out.')).toBeInTheDocument();
    expect(client.auth.reauthenticate).not.toHaveBeenCalled();
    expect(updates).toEqual([{password: 'a-brand-new-password'}]);
  });
});
