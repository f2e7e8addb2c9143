import React, {useState, type FormEvent} from 'react';
import {CodeField, Message, SubmitButton, formStyles as f} from '@site/src/components/site/Form';
import {errorMessage} from '@site/src/lib/data/errorText';
import {useAuth} from '@site/src/lib/auth';
import {verifySignInCode} from '@site/src/lib/accountSecurity';
import {SITE_TITLE} from '@site/src/config/site';

export interface MfaCodeFormProps {
  /** Prefix for element ids, so two forms on one page never share one. */
  idPrefix: string;
  /** Heading text; the heading carries `${idPrefix}-title` for a dialog to point at. */
  title?: string;
  onVerified(): void;
  /** Offered as the way out (the sign-in dialog signs the half-finished session out). */
  onCancel?(): void;
  cancelLabel?: string;
  autoFocus?: boolean;
}

/** The second sign-in step: the 6-digit code from the learner's authenticator app. */
export default function MfaCodeForm({idPrefix, title = 'Two-Factor Authentication', onVerified, onCancel, cancelLabel = 'Cancel', autoFocus = true}: MfaCodeFormProps): React.JSX.Element {
  const {getClient} = useAuth();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errorId = `${idPrefix}-error`;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const result = await verifySignInCode(await getClient(), code);
      if (result.error !== null) {
        setError(result.error);
        return;
      }
      onVerified();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={f.form} onSubmit={(e) => void onSubmit(e)} noValidate>
      <h2 id={`${idPrefix}-title`} className={f.title}>
        {title}
      </h2>
      <p className={f.muted}>Open your authenticator app and enter the 6-digit code it shows for {SITE_TITLE}.</p>
      {error && (
        <Message kind="error" id={errorId}>
          {error}
        </Message>
      )}
      <CodeField
        id={`${idPrefix}-code`}
        label="Authentication code"
        pattern="[0-9]*"
        required
        value={code}
        onChange={(e) => setCode(e.target.value)}
        autoFocusHere={autoFocus}
        {...(error ? {'aria-describedby': errorId, 'aria-invalid': true} : {})}
      />
      <div className={f.actions}>
        <SubmitButton busy={busy} busyLabel="Verifying...">Verify</SubmitButton>
        {onCancel && (
          <button type="button" className="button button--secondary" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </button>
        )}
      </div>
    </form>
  );
}
