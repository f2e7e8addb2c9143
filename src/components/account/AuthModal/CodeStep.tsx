import React, {useState, type FormEvent, type ReactNode} from 'react';
import {CodeField, Message, SubmitButton, formStyles as f} from '@site/src/components/site/Form';
import {errorMessage} from '@site/src/lib/data/errorText';
import type {Clock} from '@site/src/lib/authUi';
import ResendButton from './ResendButton';

export interface CodeStepProps {
  titleId: string;
  title: string;
  /** What was sent where. */
  children: ReactNode;
  /** Checks the typed code with the auth server; resolves with its error text, or null. */
  verify(code: string): Promise<string | null>;
  resend(): Promise<{error: unknown}>;
  onBack(): void;
  clock?: Clock;
}

/** "Check your e-mail": the mail's link works, and so does its 6-digit code typed here. */
export default function CodeStep({titleId, title, children, verify, resend, onBack, clock}: CodeStepProps): React.JSX.Element {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const clean = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(clean)) return setError('Enter the 6-digit code from the e-mail');
    setBusy(true);
    setError(null);
    try {
      setError(await verify(clean));
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={f.form}>
      <h2 id={titleId} className={f.title} tabIndex={-1} data-autofocus="">
        {title}
      </h2>
      <Message kind="success">{children}</Message>
      <form className={f.form} onSubmit={(e) => void onSubmit(e)} noValidate>
        {error && (
          <Message kind="error" id="auth-code-error">
            {error}
          </Message>
        )}
        <CodeField
          id="auth-email-code"
          label="Code from the e-mail"
          pattern="[0-9]*"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          {...(error ? {'aria-describedby': 'auth-code-error', 'aria-invalid': true} : {})}
        />
        <SubmitButton busy={busy} busyLabel="Checking..." block>
          Continue with Code
        </SubmitButton>
      </form>
      <ResendButton send={resend} clock={clock} />
      <button type="button" className="button button--link button--block" onClick={onBack}>
        Back to Sign In
      </button>
    </div>
  );
}
