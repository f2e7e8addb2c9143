import type {DatabaseClient} from '@site/src/lib/supabase';
import React, {useEffect, useId, useMemo, useState} from 'react';
import {capitalise, formatMoney} from '@site/src/lib/subscription';
import {transactionsCsv} from '@site/src/lib/payments';
import {TRANSACTION_TYPES, fetchTransactionsPage, filtersQuery, transactionFiltersFrom, type TransactionFilters} from '@site/src/lib/adminTables';
import {useUrlFilters} from '@site/src/lib/useUrlFilters';
import {Message, formStyles as f} from '@site/src/components/Form';
import TransactionTable from '@site/src/components/TransactionHistory/TransactionTable';
import AdminTablePager from '@site/src/components/AdminTablePager';
import {useClientLoad} from '@site/src/lib/useClientLoad';
import {downloadBlob} from '@site/src/lib/download';
import styles from './styles.module.css';

const KNOWN_STATUSES = ['completed', 'failed', 'pending'];

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

const toQuery = (filters: TransactionFilters) => filtersQuery({...filters});
const typeLabel = (type: string) => capitalise(type.replace(/_/g, ' '));

/**
 * Every transaction (admins), one page at a time: filters by type, status, user and date range,
 * all kept in the query string and applied in Postgres (admin_transactions_page); totals over
 * every match; CSV of the rows shown; Refresh asks again.
 */
export default function AdminTransactions(): React.JSX.Element {
  const id = useId();
  const [filters, setFilters] = useUrlFilters(transactionFiltersFrom, toQuery);
  const [seenStatuses, setSeenStatuses] = useState<string[]>(KNOWN_STATUSES);
  const [search, setSearch] = useState(filters.q ?? '');
  useEffect(() => setSearch(filters.q ?? ''), [filters.q]);
  // A change of filter starts again at page 1.
  const change = (next: Partial<TransactionFilters>) => setFilters({...filters, ...next, page: 1});

  const key = toQuery(filters);
  const rangeError = filters.from && filters.to && filters.from > filters.to ? 'The start date must be on or before the end date.' : null;
  // Memoised on the query string, so an equal set of filters read back from the URL asks nothing new.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const query = useMemo(() => (rangeError ? null : (client: DatabaseClient) => fetchTransactionsPage(client, filters)), [key, rangeError]);
  const {load, retry} = useClientLoad(query);

  // The status filter offers every status seen so far, not only those of the current answer.
  useEffect(() => {
    if (load.status === 'done') setSeenStatuses((seen) => Array.from(new Set([...seen, ...load.data.rows.map((r) => r.status)])).sort());
  }, [load]);

  const rows = load.status === 'done' ? load.data.rows : [];
  const totals = load.status === 'done' ? load.data.summary : null;
  const filtered = Boolean(filters.type || filters.status || filters.q || filters.from || filters.to);

  const onExport = () => {
    const parts = ['transactions', filters.type, filters.status, filters.q && 'user', filters.from && `from-${filters.from}`, filters.to && `to-${filters.to}`, filters.page > 1 && `page-${filters.page}`].filter(Boolean);
    // A byte-order mark first, so spreadsheet programs read the CSV as UTF-8.
    downloadBlob(new Blob(['\uFEFF', transactionsCsv(rows)], {type: 'text/csv;charset=utf-8'}), `${parts.join('_')}_${today()}.csv`);
  };

  return (
    <div className={styles.wrap}>
      <form
        className={styles.filters}
        aria-label="Filter transactions"
        onSubmit={(e) => {
          e.preventDefault();
          change({q: search.trim() || undefined});
        }}>
        <div className={f.field}>
          <label htmlFor={`${id}-q`} className={f.label}>
            User
          </label>
          <input
            id={`${id}-q`}
            type="search"
            className={f.input}
            value={search}
            maxLength={200}
            placeholder="E-mail, name or user id"
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <div className={styles.searchAction}>
          <button type="submit" className="button button--secondary">
            Search
          </button>
        </div>
        <div className={f.field}>
          <label htmlFor={`${id}-type`} className={f.label}>
            Type
          </label>
          <select id={`${id}-type`} className={f.input} value={filters.type ?? ''} onChange={(e) => change({type: e.target.value || undefined})}>
            <option value="">All types</option>
            {TRANSACTION_TYPES.map((t) => (
              <option key={t} value={t}>
                {typeLabel(t)}
              </option>
            ))}
          </select>
        </div>
        <div className={f.field}>
          <label htmlFor={`${id}-status`} className={f.label}>
            Status
          </label>
          <select
            id={`${id}-status`}
            className={f.input}
            value={filters.status ?? ''}
            onChange={(e) => change({status: e.target.value || undefined})}>
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
            onChange={(e) => change({from: e.target.value || undefined})}
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
            onChange={(e) => change({to: e.target.value || undefined})}
          />
        </div>
        <div className={styles.filterActions}>
          <button type="button" className="button button--secondary" onClick={() => setFilters({page: 1})} disabled={!filtered}>
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
        {totals && `${totals.count} transaction${totals.count === 1 ? '' : 's'}${filtered ? (totals.count === 1 ? ' matches the filters' : ' match the filters') : ''}.`}
      </div>
      {load.status === 'error' && (
        <>
          <Message kind="error">Could not load the transactions: {load.message}</Message>
          <button type="button" className="button button--secondary button--sm margin-top--sm" onClick={retry}>
            Try again
          </button>
        </>
      )}

      {totals && (
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
          <AdminTablePager page={filters.page} count={totals.count} noun="transactions" onPage={(page) => setFilters({...filters, page})} />
        </>
      )}
    </div>
  );
}
