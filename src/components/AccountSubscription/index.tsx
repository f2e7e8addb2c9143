import React, {useState} from 'react';
import Link from '@docusaurus/Link';
import clsx from 'clsx';
import {useAuth} from '@site/src/lib/auth';
import {formatLocalDate, formatMoney, toSubscriptionView, type SubscriptionView} from '@site/src/lib/subscription';
import {cancelSubscription, planLabel} from '@site/src/lib/payments';
import {hasPremiumAccess, isActiveSubscription, premiumEndedOn, type PremiumColumns} from '@site/src/lib/premiumAccess';
import {PAYPAL_AUTOPAY_URL, SUPPORT_EMAIL} from '@site/src/config/site';
import Dialog from '@site/src/components/Dialog';
import {Message} from '@site/src/components/Form';
import styles from './styles.module.css';

export interface AccountSubscriptionProps {
  /** The profile has been read fresh (until then the card says it is loading). */
  ready: boolean;
  /** A return from PayPal is being confirmed. */
  activating?: boolean;
  /** After a cancellation (to reload the history). */
  onChanged?(): void;
}

type Headline = {label: string; tone: 'active' | 'warning' | 'muted'; text: string};

function headline(view: SubscriptionView, profile: PremiumColumns | null, now = Date.now()): Headline {
  const end = formatLocalDate(view.endDate);
  if (isActiveSubscription(profile, now)) return {label: 'Active', tone: 'active', text: `Premium renews automatically on ${end}.`};
  if (view.status === 'cancelled' && hasPremiumAccess(profile, now)) {
    return {label: 'Cancelled', tone: 'warning', text: `No further payments. You keep Premium until ${end}.`};
  }
  if (view.status === 'suspended') {
    return {label: 'Suspended', tone: 'warning', text: 'Premium is paused: PayPal could not take the last payment, or a dispute about it is open. Update your payment method on PayPal, or wait for PayPal to resolve the dispute.'};
  }
  const ended = premiumEndedOn(profile, now);
  if (!ended) return {label: 'Inactive', tone: 'muted', text: 'You are on the Free plan.'};
  return {label: 'Expired', tone: 'muted', text: `Your Premium subscription ended on ${formatLocalDate(ended)}.`};
}

/** The account page's subscription card: status, details, Manage on PayPal, Upgrade, Cancel, Help. */
export default function AccountSubscription({ready, activating = false, onChanged}: AccountSubscriptionProps): React.JSX.Element {
  const {state, getClient, refreshProfile} = useAuth();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [cancelError, setCancelError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  if (!ready || state.status !== 'signedIn') {
    return (
      <section className={styles.card} aria-labelledby="account-subscription-title" aria-busy="true">
        <h2 id="account-subscription-title">Subscription</h2>
        <p role="status">Loading subscription information…</p>
      </section>
    );
  }

  const view = toSubscriptionView(state.profile);
  const head = headline(view, state.profile);
  const active = isActiveSubscription(state.profile);
  const canCancel = view.status === 'active' || view.status === 'suspended';
  const hasDetails = Boolean(view.plan || view.paypalSubscriptionId);

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
      await refreshProfile();
      onChanged?.();
    } catch (error) {
      setCancelError(error instanceof Error ? error.message : String(error));
    } finally {
      setCancelling(false);
    }
  };

  return (
    <section className={styles.card} aria-labelledby="account-subscription-title">
      <div className={styles.head}>
        <h2 id="account-subscription-title">Subscription</h2>
        <span className={clsx(styles.badge, styles[head.tone])} data-testid="subscription-status">
          {head.tone === 'active' && <span aria-hidden="true">✓ </span>}
          {activating ? 'Activating…' : head.label}
        </span>
      </div>
      {notice && <Message kind="success">{notice}</Message>}
      {activating ? <p>Confirming your PayPal subscription…</p> : <p className={styles.lead}>{head.text}</p>}
      {hasDetails && (
        <dl className={styles.details}>
          <dt>Plan</dt>
          <dd>{planLabel(view.plan)}</dd>
          <dt>Amount</dt>
          <dd>{formatMoney(view.amount)} / year</dd>
          <dt>Discount</dt>
          <dd>{view.discountCode ?? 'None'}</dd>
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
      <p className={styles.policy}>
        Refunds: if the payment for your current year is refunded or reversed through PayPal, Premium ends that day and the
        subscription is cancelled so it does not bill again. Disputes: while a PayPal dispute about that payment is open, Premium
        is paused; if PayPal decides for the seller, access comes back until the same end date, and if it decides for you,
        Premium ends as after a refund.
      </p>
      {!active && !activating && (
        <div className={styles.upgrade}>
          <h3>Upgrade to Premium</h3>
          <p>Unlock every advanced lesson for a year. Pay yearly with PayPal, cancel any time.</p>
          <Link className="button button--primary" to="/pricing">
            Upgrade
          </Link>
        </div>
      )}
      <div className={styles.actions}>
        {view.paypalSubscriptionId && (
          <a className="button button--secondary" href={PAYPAL_AUTOPAY_URL} target="_blank" rel="noopener noreferrer">
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
        <a className="button button--outline button--primary" href={`mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent('Premium subscription')}`}>
          Help
        </a>
      </div>
      {confirmOpen && (
        <Dialog labelledBy="cancel-subscription-title" onClose={() => !cancelling && setConfirmOpen(false)}>
          <h2 id="cancel-subscription-title" className={styles.dialogTitle}>
            Cancel your Premium subscription?
          </h2>
          <p>
            PayPal will not charge you again. You keep Premium until {formatLocalDate(view.endDate)}; after that your account returns
            to the Free plan. Your progress is kept.
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
