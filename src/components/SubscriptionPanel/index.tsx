import React, {useEffect, useState} from 'react';
import Link from '@docusaurus/Link';
import {useAuth} from '@site/src/lib/auth';
import {formatLocalDate, formatMoney, toSubscriptionView} from '@site/src/lib/subscription';
import {planLabel} from '@site/src/lib/payments';
import {hasPremiumAccess, isActiveSubscription} from '@site/src/lib/premiumAccess';
import {PAYPAL_AUTOPAY_URL, SUPPORT_EMAIL} from '@site/src/config/site';
import TransactionHistory from '@site/src/components/TransactionHistory';
import styles from './styles.module.css';

export interface SubscriptionPanelProps {
  /** Called when a link leaves the current view (the settings dialog closes itself). */
  onNavigate?(): void;
}

/** "Subscription Management": the plan from the profile, transactions, and help. */
export default function SubscriptionPanel({onNavigate}: SubscriptionPanelProps): React.JSX.Element {
  const {state, refreshProfile} = useAuth();
  const userId = state.user?.id ?? null;
  // The user whose profile has been read fresh; until it matches, the panel is loading.
  const [refreshedFor, setRefreshedFor] = useState<string | null>(null);

  // Subscription columns change on the server (payments, webhooks): read them fresh.
  useEffect(() => {
    if (!userId) return;
    let ignore = false;
    refreshProfile()
      .catch((error: unknown) => console.error('Could not refresh the profile:', error))
      .finally(() => {
        if (!ignore) setRefreshedFor(userId);
      });
    return () => {
      ignore = true;
    };
  }, [userId, refreshProfile]);

  let body: React.JSX.Element;
  if (state.status === 'loading' || (state.status === 'signedIn' && refreshedFor !== userId)) {
    body = <p role="status">Loading subscription information...</p>;
  } else if (state.status !== 'signedIn') {
    body = <p>Please sign in to view subscription information.</p>;
  } else {
    const view = toSubscriptionView(state.profile);
    body = (
      <>
        {isActiveSubscription(state.profile) ? (
          <div className={styles.card}>
            <p className={styles.active}>
              <span aria-hidden="true">✓</span> Active
            </p>
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
              <dt>Expires</dt>
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
            <a className="button button--secondary" href={PAYPAL_AUTOPAY_URL} target="_blank" rel="noopener noreferrer">
              Manage on PayPal<span className="sr-only"> (opens in a new tab)</span>
            </a>
          </div>
        ) : (
          <div className={styles.card}>
            <p className={styles.inactive}>No Active Subscription</p>
            {hasPremiumAccess(state.profile) && <p>Premium access until {formatLocalDate(view.endDate)}</p>}
            <p>Upgrade to Premium to access all course content and features.</p>
            <Link className="button button--primary" to="/pricing" onClick={onNavigate}>
              View Pricing Plans
            </Link>
          </div>
        )}
        <TransactionHistory userId={state.user.id} />
      </>
    );
  }

  return (
    <section className={styles.panel} aria-labelledby="subscription-management-title">
      <h3 id="subscription-management-title">Subscription Management</h3>
      {body}
      <div className={styles.help}>
        <h4>Need Help?</h4>
        <p>Questions about billing or your plan? Our team is happy to help.</p>
        <a className="button button--outline button--primary button--sm" href={`mailto:${SUPPORT_EMAIL}`}>
          Contact Support
        </a>
      </div>
    </section>
  );
}
