import React, {useState, type FormEvent} from 'react';
import {Field, Message, SubmitButton, formStyles as f} from '@site/src/components/site/Form';
import {useAuth} from '@site/src/lib/auth';
import {deleteAccount} from '@site/src/lib/accountSecurity';
import {normaliseEmail} from '@site/src/lib/validation';
import Section from './Section';
import {useAction} from './useAction';
import styles from './styles.module.css';

/** Deletes the account after the learner types their e-mail and password; says what goes and what stays. */
export default function DeleteAccount({onDeleted}: {onDeleted(): void}): React.JSX.Element {
  const {getClient, state, endDeletedAccount} = useAuth();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const {busy, notice, setNotice, run} = useAction();
  const current = state.user?.email ?? '';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (normaliseEmail(email) !== current) return setNotice({kind: 'error', text: 'Type the e-mail address of your account to confirm'});
    if (!password) return setNotice({kind: 'error', text: 'Enter your password to confirm'});
    void run(async () => {
      const result = await deleteAccount(await getClient(), email, password);
      if (result.error !== null) return {kind: 'error', text: result.error};
      await endDeletedAccount();
      onDeleted();
      return null;
    });
  };

  return (
    <Section id="security-delete" title="Delete my account" className={styles.danger}>
      <p>Deleting your account cannot be undone.</p>
      <ul className={styles.list}>
        <li>Deleted: your sign-in, profile, course and lesson progress, knowledge-check results, certificates and authenticator apps.</li>
        <li>Cancelled first: a running Premium subscription, so PayPal stops charging you.</li>
        <li>Kept for accounting: the record of your payments, no longer linked to you, your name or your e-mail.</li>
      </ul>
      {notice && <Message kind={notice.kind}>{notice.text}</Message>}
      <form className={f.form} onSubmit={onSubmit} noValidate>
        <Field id="security-delete-email" label={`Type your e-mail address (${current}) to confirm`} type="email" autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} />
        <Field id="security-delete-password" label="Your password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        <div className={f.actions}>
          <SubmitButton busy={busy} busyLabel="Deleting..." variant="danger">Delete My Account</SubmitButton>
        </div>
      </form>
    </Section>
  );
}
