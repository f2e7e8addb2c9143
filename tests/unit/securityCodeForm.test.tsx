// The Security tab's code step (AccountSecurity/CodeForm): the password change's mailed code, the
// e-mail change's codes and a new authenticator app's first code all go through it.
import React from 'react';
import {render, screen} from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {describe, expect, it, vi} from 'vitest';
import CodeForm from '../../src/components/account/AccountSecurity/CodeForm';

describe('Security code form', () => {
  it('sends the code as typed, after what the learner needs to read first, and offers the way back', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    const back = vi.fn();
    render(
      <CodeForm id="c" label="6-digit code from the app" busy={false} busyLabel="Checking..." submitLabel="Turn On" onSubmit={onSubmit} back={{label: 'Cancel', onClick: back}} autoFocus>
        <p>Scan this QR code</p>
      </CodeForm>,
    );
    const field = screen.getByLabelText('6-digit code from the app');
    expect(screen.getByText('Scan this QR code').compareDocumentPosition(field) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(field).toHaveAttribute('inputmode', 'numeric');
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    expect(field).toHaveAttribute('data-autofocus');
    await user.type(field, '123456{Enter}');
    expect(onSubmit).toHaveBeenCalledWith('123456');
    await user.click(screen.getByRole('button', {name: 'Cancel'}));
    expect(back).toHaveBeenCalledTimes(1);
  });

  it('while its request runs, says so and takes no second press, nor the way back', () => {
    render(<CodeForm id="c" label="Code from the e-mail" busy busyLabel="Saving..." submitLabel="Save New Password" onSubmit={() => undefined} back={{label: 'Back', onClick: () => undefined}} />);
    expect(screen.getByRole('button', {name: 'Saving...'})).toBeDisabled();
    expect(screen.getByRole('button', {name: 'Back'})).toBeDisabled();
    expect(screen.getByLabelText('Code from the e-mail')).not.toHaveAttribute('data-autofocus');
  });

  it('has no way back unless given one', () => {
    render(<CodeForm id="c" label="Code sent to ada@example.com" busy={false} busyLabel="Checking..." submitLabel="Confirm ada@example.com" onSubmit={() => undefined} />);
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Confirm ada@example.com']);
  });
});
