import type {DatabaseClient} from '@site/src/lib/supabase';
import React, {useCallback} from 'react';
import {fetchTransactions} from '@site/src/lib/subscription';
import {useClientLoad} from '@site/src/lib/useClientLoad';
import {Message} from '@site/src/components/Form';
import TransactionTable from './TransactionTable';
import styles from './styles.module.css';

export interface TransactionHistoryProps {
  userId: string;
  /** Change it to load again (after a purchase is confirmed or a cancellation). */
  reloadKey?: number;
  headingLevel?: 'h2' | 'h3' | 'h4';
  /** The settings dialog shows the history only once there is one; /account says there is none yet. */
  hideWhenEmpty?: boolean;
}

/** The signed-in learner's transactions (RLS: their own), newest first, in the one transaction table. */
export default function TransactionHistory({userId, reloadKey = 0, headingLevel: H = 'h2', hideWhenEmpty = false}: TransactionHistoryProps): React.JSX.Element | null {
  const query = useCallback((client: DatabaseClient) => fetchTransactions(client, userId), [userId]);
  const {load, retry} = useClientLoad(query, reloadKey);

  if (hideWhenEmpty && (load.status === 'loading' || (load.status === 'done' && load.data.length === 0))) return null;
  return (
    <section className={styles.section} aria-labelledby="transaction-history-title">
      <H id="transaction-history-title">Transaction History</H>
      {load.status === 'loading' && <p role="status">Loading your transactions…</p>}
      {load.status === 'error' && (
        <>
          <Message kind="error">
            Failed to load transaction history<span>: {load.message}</span>
          </Message>
          <button type="button" className="button button--secondary button--sm margin-top--sm" onClick={retry}>
            Try again
          </button>
        </>
      )}
      {load.status === 'done' && load.data.length === 0 && <p>No payments yet. Your PayPal payments will appear here.</p>}
      {load.status === 'done' && load.data.length > 0 && <TransactionTable rows={load.data} caption="Your subscription transactions, newest first" />}
    </section>
  );
}
