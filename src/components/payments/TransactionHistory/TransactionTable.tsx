import React from 'react';
import {capitalise, formatLocalDate, formatMoney, type Transaction} from '@site/src/lib/subscription';
import {transactionDetails} from '@site/src/lib/payments';
import TransactionStatus from '@site/src/components/payments/TransactionStatus';
import DataTable from '@site/src/components/site/DataTable';
import dataTable from '@site/src/css/dataTable.module.css';

/** A transaction row; the admin list adds who paid and the PayPal subscription. */
export interface TransactionRow extends Transaction {
  user_id?: string | null;
  user_email?: string | null;
  paypal_subscription_id?: string | null;
}

export interface TransactionTableProps {
  rows: TransactionRow[];
  caption: string;
  /** The admin columns: the buyer (e-mail, else id, else a deleted account) and the PayPal subscription. */
  admin?: boolean;
}

/** The one transaction table (settings dialog, /account, admin page), in the order given. */
export default function TransactionTable({rows, caption, admin = false}: TransactionTableProps): React.JSX.Element {
  return (
    <DataTable caption={caption} columns={['Type', 'Date', admin ? 'User' : 'Details', {label: 'Amount', numeric: true}, 'Status', admin && 'PayPal subscription']}>
      {rows.map((row) => (
        <tr key={row.id}>
          <th scope="row">{capitalise(row.transaction_type)}</th>
          <td>
            <time dateTime={row.created_at} title={new Date(row.created_at).toLocaleString()}>
              {formatLocalDate(row.created_at)}
            </time>
          </td>
          {admin ? (
            <td>{row.user_email ?? (row.user_id ? <code>{row.user_id}</code> : 'Deleted user')}</td>
          ) : (
            <td>{transactionDetails(row.transaction_type)}</td>
          )}
          <td className={dataTable.num}>
            {formatMoney(Number(row.amount))} {row.currency}
          </td>
          <td>
            <TransactionStatus status={row.status} />
          </td>
          {admin && <td>{row.paypal_subscription_id ? <code>{row.paypal_subscription_id}</code> : '—'}</td>}
        </tr>
      ))}
    </DataTable>
  );
}
