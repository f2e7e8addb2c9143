import type {DatabaseClient} from '@site/src/lib/supabase';
import React, {useEffect, useId, useMemo, useState} from 'react';
import {capitalise, formatMoney} from '@site/src/lib/subscription';
import {fetchAdminTransactions, totalsOf, transactionsCsv, type AdminFilters, type AdminTransaction} from '@site/src/lib/payments';
import {Message, formStyles as f} from '@site/src/components/Form';
import TransactionTable from '@site/src/components/TransactionHistory/TransactionTable';
import {useClientLoad} from '@site/src/lib/useClientLoad';
import {downloadBlob} from '@site/src/lib/download';
import styles from './styles.module.css';

const KNOWN_STATUSES = ['completed', 'failed', 'pending'];

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** Every transaction (admins): filters by status and date range, totals, CSV export. */
export default function AdminTransactions(): React.JSX.Element {
  const id = useId();
  const [filters, setFilters] = useState<AdminFilters>({});
  const [seenStatuses, setSeenStatuses] = useState<string[]>(KNOWN_STATUSES);

  const rangeError = filters.from && filters.to && filters.from > filters.to ? 'The start date must be on or before the end date.' : null;
  const query = useMemo(() => (rangeError ? null : (client: DatabaseClient) => fetchAdminTransactions(client, filters)), [filters, rangeError]);
  const {load, retry} = useClientLoad(query);

  // The status filter offers every status seen so far, not only those of the current answer.
  useEffect(() => {
    if (load.status === 'done') setSeenStatuses((seen) => Array.from(new Set([...seen, ...load.data.map((r) => r.status)])).sort());
  }, [load]);

  const rows = useMemo<AdminTransaction[]>(() => (load.status === 'done' ? load.data : []), [load]);
  const totals = useMemo(() => totalsOf(rows), [rows]);
  const filtered = Boolean(filters.status || filters.from || filters.to);

  const onExport = () => {
    const parts = ['transactions', filters.status, filters.from && `from-${filters.from}`, filters.to && `to-${filters.to}`].filter(Boolean);
    // A byte-order mark first, so spreadsheet programs read the CSV as UTF-8.
    downloadBlob(new Blob(['\uFEFF', transactionsCsv(rows)], {type: 'text/csv;charset=utf-8'}), `${parts.join('_') || 'transactions'}_${today()}.csv`);
  };

  return (
    <div className={styles.wrap}>
      <form className={styles.filters} aria-label="Filter transactions" onSubmit={(e) => e.preventDefault()}>
        <div className={f.field}>
          <label htmlFor={`${id}-status`} className={f.label}>
            Status
          </label>
          <select
            id={`${id}-status`}
            className={f.input}
            value={filters.status ?? ''}
            onChange={(e) => setFilters((x) => ({...x, status: e.target.value || undefined}))}>
            <option value="">All statuses</option>
            {seenStatuses.map((s) => (
              <option key={s} value={s}>
                {capitalise(s)}
              </option>
            ))}
          </select>
        </div>
        <div className={f.field}>
          <label htmlFor={`${id}-from`} className={f.label}>
            From
          </label>
          <input
            id={`${id}-from`}
            type="date"
            className={f.input}
            value={filters.from ?? ''}
            max={filters.to}
            aria-invalid={rangeError ? true : undefined}
            aria-describedby={rangeError ? `${id}-range` : undefined}
            onChange={(e) => setFilters((x) => ({...x, from: e.target.value || undefined}))}
          />
        </div>
        <div className={f.field}>
          <label htmlFor={`${id}-to`} className={f.label}>
            To
          </label>
          <input
            id={`${id}-to`}
            type="date"
            className={f.input}
            value={filters.to ?? ''}
            min={filters.from}
            aria-invalid={rangeError ? true : undefined}
            aria-describedby={rangeError ? `${id}-range` : undefined}
            onChange={(e) => setFilters((x) => ({...x, to: e.target.value || undefined}))}
          />
        </div>
        <div className={styles.filterActions}>
          <button type="button" className="button button--secondary" onClick={() => setFilters({})} disabled={!filtered}>
            Clear filters
          </button>
          <button type="button" className="button button--secondary" onClick={retry}>
            Refresh
          </button>
          <button type="button" className="button button--primary" onClick={onExport} disabled={load.status !== 'done' || rows.length === 0}>
            Export CSV
          </button>
        </div>
      </form>
      {rangeError && (
        <p id={`${id}-range`} role="alert" className={styles.rangeError}>
          {rangeError}
        </p>
      )}

      <div role="status" aria-live="polite" className={styles.summary}>
        {load.status === 'loading' && 'Loading transactions…'}
        {load.status === 'done' && `${rows.length} transaction${rows.length === 1 ? '' : 's'}${filtered ? ' match the filters' : ''}.`}
      </div>
      {load.status === 'error' && (
        <>
          <Message kind="error">Could not load the transactions: {load.message}</Message>
          <button type="button" className="button button--secondary button--sm margin-top--sm" onClick={retry}>
            Try again
          </button>
        </>
      )}

      {load.status === 'done' && (
        <>
          <dl className={styles.totals} aria-label="Totals">
            <div>
              <dt>Transactions</dt>
              <dd data-testid="total-count">{totals.count}</dd>
            </div>
            <div>
              <dt>Revenue</dt>
              <dd data-testid="total-revenue">{formatMoney(totals.revenue)}</dd>
            </div>
            <div>
              <dt>Refunded</dt>
              <dd>{formatMoney(totals.refunded)}</dd>
            </div>
            <div>
              <dt>Net</dt>
              <dd data-testid="total-net">{formatMoney(totals.net)}</dd>
            </div>
            <div>
              <dt>Failed payments</dt>
              <dd>{totals.failed}</dd>
            </div>
          </dl>
          {rows.length === 0 ? (
            <p>No transactions{filtered ? ' match these filters' : ' yet'}.</p>
          ) : (
            <TransactionTable rows={rows} caption="All subscription transactions, newest first" admin />
          )}
        </>
      )}
    </div>
  );
}
