import React, {useState, type FormEvent} from 'react';
import {Field, Message, SubmitButton, formStyles as f} from '@site/src/components/site/Form';
import {useAuth} from '@site/src/lib/auth';
import {changePassword, sendReauthenticationCode} from '@site/src/lib/accountSecurity';
import {newPasswordError} from '@site/src/lib/validation';
import CodeForm from './CodeForm';
import Section from './Section';
import {useAction} from './useAction';

/**
 * A new password; when the auth server wants proof (secure_password_change and a sign-in older
 * than 24 h) it is confirmed with a code mailed to the learner (GET /reauthenticate, then PUT
 * /user with the nonce, which the server checks). Every other device is signed out afterwards.
 */
export default function PasswordChange(): React.JSX.Element {
  const {getClient, state} = useAuth();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [codeSent, setCodeSent] = useState(false);
  const {busy, notice, setNotice, run} = useAction();

  const changed = () => {
    setPassword('');
    setConfirm('');
    setCodeSent(false);
    return {kind: 'success', text: 'Password changed. Your other devices have been signed out.'} as const;
  };

  const onSubmitPassword = (event: FormEvent) => {
    event.preventDefault();
    const problem = newPasswordError(password, confirm);
    if (problem) return setNotice({kind: 'error', text: problem});
    void run(async () => {
      const client = await getClient();
      const attempt = await changePassword(client, password);
      if (attempt.error !== null) return {kind: 'error', text: attempt.error};
      if (attempt.data === 'changed') return changed();
      const result = await sendReauthenticationCode(client);
      if (result.error !== null) return {kind: 'error', text: result.error};
      setCodeSent(true);
      return {kind: 'info', text: `We sent a 6-digit code to ${state.user?.email ?? 'your e-mail address'}. Enter it to save the new password.`};
    });
  };

  const onSave = (nonce: string) =>
    void run(async () => {
      const result = await changePassword(await getClient(), password, nonce);
      if (result.error !== null) return {kind: 'error', text: result.error};
      return changed();
    });

  return (
    <Section id="security-password" title="Password">
      {notice && <Message kind={notice.kind}>{notice.text}</Message>}
      {codeSent ? (
        <CodeForm
          id="security-password-nonce"
          label="Code from the e-mail"
          busy={busy}
          busyLabel="Saving..."
          submitLabel="Save New Password"
          onSubmit={onSave}
          back={{label: 'Back', onClick: () => setCodeSent(false)}}
          autoFocus
        />
      ) : (
        <form className={f.form} onSubmit={onSubmitPassword} noValidate>
          <Field id="security-new-password" label="New password" type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          <Field id="security-confirm-password" label="Confirm new password" type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
          <div className={f.actions}>
            <SubmitButton busy={busy} busyLabel="Sending...">Change Password</SubmitButton>
          </div>
        </form>
      )}
    </Section>
  );
}
