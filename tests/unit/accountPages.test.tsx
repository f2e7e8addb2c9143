import React from 'react';
import {render, screen, waitFor} from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import AccountRoot from '../../src/components/account/AccountRoot';
import ResetPassword from '../../src/pages/reset-password';
import AuthTest from '../../src/testPages/auth-test';
import SubscriptionTest from '../../src/testPages/subscription-test';
import {loadSupabase} from '../../src/lib/supabase';
import {createFakeSupabase, makeSession, makeUser, profileRow, storeSession, type FakeSupabase} from './helpers/fakeSupabase';

vi.mock('@site/src/lib/supabase', () => ({loadSupabase: vi.fn()}));

let fake: FakeSupabase;

beforeEach(() => {
  fake = createFakeSupabase();
  vi.mocked(loadSupabase).mockReset();
  vi.mocked(loadSupabase).mockResolvedValue(fake.client);
  window.history.replaceState(null, '', '/');
});

afterEach(() => {
  window.localStorage.clear();
  vi.restoreAllMocks();
});

const renderPage = (page: React.JSX.Element) => render(<AccountRoot>{page}</AccountRoot>);

describe('/reset-password', () => {
  it('with a recovery session: validates, updates the password and confirms; the user stays signed in', async () => {
    window.history.replaceState(null, '', '/reset-password#access_token=a&refresh_token=b&expires_in=3600&token_type=bearer&type=recovery');
    fake.session = makeSession();
    const user = userEvent.setup();
    renderPage(<ResetPassword />);
    const password = await screen.findByLabelText('New Password');
    await user.type(password, 'abc');
    await user.type(screen.getByLabelText('Confirm New Password'), 'abc');
    await user.click(screen.getByRole('button', {name: 'Update Password'}));
    expect(screen.getByRole('alert')).toHaveTextContent('Password must be at least 6 characters long');
    await user.type(password, 'def');
    await user.click(screen.getByRole('button', {name: 'Update Password'}));
    expect(screen.getByRole('alert')).toHaveTextContent('Passwords do not match');
    await user.type(screen.getByLabelText('Confirm New Password'), 'def');
    fake.auth.updateUser.mockResolvedValueOnce({data: {user: null}, error: {message: 'New password should be different from the old password.', status: 422}});
    await user.click(screen.getByRole('button', {name: 'Update Password'}));
    expect(await screen.findByRole('alert')).toHaveTextContent('New password should be different from the old password.');
    await user.click(screen.getByRole('button', {name: 'Update Password'}));
    expect(await screen.findByRole('heading', {name: 'Your password has been updated'})).toBeInTheDocument();
    expect(screen.getByText('You are signed in with your new password.')).toBeInTheDocument();
    expect(fake.auth.updateUser).toHaveBeenLastCalledWith({password: 'abcdef'});
  });

  it('without one: says the link is invalid or has expired and offers a new one', async () => {
    window.history.replaceState(null, '', '/reset-password');
    const user = userEvent.setup();
    renderPage(<ResetPassword />);
    expect(await screen.findByRole('heading', {name: 'This reset link is invalid or has expired'})).toBeInTheDocument();
    // A visit without a link has nothing for supabase-js to do: it is never downloaded.
    expect(loadSupabase).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', {name: 'Send a new reset link'}));
    expect(await screen.findByRole('dialog', {name: 'Reset Password'})).toBeInTheDocument();
  });

  it('an expired link shows the service message on the page, not in a dialog', async () => {
    window.history.replaceState(null, '', '/reset-password#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired');
    fake.auth.initialize.mockResolvedValue({error: {message: 'Email link is invalid or has expired', details: {code: 'otp_expired'}}});
    renderPage(<ResetPassword />);
    expect(await screen.findByText('Email link is invalid or has expired')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('diagnostics pages', () => {
  const signInAs = (role: 'admin' | 'learner') => {
    const session = makeSession(makeUser(role === 'admin' ? {app_metadata: {provider: 'email', role: 'admin'}} : {}));
    storeSession(session);
    fake.session = session;
  };

  it('/auth-test shows an admin the auth state without tokens', async () => {
    signInAs('admin');
    const {container} = renderPage(<AuthTest />);
    await waitFor(() => expect(screen.getByText('user-1')).toBeInTheDocument());
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('aal1 (next: aal1)')).toBeInTheDocument());
    expect(container.textContent).not.toContain('access-token-secret');
    expect(container.textContent).not.toContain('refresh-token-secret');
    expect(container.textContent).not.toContain('sb_publishable_test');
  });

  it('/subscription-test shows an admin the view beside the raw profile fields', async () => {
    signInAs('admin');
    fake.tables.profiles = {data: profileRow({subscription_status: 'active', subscription_amount: 49}), error: null};
    const {container} = renderPage(<SubscriptionTest />);
    await waitFor(() => expect(screen.getByText('loaded')).toBeInTheDocument());
    expect(screen.getAllByText('"active"')).toHaveLength(2);
    expect(screen.getAllByText('49')).toHaveLength(2);
    expect(screen.getByText('subscription_amount')).toBeInTheDocument();
    expect(container.textContent).not.toContain('access-token-secret');
  });

  for (const [path, Page] of [
    ['/auth-test', AuthTest],
    ['/subscription-test', SubscriptionTest],
  ] as const) {
    it(`${path} shows a signed-out visitor only a sign-in prompt, without loading the account system`, async () => {
      const user = userEvent.setup();
      const {container} = renderPage(<Page />);
      expect(await screen.findByRole('heading', {name: 'Administrators only'})).toBeInTheDocument();
      expect(screen.queryByTestId('auth-diagnostics')).not.toBeInTheDocument();
      expect(screen.queryByTestId('subscription-diagnostics')).not.toBeInTheDocument();
      expect(container.querySelector('dl, table')).toBeNull();
      expect(loadSupabase).not.toHaveBeenCalled();
      await user.click(screen.getByRole('button', {name: 'Sign In'}));
      expect(await screen.findByRole('dialog', {name: 'Sign In'})).toBeInTheDocument();
    });

    it(`${path} shows a signed-in learner who is not an admin nothing of the diagnostics`, async () => {
      signInAs('learner');
      fake.tables.profiles = {data: profileRow({subscription_status: 'active'}), error: null};
      const {container} = renderPage(<Page />);
      expect(await screen.findByRole('heading', {name: 'Access denied'})).toBeInTheDocument();
      expect(container.textContent).not.toContain('user-1');
      expect(container.textContent).not.toContain('ada@example.com');
      expect(container.textContent).not.toContain('"active"');
      expect(container.querySelector('dl, table')).toBeNull();
    });
  }
});
