import React, {useEffect, useState} from 'react';
import {useSupabaseClient} from '@site/src/lib/auth';
import {capitalise, fetchTransactions, formatLocalDate, formatMoney, type Transaction} from '@site/src/lib/subscription';
import {Message} from '@site/src/components/Form';
import styles from './styles.module.css';

type Load = {status: 'loading'} | {status: 'error'} | {status: 'done'; rows: Transaction[]};

/** The signed-in learner's payments, newest first; nothing at all when there are none. */
export default function TransactionHistory({userId}: {userId: string}): React.JSX.Element | null {
  const getClient = useSupabaseClient();
  const [load, setLoad] = useState<Load>({status: 'loading'});

  useEffect(() => {
    let ignore = false;
    getClient()
      .then((client) => fetchTransactions(client, userId))
      .then(
        (result) => {
          if (ignore) return;
          if (result.error !== null) {
            console.error('Could not load transactions:', result.error);
            setLoad({status: 'error'});
          } else setLoad({status: 'done', rows: result.data});
        },
        (error: unknown) => {
          console.error('Could not load transactions:', error);
          if (!ignore) setLoad({status: 'error'});
        },
      );
    return () => {
      ignore = true;
    };
  }, [getClient, userId]);

  if (load.status === 'error') return <Message kind="error">Failed to load transaction history</Message>;
  if (load.status === 'loading' || load.rows.length === 0) return null;
  return (
    <section className={styles.history} aria-labelledby="transaction-history-title">
      <h4 id="transaction-history-title">Transaction History</h4>
      <ul className={styles.list}>
        {load.rows.map((row) => (
          <li key={row.id} className={styles.row}>
            <span className={styles.icon} aria-hidden="true">
              {row.transaction_type === 'subscription' ? '🎯' : '🔄'}
            </span>
            <span className={styles.main}>
              <span className={styles.type}>{capitalise(row.transaction_type)}</span>
              <span className={styles.date}>{formatLocalDate(row.created_at)}</span>
            </span>
            <span className={styles.side}>
              <span className={styles.amount}>{formatMoney(Number(row.amount))}</span>
              <span className={styles.status}>{row.status}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
