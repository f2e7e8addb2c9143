// Issue #26: the mailed 6-digit codes work where the links do (sign-up, sign-in, reset, e-mail
// change), "Check your email" offers Resend and counts down the wait the server imposes, and an
// e-mail change says where it stands after each of its two confirmations.
import React from 'react';
import {act, render, screen, waitFor} from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import AuthModal from '../../src/components/account/AuthModal';
import EmailChange from '../../src/components/account/AccountSecurity/EmailChange';
import EmailChangeNotice from '../../src/components/account/AccountDeletedNotice/EmailChangeNotice';
import {AuthProvider} from '../../src/lib/auth';
import {mailWaitSeconds} from '../../src/lib/authMessages';
import type {AuthMode, Clock} from '../../src/lib/authUi';
import {loadSupabase} from '../../src/lib/supabase';
import {createFakeSupabase, makeSession, makeUser, storeSession, type FakeSupabase} from './helpers/fakeSupabase';

vi.mock('@site/src/lib/supabase', () => ({loadSupabase: vi.fn()}));

let fake: FakeSupabase;
const onClose = vi.fn();

/** A clock the test moves: no timers, no waiting. */
function manualClock(): Clock & {advance(ms: number): void} {
  let now = 1_000_000;
  const ticks = new Set<() => void>();
  return {
    now: () => now,
    every: (_ms, tick) => {
      ticks.add(tick);
      return () => ticks.delete(tick);
    },
    advance(ms) {
      now += ms;
      act(() => ticks.forEach((tick) => tick()));
    },
  };
}

const TOO_EARLY = {message: 'For security purposes, you can only request this after 42 seconds.', status: 429, code: 'over_email_send_rate_limit'};
const WRONG_CODE = {message: 'Token has expired or is invalid', status: 403, code: 'otp_expired'};

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

function renderModal(mode: AuthMode, clock?: Clock) {
  return render(
    <AuthProvider>
      <AuthModal initialMode={mode} onClose={onClose} clock={clock} />
    </AuthProvider>,
  );
}

async function signUp(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Full Name'), 'Ada Lovelace');
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), 'secret1');
  await user.type(screen.getByLabelText('Confirm Password'), 'secret1');
  await user.click(screen.getByRole('button', {name: 'Create Account'}));
  await screen.findByRole('dialog', {name: 'Check Your Email'});
}

describe('mailWaitSeconds', () => {
  it("reads GoTrue's wait from its 429 text, and nothing from other errors", () => {
    expect(mailWaitSeconds(TOO_EARLY)).toBe(42);
    expect(mailWaitSeconds({message: 'For security purposes, you can only request this once every 60 seconds'})).toBe(60);
    expect(mailWaitSeconds({message: 'Email rate limit exceeded'})).toBeNull();
    expect(mailWaitSeconds(null)).toBeNull();
  });
});

describe('codes in the sign-in dialog', () => {
  it('confirms a new account with the code from the mail', async () => {
    const user = userEvent.setup();
    renderModal('signUp');
    await signUp(user);
    fake.auth.verifyOtp.mockResolvedValueOnce({data: {user: null, session: null}, error: WRONG_CODE});
    await user.type(screen.getByLabelText('Code from the e-mail'), '111111');
    await user.click(screen.getByRole('button', {name: 'Continue with Code'}));
    expect(await screen.findByRole('alert')).toHaveTextContent('Token has expired or is invalid');
    expect(onClose).not.toHaveBeenCalled();
    await user.clear(screen.getByLabelText('Code from the e-mail'));
    await user.type(screen.getByLabelText('Code from the e-mail'), '123456');
    await user.click(screen.getByRole('button', {name: 'Continue with Code'}));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(fake.auth.verifyOtp).toHaveBeenLastCalledWith({email: 'ada@example.com', token: '123456', type: 'signup'});
  });

  it('an unconfirmed address at sign-in gets the code step and Resend', async () => {
    const user = userEvent.setup();
    fake.auth.signInWithPassword.mockResolvedValue({data: {session: null, user: null}, error: {message: 'Email not confirmed', status: 400, code: 'email_not_confirmed'}});
    renderModal('signIn');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', {name: 'Sign In'}));
    expect(await screen.findByRole('dialog', {name: 'Confirm Your Email'})).toBeInTheDocument();
    await user.click(screen.getByRole('button', {name: 'Resend E-mail'}));
    await waitFor(() => expect(fake.auth.resend).toHaveBeenCalledWith({type: 'signup', email: 'ada@example.com', options: {emailRedirectTo: `${window.location.origin}/`}}));
    expect(await screen.findByText(/We sent a new e-mail/)).toBeInTheDocument();
  });

  it('signs in with a mailed code without creating accounts', async () => {
    const user = userEvent.setup();
    renderModal('signIn');
    await user.click(screen.getByRole('button', {name: 'Email me a sign-in code'}));
    await user.type(screen.getByLabelText('Email'), 'Ada@Example.com');
    await user.click(screen.getByRole('button', {name: 'Email Me a Code'}));
    await screen.findByRole('dialog', {name: 'Check Your Email'});
    expect(fake.auth.signInWithOtp).toHaveBeenCalledWith({email: 'ada@example.com', options: {shouldCreateUser: false, emailRedirectTo: `${window.location.origin}/`}});
    await user.type(screen.getByLabelText('Code from the e-mail'), '654321');
    await user.click(screen.getByRole('button', {name: 'Continue with Code'}));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(fake.auth.verifyOtp).toHaveBeenCalledWith({email: 'ada@example.com', token: '654321', type: 'email'});
  });

  it('a recovery code leads to /reset-password', async () => {
    const user = userEvent.setup();
    renderModal('reset');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', {name: 'Send Reset Link'}));
    await screen.findByRole('dialog', {name: 'Check Your Email'});
    await user.type(screen.getByLabelText('Code from the e-mail'), '222333');
    await user.click(screen.getByRole('button', {name: 'Continue with Code'}));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(fake.auth.verifyOtp).toHaveBeenCalledWith({email: 'ada@example.com', token: '222333', type: 'recovery'});
    expect(window.location.pathname).toBe('/reset-password');
  });
});

describe('Resend', () => {
  it("counts down the server's wait on the injected clock, then offers Resend again", async () => {
    const clock = manualClock();
    const user = userEvent.setup();
    renderModal('signUp', clock);
    await signUp(user);
    fake.auth.resend.mockResolvedValueOnce({data: {}, error: TOO_EARLY});
    await user.click(screen.getByRole('button', {name: 'Resend E-mail'}));
    expect(await screen.findByRole('button', {name: 'Resend E-mail (42 s)'})).toBeDisabled();
    clock.advance(1000);
    expect(screen.getByRole('button', {name: 'Resend E-mail (41 s)'})).toBeDisabled();
    clock.advance(40_000);
    expect(screen.getByRole('button', {name: 'Resend E-mail (1 s)'})).toBeDisabled();
    clock.advance(1000);
    expect(await screen.findByRole('button', {name: 'Resend E-mail'})).toBeEnabled();
    await user.click(screen.getByRole('button', {name: 'Resend E-mail'}));
    expect(await screen.findByText(/We sent a new e-mail/)).toBeInTheDocument();
    expect(fake.auth.resend).toHaveBeenCalledTimes(2);
  });

  for (const [mode, label, method] of [
    ['reset', 'Send Reset Link', 'resetPasswordForEmail'],
    ['code', 'Email Me a Code', 'signInWithOtp'],
  ] as const) {
    it(`a first request the server refuses as too early (${label}) counts its wait down too, for that address only`, async () => {
      const clock = manualClock();
      const user = userEvent.setup();
      renderModal(mode, clock);
      fake.auth[method].mockResolvedValueOnce({data: {}, error: TOO_EARLY});
      await user.type(screen.getByLabelText('Email'), 'ada@example.com');
      await user.click(screen.getByRole('button', {name: label}));
      expect(await screen.findByRole('button', {name: `${label} (42 s)`})).toBeDisabled();
      expect(screen.getByRole('status')).toHaveTextContent('For security, we can e-mail this address again when the countdown on the button ends.');
      expect(screen.queryByRole('alert')).toBeNull();
      clock.advance(41_000);
      expect(screen.getByRole('button', {name: `${label} (1 s)`})).toBeDisabled();
      // Another address is not held back.
      await user.clear(screen.getByLabelText('Email'));
      await user.type(screen.getByLabelText('Email'), 'grace@example.com');
      expect(screen.getByRole('button', {name: label})).toBeEnabled();
      await user.clear(screen.getByLabelText('Email'));
      await user.type(screen.getByLabelText('Email'), 'ada@example.com');
      expect(screen.getByRole('button', {name: `${label} (1 s)`})).toBeDisabled();
      clock.advance(1000);
      expect(await screen.findByRole('button', {name: label})).toBeEnabled();
      expect(screen.queryByRole('status')).toBeNull();
      await user.click(screen.getByRole('button', {name: label}));
      expect(await screen.findByRole('dialog', {name: 'Check Your Email'})).toBeInTheDocument();
      expect(fake.auth[method]).toHaveBeenCalledTimes(2);
    });
  }

  it('resends a reset through the recovery endpoint', async () => {
    const user = userEvent.setup();
    renderModal('reset');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', {name: 'Send Reset Link'}));
    await screen.findByRole('dialog', {name: 'Check Your Email'});
    await user.click(screen.getByRole('button', {name: 'Resend E-mail'}));
    await waitFor(() => expect(fake.auth.resetPasswordForEmail).toHaveBeenCalledTimes(2));
    expect(fake.auth.resend).not.toHaveBeenCalled();
  });
});

describe('e-mail change', () => {
  const pendingUser = makeUser({email: 'ada@example.com', new_email: 'ada@new.example'} as never);

  it('takes the code of each address and says where the change stands', async () => {
    storeSession(makeSession(pendingUser));
    fake.session = makeSession(pendingUser);
    const user = userEvent.setup();
    render(
      <AuthProvider>
        <EmailChange />
      </AuthProvider>,
    );
    const toNew = await screen.findByLabelText('Code sent to ada@new.example');
    fake.auth.verifyOtp.mockResolvedValueOnce({data: {user: null, session: null}, error: WRONG_CODE});
    await user.type(toNew, '000000');
    await user.click(screen.getByRole('button', {name: 'Confirm ada@new.example'}));
    expect(await screen.findByText('Token has expired or is invalid')).toBeInTheDocument();

    fake.auth.verifyOtp.mockResolvedValueOnce({data: {user: null, session: null}, error: null});
    await user.clear(toNew);
    await user.type(toNew, '111111');
    await user.click(screen.getByRole('button', {name: 'Confirm ada@new.example'}));
    expect(await screen.findByText('Confirmed from ada@new.example. Now confirm from ada@example.com too, with its link or code.')).toBeInTheDocument();
    expect(fake.auth.verifyOtp).toHaveBeenLastCalledWith({email: 'ada@new.example', token: '111111', type: 'email_change'});
    expect(screen.queryByLabelText('Code sent to ada@new.example')).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Code sent to ada@example.com'), '222222');
    await user.click(screen.getByRole('button', {name: 'Confirm ada@example.com'}));
    expect(await screen.findByText('Done: your e-mail address is now ada@new.example.')).toBeInTheDocument();
    expect(fake.auth.verifyOtp).toHaveBeenLastCalledWith({email: 'ada@example.com', token: '222222', type: 'email_change'});
  });

  it("shows the server's message after the first link, and the new address after the second", async () => {
    window.history.replaceState(null, '', '/#message=Confirmation+link+accepted.+Please+proceed+to+confirm+link+sent+to+the+other+email&sb=');
    const first = render(
      <AuthProvider>
        <EmailChangeNotice />
      </AuthProvider>,
    );
    expect(await screen.findByRole('status')).toHaveTextContent(
      'One of the two addresses is confirmed. Confirmation link accepted. Please proceed to confirm link sent to the other email.',
    );
    expect(window.location.hash).toBe('');
    first.unmount();

    const moved = makeUser({email: 'ada@new.example'});
    fake.session = makeSession(moved);
    window.history.replaceState(null, '', '/#access_token=x&refresh_token=y&expires_in=3600&token_type=bearer&type=email_change');
    render(
      <AuthProvider>
        <EmailChangeNotice />
      </AuthProvider>,
    );
    expect(await screen.findByRole('status')).toHaveTextContent('Your e-mail address has been changed. You now sign in with ada@new.example.');
  });
});
