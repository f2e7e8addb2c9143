import React from 'react';
import {useAuth} from '@site/src/lib/auth';
import {fetchTransactions, subscriptionKey} from '@site/src/lib/subscription';
import {useData} from '@site/src/lib/data/store';
import {Message} from '@site/src/components/site/Form';
import TransactionTable from './TransactionTable';
import styles from './styles.module.css';

export interface TransactionHistoryProps {
  userId: string;
  headingLevel?: 'h2' | 'h3' | 'h4';
  /** The settings dialog shows the history only once there is one; /account says there is none yet. */
  hideWhenEmpty?: boolean;
}

/**
 * The signed-in learner's transactions (RLS: their own), newest first, in the one transaction
 * table; read again when a purchase is confirmed or a subscription cancelled (invalidateSubscription).
 */
export default function TransactionHistory({userId, headingLevel: H = 'h2', hideWhenEmpty = false}: TransactionHistoryProps): React.JSX.Element | null {
  const {getClient} = useAuth();
  const {state, reload} = useData(subscriptionKey(userId, 'transactions'), () => getClient().then((client) => fetchTransactions(client, userId)), {fresh: true});
  // A reload keeps the rows on screen until the new ones arrive.
  const rows = state.data;

  if (hideWhenEmpty && (rows === null ? state.status !== 'error' : rows.length === 0)) return null;
  return (
    <section className={styles.section} aria-labelledby="transaction-history-title">
      <H id="transaction-history-title">Transaction History</H>
      {rows === null && state.status === 'loading' && <p role="status">Loading your transactions…</p>}
      {state.status === 'error' && (
        <>
          <Message kind="error">
            Failed to load transaction history<span>: {state.error}</span>
          </Message>
          <button type="button" className="button button--secondary button--sm margin-top--sm" onClick={reload}>
            Try again
          </button>
        </>
      )}
      {rows?.length === 0 && <p>No payments yet. Your PayPal payments will appear here.</p>}
      {rows && rows.length > 0 && <TransactionTable rows={rows} caption="Your subscription transactions, newest first" />}
    </section>
  );
}
