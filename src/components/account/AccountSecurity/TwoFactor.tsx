import React, {useEffect, useRef, useState, type FormEvent} from 'react';
import type {Factor} from '@supabase/supabase-js';
import {Field, Message, SubmitButton, formStyles as f} from '@site/src/components/site/Form';
import RetryMessage from '@site/src/components/site/RetryMessage';
import {useAuth} from '@site/src/lib/auth';
import {TOTP_QR_SIZE} from '@site/src/lib/totpQr';
import {listTotpFactors, removeFactor, startTotpEnrolment, verifyTotp, type Enrolment} from '@site/src/lib/accountSecurity';
import {useData} from '@site/src/lib/data/store';
import CodeForm from './CodeForm';
import Section from './Section';
import {useAction} from './useAction';
import styles from './styles.module.css';

/** TOTP two-factor sign-in: the learner's apps, adding one (QR code and typed secret), removing one. */
export default function TwoFactor(): React.JSX.Element {
  const {getClient, state} = useAuth();
  const [name, setName] = useState('');
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const {busy, notice, run} = useAction();
  // A failed read is shown as such: "off" would tell the learner their account has no second
  // factor when it may. Adding or removing one invalidates the key (reload).
  const userId = state.user?.id;
  const {state: load, reload} = useData(userId ? `mfa/${userId}/factors` : null, () => getClient().then(listTotpFactors), {fresh: true});
  // Read again whenever the session changes (turning a factor on makes it aal2).
  const seenUser = useRef(state.user);
  useEffect(() => {
    if (seenUser.current === state.user) return;
    seenUser.current = state.user;
    void reload();
  }, [state.user, reload]);
  const factors: Factor[] | null = load.data;

  const onStart = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const result = await startTotpEnrolment(await getClient(), name);
      if (result.error !== null) return {kind: 'error', text: result.error};
      setEnrolment(result.data);
      return null;
    });
  };

  const onConfirm = (code: string) => {
    if (!enrolment) return;
    void run(async () => {
      const result = await verifyTotp(await getClient(), enrolment.factorId, code);
      if (result.error !== null) return {kind: 'error', text: result.error};
      setEnrolment(null);
      setName('');
      void reload();
      return {kind: 'success', text: 'Two-factor authentication is on. Next time you sign in we will ask for a code from your app.'};
    });
  };

  const onRemove = (factor: Factor) =>
    void run(async () => {
      const result = await removeFactor(await getClient(), factor.id);
      if (result.error !== null) return {kind: 'error', text: result.error};
      void reload();
      return {kind: 'success', text: `Removed ${factor.friendly_name || 'the authenticator app'}.`};
    });

  return (
    <Section id="security-2fa" title="Two-factor authentication">
      <p className={f.muted}>Ask for a code from an authenticator app (such as Google Authenticator, 1Password or Aegis) after your password.</p>
      {notice && <Message kind={notice.kind}>{notice.text}</Message>}
      {load.status === 'error' ? (
        <RetryMessage onRetry={() => void reload()}>Could not read your authenticator apps: {load.error}</RetryMessage>
      ) : factors === null ? (
        <p role="status">Loading your authenticator apps…</p>
      ) : factors.length > 0 ? (
        <ul className={styles.factors} aria-label="Authenticator apps">
          {factors.map((factor) => (
            <li key={factor.id} className={styles.factor}>
              <span>
                <strong>{factor.friendly_name || 'Authenticator app'}</strong> — added {new Date(factor.created_at).toLocaleDateString()}
              </span>
              <button type="button" className="button button--sm button--outline button--danger" disabled={busy} onClick={() => onRemove(factor)}>
                Remove<span className="sr-only"> {factor.friendly_name || 'authenticator app'}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p>Two-factor authentication is off.</p>
      )}
      {enrolment ? (
        <CodeForm
          id="security-2fa-code"
          label="6-digit code from the app"
          busy={busy}
          busyLabel="Checking..."
          submitLabel="Turn On"
          onSubmit={onConfirm}
          back={{label: 'Cancel', onClick: () => setEnrolment(null)}}
          autoFocus>
          <p>Scan this QR code with your authenticator app, or type the key below into it.</p>
          <img
            className={styles.qr}
            src={enrolment.qrCode}
            width={TOTP_QR_SIZE}
            height={TOTP_QR_SIZE}
            alt="QR code for your authenticator app (the same key is written below)"
          />
          <p>
            Key: <code className={styles.secret} data-testid="totp-secret">{enrolment.secret}</code>
          </p>
        </CodeForm>
      ) : (
        factors !== null && (
          <form className={f.form} onSubmit={onStart} noValidate>
            <Field id="security-2fa-name" label="Name for this app (optional)" value={name} maxLength={60} onChange={(e) => setName(e.target.value)} placeholder="e.g. My phone" />
            <div className={f.actions}>
              <SubmitButton busy={busy} busyLabel="Starting...">Add Authenticator App</SubmitButton>
            </div>
          </form>
        )
      )}
    </Section>
  );
}
