import React, {useEffect, useState} from 'react';
import {useSupabaseClient} from '@site/src/lib/auth';
import {capitalise, fetchTransactions, formatLocalDate, formatMoney, type Transaction} from '@site/src/lib/subscription';
import {transactionDetails} from '@site/src/lib/payments';
import {Message} from '@site/src/components/Form';
import TransactionStatus from '@site/src/components/TransactionStatus';
import dataTable from '@site/src/css/dataTable.module.css';
import styles from './styles.module.css';

type Load = {status: 'loading'} | {status: 'error'; message: string} | {status: 'done'; rows: Transaction[]};

export interface AccountTransactionsProps {
  userId: string;
  /** Change it to load again (after a purchase is confirmed or a cancellation). */
  reloadKey?: number;
  headingLevel?: 'h2' | 'h3';
}

/** The signed-in learner's transactions as a table: type, date, details, amount, status. */
export default function AccountTransactions({userId, reloadKey = 0, headingLevel: H = 'h2'}: AccountTransactionsProps): React.JSX.Element {
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
          if (!ignore) setLoad({status: 'error', message: error instanceof Error ? error.message : String(error)});
        },
      );
    return () => {
      ignore = true;
    };
  }, [getClient, userId, reloadKey, attempt]);

  return (
    <section className={styles.section} aria-labelledby="account-transactions-title">
      <H id="account-transactions-title">Transaction history</H>
      {load.status === 'loading' && <p role="status">Loading your transactions…</p>}
      {load.status === 'error' && (
        <>
          <Message kind="error">Failed to load transaction history: {load.message}</Message>
          <button type="button" className="button button--secondary button--sm margin-top--sm" onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </button>
        </>
      )}
      {load.status === 'done' && load.rows.length === 0 && <p>No payments yet. Your PayPal payments will appear here.</p>}
      {load.status === 'done' && load.rows.length > 0 && (
        <div className={dataTable.scroll}>
          <table className={dataTable.table}>
            <caption className="sr-only">Your subscription transactions, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Type</th>
                <th scope="col">Date</th>
                <th scope="col">Details</th>
                <th scope="col" className={dataTable.num}>
                  Amount
                </th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {load.rows.map((row) => (
                <tr key={row.id}>
                  <th scope="row">{capitalise(row.transaction_type)}</th>
                  <td>
                    <time dateTime={row.created_at}>{formatLocalDate(row.created_at)}</time>
                  </td>
                  <td>{transactionDetails(row.transaction_type)}</td>
                  <td className={dataTable.num}>
                    {formatMoney(Number(row.amount))} {row.currency}
                  </td>
                  <td>
                    <TransactionStatus status={row.status} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
