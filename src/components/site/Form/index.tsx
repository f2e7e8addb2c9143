import React, {type InputHTMLAttributes, type ReactNode} from 'react';
import clsx from 'clsx';
import styles from './styles.module.css';

export {styles as formStyles};

export interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: string;
  autoFocusHere?: boolean;
}

/** A labelled input; the label is always visible (no placeholder-only fields). */
export function Field({id, label, autoFocusHere, className, ...input}: FieldProps): React.JSX.Element {
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input id={id} className={clsx(styles.input, className)} {...(autoFocusHere ? {'data-autofocus': ''} : {})} {...input} />
    </div>
  );
}

/** A field for a 6-digit one-time code (authenticator app or e-mail): numeric keypad, autofill. */
export function CodeField(props: Omit<FieldProps, 'inputMode' | 'autoComplete' | 'maxLength'>): React.JSX.Element {
  return <Field inputMode="numeric" autoComplete="one-time-code" maxLength={6} {...props} />;
}

/** An error (role=alert) or a confirmation (role=status) announced to assistive technology. */
export function Message({kind, children, id}: {kind: 'error' | 'success' | 'info'; children: ReactNode; id?: string}): React.JSX.Element {
  return (
    <div id={id} role={kind === 'error' ? 'alert' : 'status'} className={clsx(styles.message, styles[kind])}>
      {children}
    </div>
  );
}

/** A button that looks like a link (for in-dialog navigation between modes). */
export function LinkButton({children, onClick}: {children: ReactNode; onClick(): void}): React.JSX.Element {
  return (
    <button type="button" className={styles.linkButton} onClick={onClick}>
      {children}
    </button>
  );
}

export interface SubmitButtonProps {
  busy: boolean;
  /** What the button says while the form's request runs. */
  busyLabel: string;
  children: ReactNode;
  variant?: 'primary' | 'danger';
  block?: boolean;
  /** Disabled for another reason than a running request (a wait the server imposed). */
  disabled?: boolean;
}

/** A form's submit button, disabled while its request runs so a second press cannot send it twice. */
export function SubmitButton({busy, busyLabel, children, variant = 'primary', block = false, disabled = false}: SubmitButtonProps): React.JSX.Element {
  return (
    <button type="submit" className={clsx('button', `button--${variant}`, block && 'button--block')} disabled={busy || disabled}>
      {busy ? busyLabel : children}
    </button>
  );
}
