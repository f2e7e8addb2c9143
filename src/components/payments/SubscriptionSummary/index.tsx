import React, {useEffect, useState} from 'react';
import Link from '@docusaurus/Link';
import clsx from 'clsx';
import {useAuth} from '@site/src/lib/auth';
import {useFreshProfile} from '@site/src/lib/useFreshProfile';
import {formatLocalDate, formatMoney, toSubscriptionView} from '@site/src/lib/subscription';
import {useSubscriptionState} from '@site/src/lib/useSubscriptionState';
import {cancelSubscription, fetchPayPalApiBase, planLabel, resumeSubscription} from '@site/src/lib/payments';
import {paypalManageUrl} from '@site/shared/paypalEnvironment';
import {errorMessage} from '@site/src/lib/data/errorText';
import {SUPPORT_EMAIL} from '@site/src/config/site';
import Dialog from '@site/src/components/site/Dialog';
import {Message} from '@site/src/components/site/Form';
import styles from './styles.module.css';

export interface SubscriptionSummaryProps {
  headingLevel?: 'h2' | 'h3' | 'h4';
  /**
   * The account page: Help and the refund policy. The settings dialog leaves them out (it has its
   * own help box); Cancel subscription, with its confirmation, is on both.
   */
  manage?: boolean;
  /** A return from PayPal is being confirmed. */
  activating?: boolean;
  /** After a cancellation (to reload the history). */
  onChanged?(): void;
  /** Called when a link leaves the current view (the settings dialog closes itself). */
  onNavigate?(): void;
}

/**
 * The one subscription card (Account Settings' Subscription tab and /account): the state from
 * subscriptionHeadline (useSubscriptionState), the plan's details, Manage on PayPal, Cancel subscription while it
 * renews, Resume while a cancelled one may be resumed, and the way to Premium when it is not active. Reads the profile fresh first.
 */
export default function SubscriptionSummary({headingLevel: H = 'h2', manage = false, activating = false, onChanged, onNavigate}: SubscriptionSummaryProps): React.JSX.Element {
  const {state, getClient, refreshProfile} = useAuth();
  const fresh = useFreshProfile();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [cancelError, setCancelError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [resuming, setResuming] = useState(false);
  const [resumeError, setResumeError] = useState<string | null>(null);
  const [paypalApiBase, setPayPalApiBase] = useState<string | null>(null);
  const head = useSubscriptionState();
  // Asked only when there is a subscription to manage.
  const subscribed = state.status === 'signedIn' && Boolean(state.profile?.paypal_subscription_id);
  useEffect(() => {
    if (!subscribed) return undefined;
    let current = true;
    void getClient()
      .then(fetchPayPalApiBase)
      .then((base) => current && setPayPalApiBase(base))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [subscribed, getClient]);

  if (state.status === 'signedOut') {
    return (
      <section className={styles.card} aria-labelledby="subscription-summary-title">
        <H id="subscription-summary-title">Subscription</H>
        <p>Please sign in to view subscription information.</p>
      </section>
    );
  }
  if (state.status === 'loading' || !fresh || !head) {
    return (
      <section className={styles.card} aria-labelledby="subscription-summary-title" aria-busy="true">
        <H id="subscription-summary-title">Subscription</H>
        <p role="status">Loading subscription information...</p>
      </section>
    );
  }

  const view = toSubscriptionView(state.profile);
  const active = head.kind === 'active';
  const canCancel = head.cancel;
  const hasDetails = active || Boolean(view.plan || view.paypalSubscriptionId);

  const onConfirmCancel = async () => {
    setCancelling(true);
    setCancelError(null);
    try {
      const result = await cancelSubscription(await getClient());
      if (result.error !== null) {
        setCancelError(result.error);
        return;
      }
      setConfirmOpen(false);
      setNotice(
        `Your subscription is cancelled. PayPal will not charge you again${result.data.accessUntil ? `, and you keep Premium until ${formatLocalDate(result.data.accessUntil)}` : ''}.`,
      );
      setResumeError(null);
      await refreshProfile();
      onChanged?.();
    } catch (error) {
      setCancelError(errorMessage(error));
    } finally {
      setCancelling(false);
    }
  };

  const onResume = async () => {
    setResuming(true);
    setResumeError(null);
    try {
      const result = await resumeSubscription(await getClient());
      if (result.error !== null) {
        setResumeError(result.error);
        return;
      }
      setNotice(`Your subscription is active again. PayPal charges nothing now and renews it on ${formatLocalDate(result.data.renewsOn)}.`);
      await refreshProfile();
      onChanged?.();
    } catch (error) {
      setResumeError(errorMessage(error));
    } finally {
      setResuming(false);
    }
  };

  return (
    <section className={styles.card} aria-labelledby="subscription-summary-title">
      <div className={styles.head}>
        <H id="subscription-summary-title">Subscription</H>
        <span className={clsx(styles.badge, styles[head.tone])} data-testid="subscription-status">
          {head.tone === 'active' && !activating && <span aria-hidden="true">✓ </span>}
          {activating ? 'Activating…' : head.label}
        </span>
      </div>
      {notice && <Message kind="success">{notice}</Message>}
      {!head.access && !activating && <p className={styles.inactive}>No Active Subscription</p>}
      {activating ? <p>Confirming your PayPal subscription…</p> : <p className={styles.lead}>{head.text}</p>}
      {head.advice && !activating && <p>{head.advice}</p>}
      {hasDetails && (
        <dl className={styles.details}>
          <dt>Plan</dt>
          <dd>{planLabel(view.plan)}</dd>
          <dt>Amount</dt>
          <dd>{formatMoney(view.amount)}/year</dd>
          {view.discountCode && (
            <>
              <dt>Discount Applied</dt>
              <dd>{view.discountCode}</dd>
            </>
          )}
          <dt>Started</dt>
          <dd>{formatLocalDate(view.startDate)}</dd>
          <dt>{active ? 'Renews on' : view.status === 'cancelled' ? 'Access until' : 'Ends'}</dt>
          <dd>{formatLocalDate(view.endDate)}</dd>
          {view.paypalSubscriptionId && (
            <>
              <dt>PayPal ID</dt>
              <dd>
                <code>{view.paypalSubscriptionId}</code>
              </dd>
            </>
          )}
        </dl>
      )}
      {manage && (
        <p className={styles.policy}>
          Refunds: if the payment for your current year is refunded or reversed through PayPal, Premium ends that day and the
          subscription is cancelled so it does not bill again. Disputes: while a PayPal dispute about that payment is open, Premium
          is paused; if PayPal decides for the seller, access comes back until the same end date, and if it decides for you,
          Premium ends as after a refund.
        </p>
      )}
      {head.offer === 'upgrade' && !activating && (
        <div className={styles.upgrade}>
          <p>Upgrade to Premium to access all course content and features.</p>
          <Link className="button button--primary" to="/pricing" onClick={onNavigate}>
            View Pricing Plans
          </Link>
        </div>
      )}
      {head.offer === 'resume' && !activating && (
        <div className={styles.upgrade}>
          <p>Changed your mind? Resume keeps this subscription: PayPal charges nothing now and renews it on {formatLocalDate(view.endDate)}.</p>
          {resumeError && <Message kind="error">{resumeError}</Message>}
          <button type="button" className="button button--primary" onClick={() => void onResume()} disabled={resuming}>
            {resuming ? 'Resuming…' : 'Resume subscription'}
          </button>
        </div>
      )}
      {head.offer === 'subscribe-again' && !activating && (
        <div className={styles.upgrade}>
          <p>
            {head.access
              ? 'Want Premium to go on? Subscribe again: the days you have left are kept on top of the new year.'
              : 'Subscribe again to get Premium back.'}
          </p>
          <Link className="button button--primary" to="/pricing" onClick={onNavigate}>
            Subscribe again
          </Link>
        </div>
      )}
      <div className={styles.actions}>
        {view.paypalSubscriptionId && (
          <a className="button button--secondary" href={paypalManageUrl(paypalApiBase, view.paypalSubscriptionId)} target="_blank" rel="noopener noreferrer">
            Manage on PayPal<span className="sr-only"> (opens in a new tab)</span>
          </a>
        )}
        {canCancel && !activating && (
          <button
            type="button"
            className={clsx('button', styles.danger)}
            onClick={() => {
              setCancelError(null);
              setConfirmOpen(true);
            }}>
            Cancel subscription
          </button>
        )}
        {manage && (
          <a className="button button--outline button--primary" href={`mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent('Premium subscription')}`}>
            Help
          </a>
        )}
      </div>
      {confirmOpen && (
        <Dialog labelledBy="cancel-subscription-title" onClose={() => !cancelling && setConfirmOpen(false)}>
          <h2 id="cancel-subscription-title" className={styles.dialogTitle}>
            Cancel your Premium subscription?
          </h2>
          <p>
            PayPal will not charge you again. You keep Premium until {formatLocalDate(view.endDate)}, and you can resume the
            subscription until then; after that your account returns to the Free plan. Your progress is kept.
          </p>
          {cancelError && <Message kind="error">{cancelError}</Message>}
          {cancelling && <p role="status">Cancelling with PayPal…</p>}
          <div className={styles.actions}>
            <button type="button" className="button button--primary" data-autofocus="" onClick={() => setConfirmOpen(false)} disabled={cancelling}>
              Keep Premium
            </button>
            <button type="button" className={clsx('button', styles.danger)} onClick={() => void onConfirmCancel()} disabled={cancelling}>
              {cancelling ? 'Cancelling…' : 'Yes, cancel subscription'}
            </button>
          </div>
        </Dialog>
      )}
    </section>
  );
}
