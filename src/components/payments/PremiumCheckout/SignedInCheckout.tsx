import React, {useCallback, useEffect, useRef, useState} from 'react';
import Link from '@docusaurus/Link';
import {useAuth} from '@site/src/lib/auth';
import {useFreshProfile} from '@site/src/lib/useFreshProfile';
import {toSubscriptionView} from '@site/src/lib/subscription';
import {useSubscriptionState} from '@site/src/lib/useSubscriptionState';
import {
  checkDiscountCode,
  createSubscription,
  newRequestId,
  planLabel,
} from '@site/src/lib/payments';
import DiscountCodeField from '@site/src/components/payments/DiscountCodeField';
import CheckoutReview from '@site/src/components/payments/CheckoutReview';
import type {PremiumCheckoutProps} from './index';
import styles from './styles.module.css';
import {errorMessage} from '@site/src/lib/data/errorText';

const leave = (url: string) => window.location.assign(url);

/**
 * The signed-in learner's checkout: an optional discount code, a review step, and Subscribe
 * (which creates the subscription on the server and follows PayPal's approval link). Active
 * subscribers see their status instead.
 */
export default function SignedInCheckout({quote, onQuote, navigate = leave}: PremiumCheckoutProps): React.JSX.Element | null {
  const {state, getClient, refreshProfile} = useAuth();
  // The subscription columns change on the server: read them fresh before offering Subscribe.
  const fresh = useFreshProfile();
  const head = useSubscriptionState();
  const [step, setStep] = useState<'code' | 'review'>('code');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const requestId = useRef<string | null>(null);
  const reviewButton = useRef<HTMLButtonElement>(null);
  const backToCode = useRef(false);

  useEffect(() => {
    if (step === 'code' && backToCode.current) {
      backToCode.current = false;
      reviewButton.current?.focus();
    }
  }, [step]);

  const onCheck = useCallback(async (code: string) => checkDiscountCode(await getClient(), code), [getClient]);

  const onSubscribe = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      requestId.current ??= newRequestId();
      const client = await getClient();
      const result = await createSubscription(client, {discountCode: quote?.code ?? null, requestId: requestId.current});
      if (result.error !== null) {
        setError(result.error);
        setBusy(false);
        // A code used up meanwhile, or a subscription that became active elsewhere: start over.
        requestId.current = null;
        if (/already have an active/i.test(result.error)) void refreshProfile();
        return;
      }
      navigate(result.data.approvalUrl);
      // Stay "busy" while the browser leaves for PayPal.
    } catch (e) {
      setError(errorMessage(e));
      setBusy(false);
    }
  };

  if (state.status !== 'signedIn') return null;

  if (!fresh || !head) {
    return (
      <p role="status" className={styles.note}>
        Checking your subscription…
      </p>
    );
  }

  const view = toSubscriptionView(state.profile);
  if (head.kind === 'active') {
    return (
      <div className={styles.status} role="status">
        <p className={styles.active}>
          <span aria-hidden="true">✓ </span>You have Premium
        </p>
        <p className={styles.note}>
          {planLabel(view.plan)}. {head.text}
        </p>
        <Link className="button button--secondary" to="/account">
          Manage your subscription
        </Link>
      </div>
    );
  }
  // Held at PayPal (a failed renewal, an open dispute): a new subscription is not the way back.
  if (head.offer === null) {
    return (
      <div className={styles.status} role="status">
        <p className={styles.note} data-testid="pricing-subscription-state">
          <strong>{head.label}.</strong> {head.text}
        </p>
        {head.advice && <p className={styles.note}>{head.advice}</p>}
        <Link className="button button--secondary" to="/account">
          Manage your subscription
        </Link>
      </div>
    );
  }

  return (
    <div className={styles.box}>
      {head.kind !== 'none' && (
        <p className={styles.note} data-testid="pricing-subscription-state">
          <strong>{head.label}.</strong> {head.text}
          {head.access && ' Subscribing again starts a new yearly plan today, and the days you have left are added to it.'}
        </p>
      )}
      {head.offer === 'resume' && (
        <p className={styles.note}>
          Or <Link to="/account">resume your subscription</Link> on your account page: PayPal charges nothing now and renews it on the same date.
        </p>
      )}
      {step === 'code' ? (
        <>
          <DiscountCodeField onCheck={onCheck} applied={quote} onChange={onQuote} />
          <button
            ref={reviewButton}
            type="button"
            className="button button--primary button--lg"
            onClick={() => {
              setError(null);
              setStep('review');
            }}>
            Review and subscribe
          </button>
        </>
      ) : (
        <CheckoutReview
          quote={quote}
          email={state.user.email ?? null}
          busy={busy}
          error={error}
          onSubscribe={() => void onSubscribe()}
          onBack={() => {
            backToCode.current = true;
            setStep('code');
          }}
        />
      )}
    </div>
  );
}
