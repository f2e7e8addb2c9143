import React, {useEffect, useRef} from 'react';
import type {DiscountQuote} from '@site/src/lib/payments';
import {PREMIUM_PLAN, formatPrice} from '@site/shared/plan';
import {Message} from '@site/src/components/site/Form';
import styles from './styles.module.css';

export interface CheckoutReviewProps {
  quote: DiscountQuote | null;
  email: string | null;
  busy: boolean;
  error: string | null;
  onSubscribe(): void;
  onBack(): void;
}

/**
 * The last step before leaving for PayPal (WCAG 3.3.4, financial): what will be charged, how
 * often, and how to stop it. Focus moves to its heading when it appears.
 */
export default function CheckoutReview({quote, email, busy, error, onSubscribe, onBack}: CheckoutReviewProps): React.JSX.Element {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  const total = quote ? quote.amount : PREMIUM_PLAN.priceUsd;

  return (
    <section className={styles.review} aria-labelledby="checkout-review-title">
      <h3 id="checkout-review-title" ref={heading} tabIndex={-1} className={styles.title}>
        Review your order
      </h3>
      <dl className={styles.lines}>
        <dt>Plan</dt>
        <dd>{PREMIUM_PLAN.name}</dd>
        <dt>Price</dt>
        <dd>{formatPrice(PREMIUM_PLAN.priceUsd)} / year</dd>
        {quote && (
          <>
            <dt>Discount</dt>
            <dd>
              {quote.code} (−{quote.percentOff}%)
            </dd>
          </>
        )}
        <dt className={styles.total}>Total today</dt>
        <dd className={styles.total} data-testid="checkout-total">
          {formatPrice(total)} {PREMIUM_PLAN.currency}
        </dd>
        {email && (
          <>
            <dt>Account</dt>
            <dd>{email}</dd>
          </>
        )}
      </dl>
      <p className={styles.terms}>
        PayPal charges {formatPrice(total)} now and the same amount every year until you cancel. You can cancel any time on
        your account page or on PayPal; Premium stays until the end of the year you paid for. The price is confirmed by our
        server before you are sent to PayPal.
      </p>
      {error && <Message kind="error">{error}</Message>}
      <div className={styles.actions}>
        <button type="button" className="button button--primary button--lg" onClick={onSubscribe} disabled={busy} aria-describedby="checkout-review-title">
          {busy ? 'Opening PayPal…' : 'Subscribe with PayPal'}
        </button>
        <button type="button" className="button button--secondary button--lg" onClick={onBack} disabled={busy}>
          Back
        </button>
      </div>
      {busy && (
        <p role="status" className={styles.note}>
          Creating your subscription and opening PayPal…
        </p>
      )}
    </section>
  );
}
