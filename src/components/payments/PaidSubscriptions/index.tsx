import React, {useState} from 'react';
import {useAuth} from '@site/src/lib/auth';
import {useSubscriptionState} from '@site/src/lib/useSubscriptionState';
import {formatLocalDate, formatMoney, invalidateSubscription, subscriptionKey} from '@site/src/lib/subscription';
import {cancelSubscription, fetchPaidSubscriptions} from '@site/src/lib/payments';
import {Message} from '@site/src/components/site/Form';
import DataTable from '@site/src/components/site/DataTable';
import {useData} from '@site/src/lib/data/store';
import styles from './styles.module.css';

const STATUS: Record<string, string> = {ACTIVE: 'Active', SUSPENDED: 'Suspended', CANCELLED: 'Cancelled', EXPIRED: 'Ended'};
const LIVE = new Set(['ACTIVE', 'SUSPENDED']);

export interface PaidSubscriptionsProps {
  userId: string;
  /** After a cancellation (the card and the history read again through invalidateSubscription). */
  onChanged?(): void;
}

/**
 * Every PayPal subscription the learner has paid for, each live one cancellable here, so none
 * can keep billing unseen. Shown only when there is more than the one on the subscription card.
 */
export default function PaidSubscriptions({userId, onChanged}: PaidSubscriptionsProps): React.JSX.Element | null {
  const {getClient} = useAuth();
  const [confirming, setConfirming] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The current one reads as the subscription card does (a cancelled one is suspended at PayPal
  // while it may be resumed, yet it is cancelled, and not cancellable again).
  const head = useSubscriptionState();

  // One read per learner, again after a purchase is confirmed or a cancellation (invalidateSubscription).
  const {state: load} = useData(subscriptionKey(userId, 'paid'), () => getClient().then(fetchPaidSubscriptions), {fresh: true});
  const rows = load.data;

  if (load.status !== 'error' && (rows === null || rows.length < 2)) return null;

  const cancel = async (id: string) => {
    setBusy(true);
    setError(null);
    try {
      const result = await cancelSubscription(await getClient(), {subscriptionId: id});
      if (result.error !== null) {
        setError(result.error);
        return;
      }
      setConfirming(null);
      invalidateSubscription();
      onChanged?.();
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.section} aria-labelledby="paid-subscriptions-title">
      <h2 id="paid-subscriptions-title">Your PayPal subscriptions</h2>
      {load.status === 'error' ? (
        <Message kind="error">Failed to load your subscriptions: {load.error}</Message>
      ) : (
        <>
          <p>Every subscription you have paid for. Only the current one renews; cancel any other that is still active.</p>
          {error && <Message kind="error">{error}</Message>}
          <DataTable columns={['PayPal ID', 'Started', 'Amount', 'Status']} actions>
            {rows?.map((row) => (
              <tr key={row.paypal_subscription_id}>
                <td>
                  <code>{row.paypal_subscription_id}</code>
                  {row.is_current && ' (current)'}
                </td>
                <td>{formatLocalDate(row.activated_at)}</td>
                <td>{formatMoney(row.amount)} / year</td>
                <td>{row.is_current && head ? head.label : (STATUS[row.paypal_status] ?? row.paypal_status)}</td>
                <td>
                  {(row.is_current && head ? head.cancel : LIVE.has(row.paypal_status)) &&
                    (confirming === row.paypal_subscription_id ? (
                      <button key="confirm" type="button" className="button button--danger button--sm" disabled={busy} onClick={() => void cancel(row.paypal_subscription_id)}>
                        {busy ? 'Cancelling…' : `Yes, cancel ${row.paypal_subscription_id}`}
                      </button>
                    ) : (
                      <button
                        key="ask"
                        type="button"
                        className="button button--secondary button--sm"
                        aria-label={`Cancel subscription ${row.paypal_subscription_id}`}
                        onClick={() => setConfirming(row.paypal_subscription_id)}>
                        Cancel
                      </button>
                    ))}
                </td>
              </tr>
            ))}
          </DataTable>
        </>
      )}
    </section>
  );
}
