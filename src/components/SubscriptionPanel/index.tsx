import React, {useState} from 'react';
import {useAuth} from '@site/src/lib/auth';
import {SUPPORT_EMAIL} from '@site/src/config/site';
import SubscriptionSummary from '@site/src/components/SubscriptionSummary';
import TransactionHistory from '@site/src/components/TransactionHistory';
import styles from './styles.module.css';

export interface SubscriptionPanelProps {
  /** Called when a link leaves the current view (the settings dialog closes itself). */
  onNavigate?(): void;
}

/** Account Settings' Subscription tab: the subscription card, the history once there is one, and help. */
export default function SubscriptionPanel({onNavigate}: SubscriptionPanelProps): React.JSX.Element {
  const {state} = useAuth();
  // A cancellation adds a row to the history.
  const [reloadKey, setReloadKey] = useState(0);
  return (
    <section className={styles.panel} aria-labelledby="subscription-management-title">
      <h3 id="subscription-management-title">Subscription Management</h3>
      <SubscriptionSummary headingLevel="h4" onNavigate={onNavigate} onChanged={() => setReloadKey((n) => n + 1)} />
      {state.status === 'signedIn' && <TransactionHistory userId={state.user.id} reloadKey={reloadKey} headingLevel="h4" hideWhenEmpty />}
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
