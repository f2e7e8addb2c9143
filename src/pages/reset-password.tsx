import React, {useState, type FormEvent} from 'react';
import Page from '@site/src/components/site/Page';
import Link from '@docusaurus/Link';
import StatusPanel from '@site/src/components/site/StatusPanel';
import {Field, Message, SubmitButton, formStyles as f} from '@site/src/components/site/Form';
import {errorMessage} from '@site/src/lib/data/errorText';
import {useAuth} from '@site/src/lib/auth';
import {useAuthDialogs} from '@site/src/lib/authUi';
import {newPasswordError} from '@site/src/lib/validation';

function NewPasswordForm({onDone}: {onDone(): void}): React.JSX.Element {
  const {getClient} = useAuth();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = newPasswordError(password, confirm);
    if (problem) return setError(problem);
    setBusy(true);
    setError(null);
    try {
      const client = await getClient();
      const {error: authError} = await client.auth.updateUser({password: password.trim()});
      if (authError) setError(authError.message);
      else onDone();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  const described = error ? {'aria-describedby': 'reset-error'} : {};
  return (
    <form className={f.form} style={{maxWidth: '28rem'}} onSubmit={(e) => void onSubmit(e)} noValidate>
      <p className={f.muted}>Choose a new password for your account.</p>
      {error && (
        <Message kind="error" id="reset-error">
          {error}
        </Message>
      )}
      <Field id="new-password" label="New Password" type="password" autoComplete="new-password" required value={password} onChange={(e) => setPassword(e.target.value)} {...described} />
      <Field id="confirm-new-password" label="Confirm New Password" type="password" autoComplete="new-password" required value={confirm} onChange={(e) => setConfirm(e.target.value)} {...described} />
      <SubmitButton busy={busy} busyLabel="Updating Password..." block>Update Password</SubmitButton>
    </form>
  );
}

function ResetPasswordContent(): React.JSX.Element {
  // The recovery link's #access_token makes the AuthProvider load the client and start the
  // recovery session; a visit without one never downloads supabase-js.
  const {state, recovery, linkError, endRecovery, clearLinkError} = useAuth();
  const dialogs = useAuthDialogs();
  const [done, setDone] = useState(false);

  if (done) {
    return (
      <StatusPanel
        icon="done"
        title="Your password has been updated"
        actions={
          <Link className="button button--primary" to="/docs/intro">
            Continue learning
          </Link>
        }>
        <p role="status">You are signed in with your new password.</p>
      </StatusPanel>
    );
  }
  if (state.status === 'loading') return <p role="status">Checking your reset link...</p>;
  if (state.status === 'signedIn' && recovery) {
    return (
      <NewPasswordForm
        onDone={() => {
          endRecovery();
          setDone(true);
        }}
      />
    );
  }
  return (
    <StatusPanel
      icon="key"
      title="This reset link is invalid or has expired"
      actions={
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            clearLinkError();
            dialogs?.openAuth('reset');
          }}>
          Send a new reset link
        </button>
      }>
      {linkError && <p>{linkError.message}</p>}
      <p>Reset links work once and expire after a while. Ask for a new one and open it from the latest e-mail.</p>
    </StatusPanel>
  );
}

export default function ResetPassword(): React.JSX.Element {
  return (
    <Page title="Reset password" description="Choose a new password for your account.">
      <ResetPasswordContent />
    </Page>
  );
}
