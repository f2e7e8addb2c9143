import React, {useId, useState, type FormEvent} from 'react';
import clsx from 'clsx';
import {MAX_CODE_LENGTH, normaliseCode, type DiscountQuote} from '@site/src/lib/payments';
import type {Result} from '@site/src/lib/data/result';
import {Message, formStyles as f} from '@site/src/components/site/Form';
import styles from './styles.module.css';

export interface DiscountCodeFieldProps {
  /** Asks the server about a code (RPC check_discount_code). */
  onCheck(code: string): Promise<Result<DiscountQuote>>;
  /** The code currently applied, if any. */
  applied: DiscountQuote | null;
  onChange(quote: DiscountQuote | null): void;
  disabled?: boolean;
}

/**
 * An optional discount code, checked by the server: a clear message for unknown, expired or
 * used-up codes (aria-invalid + aria-describedby), a status message when one is applied.
 */
export default function DiscountCodeField({onCheck, applied, onChange, disabled}: DiscountCodeFieldProps): React.JSX.Element {
  const id = useId();
  const inputId = `${id}-code`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const [code, setCode] = useState(applied?.code ?? '');
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (checking) return;
    const wanted = normaliseCode(code);
    if (!wanted) {
      setError('Enter a discount code');
      return;
    }
    setChecking(true);
    setError(null);
    try {
      const result = await onCheck(wanted);
      if (result.error !== null) {
        setError(result.error);
        onChange(null);
      } else {
        setCode(result.data.code);
        onChange(result.data);
      }
    } finally {
      setChecking(false);
    }
  };

  const remove = () => {
    setCode('');
    setError(null);
    onChange(null);
  };

  return (
    <form className={styles.form} onSubmit={(e) => void onSubmit(e)} noValidate>
      <label htmlFor={inputId} className={f.label}>
        Discount code <span className={styles.optional}>(optional)</span>
      </label>
      <p id={hintId} className={styles.hint}>
        The server checks the code; the discount applies to the yearly price.
      </p>
      <div className={styles.row}>
        <input
          id={inputId}
          name="discount-code"
          className={clsx(f.input, styles.input)}
          value={code}
          maxLength={MAX_CODE_LENGTH}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          disabled={disabled || checking}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${errorId} ${hintId}` : hintId}
          onChange={(e) => {
            setCode(e.target.value);
            if (error) setError(null);
            if (applied && normaliseCode(e.target.value) !== applied.code) onChange(null);
          }}
        />
        <button type="submit" className="button button--secondary" disabled={disabled || checking}>
          {checking ? 'Checking…' : 'Apply'}
        </button>
        {applied && (
          <button type="button" className="button button--link" onClick={remove} disabled={disabled}>
            Remove code
          </button>
        )}
      </div>
      <div aria-live="polite" className={styles.live}>
        {error && (
          <Message kind="error" id={errorId}>
            {error}
          </Message>
        )}
        {applied && !error && (
          <Message kind="success">
            Code {applied.code} applied: {applied.percentOff}% off.
          </Message>
        )}
      </div>
    </form>
  );
}
