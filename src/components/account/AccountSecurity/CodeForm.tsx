import React, {useState, type FormEvent, type ReactNode} from 'react';
import {CodeField, SubmitButton, formStyles as f} from '@site/src/components/site/Form';

export interface CodeFormProps {
  /** The code field's id and label. */
  id: string;
  label: string;
  busy: boolean;
  busyLabel: string;
  submitLabel: string;
  /** The code as typed; the form keeps it until it is replaced by the next step. */
  onSubmit(code: string): void;
  /** The way back to the step before (Back, Cancel), beside the submit button. */
  back?: {label: string; onClick(): void};
  /** Focus the field on arrival, when this form replaces the one the learner just sent. */
  autoFocus?: boolean;
  /** What the learner needs before typing the code (the QR code and key of a new app). */
  children?: ReactNode;
}

/** A Security step that a 6-digit code confirms (a mailed code, an authenticator app's code). */
export default function CodeForm({id, label, busy, busyLabel, submitLabel, onSubmit, back, autoFocus = false, children}: CodeFormProps): React.JSX.Element {
  const [code, setCode] = useState('');
  return (
    <form
      className={f.form}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSubmit(code);
      }}
      noValidate>
      {children}
      <CodeField id={id} label={label} pattern="[0-9]*" value={code} onChange={(e) => setCode(e.target.value)} autoFocusHere={autoFocus} />
      <div className={f.actions}>
        <SubmitButton busy={busy} busyLabel={busyLabel}>
          {submitLabel}
        </SubmitButton>
        {back && (
          <button type="button" className="button button--secondary" disabled={busy} onClick={back.onClick}>
            {back.label}
          </button>
        )}
      </div>
    </form>
  );
}
