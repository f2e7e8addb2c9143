import React, {useState} from 'react';
import {render, screen, waitFor, within} from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import AuthModal from '../../src/components/account/AuthModal';
import {AuthProvider} from '../../src/lib/auth';
import type {AuthMode} from '../../src/lib/authUi';
import {loadSupabase} from '../../src/lib/supabase';
import {createFakeSupabase, type FakeSupabase} from './helpers/fakeSupabase';

vi.mock('@site/src/lib/supabase', () => ({loadSupabase: vi.fn()}));

let fake: FakeSupabase;
const onClose = vi.fn();

beforeEach(() => {
  fake = createFakeSupabase();
  vi.mocked(loadSupabase).mockReset();
  vi.mocked(loadSupabase).mockResolvedValue(fake.client);
  onClose.mockReset();
  window.history.replaceState(null, '', '/docs/intro');
});

afterEach(() => {
  window.localStorage.clear();
  vi.restoreAllMocks();
});

function renderModal(mode: AuthMode = 'signIn') {
  return render(
    <AuthProvider>
      <AuthModal initialMode={mode} onClose={onClose} />
    </AuthProvider>,
  );
}

/** A page with an opener button, to check focus moves in and returns. */
function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <AuthProvider>
      <div id="__docusaurus">
        <button type="button" onClick={() => setOpen(true)}>
          Open sign in
        </button>
      </div>
      {open && <AuthModal initialMode="signIn" onClose={() => setOpen(false)} />}
    </AuthProvider>
  );
}

const dialog = () => screen.getByRole('dialog');

describe('AuthModal as an accessible dialog', () => {
  it('is labelled, takes focus, keeps Tab inside, and returns focus to the opener', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const opener = screen.getByRole('button', {name: 'Open sign in'});
    await user.click(opener);
    const d = screen.getByRole('dialog', {name: 'Sign In'});
    expect(d).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByLabelText('Email')).toHaveFocus();
    // Tab from the last control wraps to the first; Shift+Tab from the first wraps to the last.
    const buttons = within(d).getAllByRole('button');
    const last = buttons[buttons.length - 1] as HTMLElement;
    last.focus();
    await user.tab();
    expect(within(d).getByRole('button', {name: 'Close'})).toHaveFocus();
    await user.tab({shift: true});
    expect(last).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('closes with the close button and on a backdrop click', async () => {
    const user = userEvent.setup();
    renderModal();
    await user.click(screen.getByRole('button', {name: 'Close'}));
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.click(screen.getByTestId('dialog-backdrop'));
    expect(onClose).toHaveBeenCalledTimes(2);
    await user.click(screen.getByLabelText('Email'));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});

describe('Sign In', () => {
  it('has email, password, "Forgot your password?" and "Sign up"; both fields required', async () => {
    const user = userEvent.setup();
    renderModal();
    expect(screen.getByLabelText('Email')).toBeRequired();
    expect(screen.getByLabelText('Password')).toBeRequired();
    expect(screen.getByRole('button', {name: 'Forgot your password?'})).toBeInTheDocument();
    await user.click(within(dialog()).getByRole('button', {name: 'Sign In'}));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter your email and password');
    expect(fake.auth.signInWithPassword).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', {name: 'Sign up'}));
    expect(screen.getByRole('dialog', {name: 'Create Account'})).toBeInTheDocument();
    expect(screen.getByLabelText('Full Name')).toHaveFocus();
  });

  it('trims and lower-cases the e-mail, trims the password, and closes on success', async () => {
    const user = userEvent.setup();
    renderModal();
    await user.type(screen.getByLabelText('Email'), '  Ada@Example.COM ');
    await user.type(screen.getByLabelText('Password'), ' secret1 ');
    await user.click(within(dialog()).getByRole('button', {name: 'Sign In'}));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(fake.auth.signInWithPassword).toHaveBeenCalledWith({email: 'ada@example.com', password: 'secret1'});
  });

  it('asks an account with a verified factor for its code, shows the service error as given, and closes once verified', async () => {
    const user = userEvent.setup();
    const factor = {id: 'factor-1', factor_type: 'totp', status: 'verified', friendly_name: 'Phone', created_at: '', updated_at: ''};
    fake.auth.mfa.getAuthenticatorAssuranceLevel.mockResolvedValue({data: {currentLevel: 'aal1', nextLevel: 'aal2', currentAuthenticationMethods: []}, error: null});
    fake.auth.mfa.listFactors.mockResolvedValue({data: {all: [factor], totp: [factor], phone: [], webauthn: []}, error: null});
    fake.auth.mfa.challengeAndVerify.mockResolvedValueOnce({data: null, error: {message: 'Invalid TOTP code entered', code: 'mfa_verification_failed', status: 422}});
    renderModal();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(within(dialog()).getByRole('button', {name: 'Sign In'}));
    const code = await screen.findByLabelText('Authentication code');
    expect(dialog()).toHaveAccessibleName('Two-Factor Authentication');
    expect(onClose).not.toHaveBeenCalled();
    await user.type(code, '123456');
    await user.click(within(dialog()).getByRole('button', {name: 'Verify'}));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid TOTP code entered');
    await user.clear(code);
    await user.type(code, '654321');
    await user.click(within(dialog()).getByRole('button', {name: 'Verify'}));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(fake.auth.mfa.challengeAndVerify).toHaveBeenLastCalledWith({factorId: 'factor-1', code: '654321'});
  });

  it('shows the service message as given and disables the button while the request runs', async () => {
    const user = userEvent.setup();
    let answer: (v: unknown) => void = () => undefined;
    fake.auth.signInWithPassword.mockReturnValue(new Promise((r) => (answer = r)));
    renderModal();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(within(dialog()).getByRole('button', {name: 'Sign In'}));
    const busy = await screen.findByRole('button', {name: 'Signing In...'});
    expect(busy).toBeDisabled();
    answer({data: {session: null, user: null}, error: {message: 'Invalid login credentials', status: 400}});
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid login credentials');
    expect(within(dialog()).getByRole('button', {name: 'Sign In'})).toBeEnabled();
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('Create Account', () => {
  async function fill(fields: {name?: string; email?: string; password?: string; confirm?: string}) {
    const user = userEvent.setup();
    renderModal('signUp');
    if (fields.name) await user.type(screen.getByLabelText('Full Name'), fields.name);
    if (fields.email) await user.type(screen.getByLabelText('Email'), fields.email);
    if (fields.password) await user.type(screen.getByLabelText('Password'), fields.password);
    if (fields.confirm) await user.type(screen.getByLabelText('Confirm Password'), fields.confirm);
    await user.click(within(dialog()).getByRole('button', {name: 'Create Account'}));
    return user;
  }

  it.each([
    [{email: 'a@b.co', password: 'secret1', confirm: 'secret1'}, 'Please fill in all fields'],
    [{name: 'Ada', email: 'ada@', password: 'secret1', confirm: 'secret1'}, 'Please enter a valid email address'],
    [{name: 'Ada', email: 'ada@example.com', password: 'secret1', confirm: 'secret2'}, 'Passwords do not match'],
    [{name: 'Ada', email: 'ada@example.com', password: '12345', confirm: '12345'}, 'Password must be at least 6 characters long'],
  ])('validates %o → %s', async (fields, message) => {
    await fill(fields);
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(fake.auth.signUp).not.toHaveBeenCalled();
  });

  it('signs up with the name and a redirect to the site origin, then says "Check Your Email"', async () => {
    const user = await fill({name: ' Ada Lovelace ', email: ' Ada@Example.com', password: 'secret1', confirm: 'secret1'});
    expect(await screen.findByRole('dialog', {name: 'Check Your Email'})).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('We sent a verification link and code to ada@example.com');
    expect(fake.auth.signUp).toHaveBeenCalledWith({
      email: 'ada@example.com',
      password: 'secret1',
      options: {emailRedirectTo: `${window.location.origin}/`, data: {full_name: 'Ada Lovelace'}},
    });
    await user.click(screen.getByRole('button', {name: 'Back to Sign In'}));
    expect(screen.getByRole('dialog', {name: 'Sign In'})).toBeInTheDocument();
  });

  it('shows a service failure as given; "Sign in" goes back', async () => {
    fake.auth.signUp.mockResolvedValue({data: {session: null, user: null}, error: {message: 'User already registered', status: 422}});
    const user = await fill({name: 'Ada', email: 'ada@example.com', password: 'secret1', confirm: 'secret1'});
    expect(await screen.findByRole('alert')).toHaveTextContent('User already registered');
    await user.click(screen.getByRole('button', {name: 'Sign in'}));
    expect(screen.getByRole('dialog', {name: 'Sign In'})).toBeInTheDocument();
  });
});

describe('Reset Password', () => {
  it('sends a link that returns to /reset-password on this origin, then says "Check Your Email"', async () => {
    const user = userEvent.setup();
    renderModal();
    await user.click(screen.getByRole('button', {name: 'Forgot your password?'}));
    expect(screen.getByRole('dialog', {name: 'Reset Password'})).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), ' Ada@Example.com ');
    await user.click(screen.getByRole('button', {name: 'Send Reset Link'}));
    expect(await screen.findByRole('dialog', {name: 'Check Your Email'})).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('We sent a password reset link and code to ada@example.com');
    expect(fake.auth.resetPasswordForEmail).toHaveBeenCalledWith('ada@example.com', {redirectTo: `${window.location.origin}/reset-password`});
    expect(screen.getByRole('button', {name: 'Back to Sign In'})).toBeInTheDocument();
  });

  it('says "Sending..." while busy and shows a failure as given', async () => {
    const user = userEvent.setup();
    let answer: (v: unknown) => void = () => undefined;
    fake.auth.resetPasswordForEmail.mockReturnValue(new Promise((r) => (answer = r)));
    renderModal('reset');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', {name: 'Send Reset Link'}));
    expect(await screen.findByRole('button', {name: 'Sending...'})).toBeDisabled();
    answer({data: null, error: {message: 'Email rate limit exceeded', status: 429}});
    expect(await screen.findByRole('alert')).toHaveTextContent('Email rate limit exceeded');
  });
});

describe('a link that did not sign the visitor in', () => {
  it('explains it and sends a new confirmation link', async () => {
    window.history.replaceState(null, '', '/#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired');
    fake.auth.initialize.mockResolvedValue({error: {message: 'Email link is invalid or has expired', details: {code: 'otp_expired'}}});
    const user = userEvent.setup();
    renderModal('linkError');
    expect(await screen.findByText('Email link is invalid or has expired')).toBeInTheDocument();
    expect(screen.getByRole('dialog', {name: 'This link is invalid or has expired'})).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'Ada@Example.com');
    await user.click(screen.getByRole('button', {name: 'Send New Link'}));
    expect(await screen.findByRole('dialog', {name: 'Check Your Email'})).toBeInTheDocument();
    expect(fake.auth.resend).toHaveBeenCalledWith({type: 'signup', email: 'ada@example.com', options: {emailRedirectTo: `${window.location.origin}/`}});
  });

  it('handles "No session defined in URL" readably', async () => {
    renderModal('linkError');
    expect(screen.getByRole('dialog', {name: 'This link did not sign you in'})).toBeInTheDocument();
    expect(screen.getByText('No session defined in URL')).toBeInTheDocument();
  });
});
