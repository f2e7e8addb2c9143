import React, {useEffect, useRef, useState, type FormEvent} from 'react';
import clsx from 'clsx';
import Dialog, {focusInitial} from '@site/src/components/site/Dialog';
import {Field, LinkButton, Message, SubmitButton, formStyles as f} from '@site/src/components/site/Form';
import MfaCodeForm from '@site/src/components/account/MfaCodeForm';
import {errorMessage} from '@site/src/lib/data/errorText';
import type {DatabaseClient} from '@site/src/lib/supabase';
import {useAuth} from '@site/src/lib/auth';
import {secondFactorOwed} from '@site/src/lib/accountSecurity';
import {useHistory} from '@docusaurus/router';
import {confirmRedirect, recoveryRedirect, type AuthMode, type Clock} from '@site/src/lib/authUi';
import {linkErrorHelp, linkErrorTitle, mailWaitSeconds} from '@site/src/lib/authMessages';
import {useCountdown} from '@site/src/lib/useCountdown';
import {emailError, normaliseEmail, signInError, signUpError} from '@site/src/lib/validation';
import CodeStep from './CodeStep';
import styles from './styles.module.css';

export interface AuthModalProps {
  initialMode: AuthMode;
  onClose(): void;
  /** Drives the countdowns of a wait the server imposes before it mails again (tests pass their own). */
  clock?: Clock;
}

/**
 * A mail went out (or is still owed: an unconfirmed address); its link or code continues. Kinds:
 * a new account, a password reset, a new confirmation mail, a sign-in code, a sign-in refused
 * because the address is not confirmed yet.
 */
type SentKind = 'signUp' | 'reset' | 'resend' | 'signIn' | 'unconfirmed';
type Sent = {kind: SentKind; email: string} | null;

/** The verifyOtp type of each mail's code (GoTrue: signup, recovery, email = magic link or sign-up). */
const CODE_TYPE: Record<SentKind, 'signup' | 'recovery' | 'email'> = {
  signUp: 'signup',
  resend: 'signup',
  unconfirmed: 'signup',
  reset: 'recovery',
  signIn: 'email',
};

const TITLE_ID = 'auth-modal-title';

/** Sign in, create an account, reset a password, or get a new confirmation link. */
export default function AuthModal({initialMode, onClose, clock}: AuthModalProps): React.JSX.Element {
  const history = useHistory();
  const {getClient, linkError, clearLinkError, mfaPending} = useAuth();
  const [mode, setMode] = useState<AuthMode>(initialMode);
  const [sent, setSent] = useState<Sent>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [fullName, setFullName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const body = useRef<HTMLDivElement>(null);
  const mounted = useRef(true);
  // The server's wait before it mails this address again (GoTrue's 429 "after N seconds").
  const mailWait = useCountdown(clock);
  const [mailWaitFor, setMailWaitFor] = useState<string | null>(null);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // Each mode change moves focus to the new form's first field (or the heading).
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    focusInitial(body.current);
  }, [mode, sent]);

  const go = (next: AuthMode) => {
    setMode(next);
    setSent(null);
    setError(null);
    setPassword('');
    setConfirmPassword('');
    if (next !== 'linkError') clearLinkError();
  };

  const close = () => {
    clearLinkError();
    // Leaving the code step half-way must not leave a password-only session behind.
    if (mode === 'mfa' && mfaPending) void getClient().then((client) => client.auth.signOut({scope: 'local'}));
    onClose();
  };

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (e) {
      if (mounted.current) setError(errorMessage(e));
    } finally {
      if (mounted.current) setBusy(false);
    }
  }

  const onSignIn = (event: FormEvent) => {
    event.preventDefault();
    const problem = signInError(email, password);
    if (problem) return setError(problem);
    void run(async () => {
      const client = await getClient();
      const address = normaliseEmail(email);
      const {error: authError} = await client.auth.signInWithPassword({email: address, password: password.trim()});
      // GoTrue refuses an unconfirmed address with 400 email_not_confirmed: offer its code and a new mail.
      if (authError?.code === 'email_not_confirmed') {
        if (mounted.current) setSent({kind: 'unconfirmed', email: address});
        return;
      }
      if (authError) throw authError;
      await signedIn(client);
    });
  };

  /** A learner with a verified second factor is asked for its code next; everyone else is done. */
  async function signedIn(client: DatabaseClient) {
    const owed = await secondFactorOwed(client);
    if (!mounted.current) return;
    if (owed) go('mfa');
    else onClose();
  }

  /** Checks a mailed code; a recovery code leads on to choosing the new password. */
  const verifyCode = (current: NonNullable<Sent>) => async (token: string): Promise<string | null> => {
    const client = await getClient();
    const type = CODE_TYPE[current.kind];
    const {error: authError} = await client.auth.verifyOtp({email: current.email, token, type});
    if (authError) return authError.message;
    if (type === 'recovery') {
      // verifyOtp announced PASSWORD_RECOVERY: /reset-password now shows the new-password form.
      onClose();
      history.push('/reset-password');
      return null;
    }
    await signedIn(client);
    return null;
  };

  /** Mails the same kind of message again (the server may answer with a wait). */
  const resendFor = (current: NonNullable<Sent>) => async (): Promise<{error: unknown}> => {
    const client = await getClient();
    if (current.kind === 'reset') return client.auth.resetPasswordForEmail(current.email, {redirectTo: recoveryRedirect()});
    if (current.kind === 'signIn') return client.auth.signInWithOtp({email: current.email, options: {shouldCreateUser: false, emailRedirectTo: confirmRedirect()}});
    return client.auth.resend({type: 'signup', email: current.email, options: {emailRedirectTo: confirmRedirect()}});
  };

  const onSignUp = (event: FormEvent) => {
    event.preventDefault();
    const problem = signUpError({fullName, email, password, confirmPassword});
    if (problem) return setError(problem);
    void run(async () => {
      const client = await getClient();
      const address = normaliseEmail(email);
      const {data, error: authError} = await client.auth.signUp({
        email: address,
        password: password.trim(),
        options: {emailRedirectTo: confirmRedirect(), data: {full_name: fullName.trim()}},
      });
      if (authError) throw authError;
      if (!mounted.current) return;
      // With e-mail confirmation off the service signs the user in at once.
      if (data.session) onClose();
      else setSent({kind: 'signUp', email: address});
    });
  };

  /** Sends a link to the address in the form, then says where it went. */
  const sendLink = (kind: 'reset' | 'resend' | 'signIn', send: (client: DatabaseClient, address: string) => Promise<{error: Error | null}>) => (event: FormEvent) => {
    event.preventDefault();
    const problem = emailError(email);
    if (problem) return setError(problem);
    void run(async () => {
      const address = normaliseEmail(email);
      const {error: authError} = await send(await getClient(), address);
      const seconds = authError ? mailWaitSeconds(authError) : null;
      if (seconds !== null) {
        if (!mounted.current) return;
        setMailWaitFor(address);
        mailWait.start(seconds);
        return;
      }
      if (authError) throw authError;
      if (mounted.current) setSent({kind, email: address});
    });
  };
  const onReset = sendLink('reset', (client, address) => client.auth.resetPasswordForEmail(address, {redirectTo: recoveryRedirect()}));
  // Only for accounts that exist: a sign-in code never creates one (shouldCreateUser: false).
  const onSendCode = sendLink('signIn', (client, address) => client.auth.signInWithOtp({email: address, options: {shouldCreateUser: false, emailRedirectTo: confirmRedirect()}}));
  const onResend = sendLink('resend', (client, address) => client.auth.resend({type: 'signup', email: address, options: {emailRedirectTo: confirmRedirect()}}));

  const errorBox = error && (
    <Message kind="error" id="auth-modal-error">
      {error}
    </Message>
  );
  const invalid = error ? {'aria-describedby': 'auth-modal-error'} : {};
  // Only for the address it was imposed on: another address may be mailed at once.
  const waiting = mailWaitFor !== null && mailWaitFor === normaliseEmail(email) ? mailWait.remaining : 0;
  const waitNotice = waiting > 0 && (
    <Message kind="info">For security, we can e-mail this address again when the countdown on the button ends.</Message>
  );
  const mailButton = (label: string) => (
    <SubmitButton busy={busy} busyLabel="Sending..." block disabled={waiting > 0}>
      {waiting > 0 ? `${label} (${waiting} s)` : label}
    </SubmitButton>
  );
  const emailField = (first: boolean) => (
    <Field id="auth-email" label="Email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} autoFocusHere={first} {...invalid} />
  );

  let content: React.JSX.Element;
  if (mode === 'mfa') {
    content = <MfaCodeForm idPrefix="auth-mfa" onVerified={onClose} onCancel={close} cancelLabel="Cancel Sign In" />;
  } else if (sent) {
    content = (
      <CodeStep
        key={`${sent.kind}:${sent.email}`}
        titleId={TITLE_ID}
        title={sent.kind === 'unconfirmed' ? 'Confirm Your Email' : 'Check Your Email'}
        verify={verifyCode(sent)}
        resend={resendFor(sent)}
        onBack={() => go('signIn')}
        clock={clock}>
        {sentText(sent)}
      </CodeStep>
    );
  } else if (mode === 'signUp') {
    content = (
      <form className={f.form} onSubmit={onSignUp} noValidate>
        <h2 id={TITLE_ID} className={f.title}>
          Create Account
        </h2>
        {errorBox}
        <Field id="auth-full-name" label="Full Name" autoComplete="name" required value={fullName} onChange={(e) => setFullName(e.target.value)} autoFocusHere {...invalid} />
        {emailField(false)}
        <Field id="auth-password" label="Password" type="password" autoComplete="new-password" required minLength={6} value={password} onChange={(e) => setPassword(e.target.value)} {...invalid} />
        <Field
          id="auth-confirm-password"
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          required
          value={confirmPassword}
          onChange={(e) => setConfirmPassword(e.target.value)}
          {...invalid}
        />
        <SubmitButton busy={busy} busyLabel="Creating Account..." block>Create Account</SubmitButton>
        <p className={f.muted}>
          Already have an account? <LinkButton onClick={() => go('signIn')}>Sign in</LinkButton>
        </p>
      </form>
    );
  } else if (mode === 'reset') {
    content = (
      <form className={f.form} onSubmit={onReset} noValidate>
        <h2 id={TITLE_ID} className={f.title}>
          Reset Password
        </h2>
        <p className={f.muted}>Enter your email address and we will send you a link to choose a new password.</p>
        {errorBox}
        {waitNotice}
        {emailField(true)}
        {mailButton('Send Reset Link')}
        <p className={f.muted}>
          Remembered it? <LinkButton onClick={() => go('signIn')}>Back to Sign In</LinkButton>
        </p>
      </form>
    );
  } else if (mode === 'code') {
    content = (
      <form className={f.form} onSubmit={onSendCode} noValidate>
        <h2 id={TITLE_ID} className={f.title}>
          Sign In with a Code
        </h2>
        <p className={f.muted}>We will e-mail you a sign-in link and a 6-digit code; either signs you in without your password.</p>
        {errorBox}
        {waitNotice}
        {emailField(true)}
        {mailButton('Email Me a Code')}
        <p className={f.muted}>
          <LinkButton onClick={() => go('signIn')}>Sign in with your password</LinkButton>
        </p>
      </form>
    );
  } else if (mode === 'linkError') {
    const problem = linkError ?? {code: null, message: 'No session defined in URL'};
    content = (
      <form className={f.form} onSubmit={onResend} noValidate>
        <h2 id={TITLE_ID} className={f.title}>
          {linkErrorTitle(problem)}
        </h2>
        <Message kind="info">
          <span className={styles.serviceMessage}>{problem.message}</span> {linkErrorHelp()}
        </Message>
        {errorBox}
        {waitNotice}
        {emailField(true)}
        {mailButton('Send New Link')}
        <p className={f.links}>
          <LinkButton onClick={() => go('signIn')}>Sign in</LinkButton>
          <LinkButton onClick={() => go('reset')}>Forgot your password?</LinkButton>
        </p>
      </form>
    );
  } else {
    content = (
      <form className={f.form} onSubmit={onSignIn} noValidate>
        <h2 id={TITLE_ID} className={f.title}>
          Sign In
        </h2>
        {errorBox}
        {emailField(true)}
        <Field id="auth-password" label="Password" type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} {...invalid} />
        <SubmitButton busy={busy} busyLabel="Signing In..." block>Sign In</SubmitButton>
        <p className={f.links}>
          <LinkButton onClick={() => go('reset')}>Forgot your password?</LinkButton>
          <LinkButton onClick={() => go('code')}>Email me a sign-in code</LinkButton>
          <span>
            No account? <LinkButton onClick={() => go('signUp')}>Sign up</LinkButton>
          </span>
        </p>
      </form>
    );
  }

  return (
    <Dialog labelledBy={mode === 'mfa' ? 'auth-mfa-title' : TITLE_ID} onClose={close} className={clsx(styles.modal)}>
      <div ref={body}>{content}</div>
    </Dialog>
  );
}

function sentText(sent: NonNullable<Sent>): React.JSX.Element {
  const to = <strong>{sent.email}</strong>;
  switch (sent.kind) {
    case 'reset':
      return <>We sent a password reset link and code to {to}. Open the link, or enter the code here, to choose a new password.</>;
    case 'signIn':
      return <>We sent a sign-in link and code to {to}. Open the link, or enter the code here, to sign in.</>;
    case 'unconfirmed':
      return <>The address {to} is not confirmed yet. Enter the code from our e-mail, open its link, or ask for a new one.</>;
    default:
      return <>We sent a verification link and code to {to}. Open the link, or enter the code here, to confirm your account and sign in.</>;
  }
}
