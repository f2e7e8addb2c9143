import React, {useEffect, useState} from 'react';
import {useSupabaseClient} from '@site/src/lib/auth';
import {fetchTransactions, type Transaction} from '@site/src/lib/subscription';
import {errorMessage} from '@site/src/lib/errors';
import {Message} from '@site/src/components/Form';
import TransactionTable from './TransactionTable';
import styles from './styles.module.css';

type Load = {status: 'loading'} | {status: 'error'; message: string} | {status: 'done'; rows: Transaction[]};

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
  const getClient = useSupabaseClient();
  const [load, setLoad] = useState<Load>({status: 'loading'});
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let ignore = false;
    setLoad((l) => (l.status === 'done' ? l : {status: 'loading'}));
    getClient()
      .then((client) => fetchTransactions(client, userId))
      .then(
        (result) => {
          if (ignore) return;
          if (result.error !== null) setLoad({status: 'error', message: result.error});
          else setLoad({status: 'done', rows: result.data});
        },
        (error: unknown) => {
          if (!ignore) setLoad({status: 'error', message: errorMessage(error)});
        },
      );
    return () => {
      ignore = true;
    };
  }, [getClient, userId, reloadKey, attempt]);

  if (hideWhenEmpty && (load.status === 'loading' || (load.status === 'done' && load.rows.length === 0))) return null;
  return (
    <section className={styles.section} aria-labelledby="transaction-history-title">
      <H id="transaction-history-title">Transaction History</H>
      {load.status === 'loading' && <p role="status">Loading your transactions…</p>}
      {load.status === 'error' && (
        <>
          <Message kind="error">
            Failed to load transaction history<span>: {load.message}</span>
          </Message>
          <button type="button" className="button button--secondary button--sm margin-top--sm" onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </button>
        </>
      )}
      {load.status === 'done' && load.rows.length === 0 && <p>No payments yet. Your PayPal payments will appear here.</p>}
      {load.status === 'done' && load.rows.length > 0 && <TransactionTable rows={load.rows} caption="Your subscription transactions, newest first" />}
    </section>
  );
}
