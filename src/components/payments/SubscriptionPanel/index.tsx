import React from 'react';
import {invalidateSubscription} from '@site/src/lib/subscription';
import {useAuth} from '@site/src/lib/auth';
import {SUPPORT_EMAIL} from '@site/src/config/site';
import SubscriptionSummary from '@site/src/components/payments/SubscriptionSummary';
import TransactionHistory from '@site/src/components/payments/TransactionHistory';
import styles from './styles.module.css';

export interface SubscriptionPanelProps {
  /** Called when a link leaves the current view (the settings dialog closes itself). */
  onNavigate?(): void;
}

/** Account Settings' Subscription tab: the subscription card, the history once there is one, and help. */
export default function SubscriptionPanel({onNavigate}: SubscriptionPanelProps): React.JSX.Element {
  const {state} = useAuth();
  return (
    <section className={styles.panel} aria-labelledby="subscription-management-title">
      <h3 id="subscription-management-title">Subscription Management</h3>
      <SubscriptionSummary headingLevel="h4" onNavigate={onNavigate} onChanged={invalidateSubscription} />
      {state.status === 'signedIn' && <TransactionHistory userId={state.user.id} headingLevel="h4" hideWhenEmpty />}
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
