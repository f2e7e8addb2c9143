import React, {useEffect, useId, useState} from 'react';
import {capitalise, formatMoney} from '@site/src/lib/subscription';
import {transactionsCsv} from '@site/src/lib/payments';
import {TRANSACTION_TYPES, fetchTransactionsPage, filtersQuery, transactionFiltersFrom, type TransactionFilters} from '@site/src/lib/adminTables';
import {useUrlFilters} from '@site/src/lib/useUrlFilters';
import {formStyles as f} from '@site/src/components/site/Form';
import TransactionTable from '@site/src/components/payments/TransactionHistory/TransactionTable';
import {AdminFilters, AdminLoadError, AdminTablePager, FilterSelect, exportEveryMatch, matchCount} from '@site/src/components/admin/AdminTable';
import {useSupabaseClient} from '@site/src/lib/auth';
import {useData} from '@site/src/lib/data/store';
import styles from './styles.module.css';

const KNOWN_STATUSES = ['completed', 'failed', 'pending'];
const NOUN = {one: 'transaction', many: 'transactions'};

const toQuery = (filters: TransactionFilters) => filtersQuery({...filters});
const typeLabel = (type: string) => capitalise(type.replace(/_/g, ' '));

/**
 * Every transaction (admins), one page at a time: filters by type, status, user and date range,
 * all kept in the query string and applied in Postgres (admin_transactions_page); totals over
 * every match; CSV of every match; Refresh asks again.
 */
export default function AdminTransactions(): React.JSX.Element {
  const id = useId();
  const getClient = useSupabaseClient();
  const [filters, setFilters] = useUrlFilters(transactionFiltersFrom, toQuery);
  const [seenStatuses, setSeenStatuses] = useState<string[]>(KNOWN_STATUSES);
  // A change of filter starts again at page 1.
  const change = (next: Partial<TransactionFilters>) => setFilters({...filters, ...next, page: 1});

  const key = toQuery(filters);
  const rangeError = filters.from && filters.to && filters.from > filters.to ? 'The start date must be on or before the end date.' : null;
  // Keyed on the query string, so an equal set of filters read back from the URL asks nothing new.
  // Each set is read again when shown (fresh); meanwhile its last answer, if any, stays on screen.
  // An inverted range asks nothing and leaves the last answer on screen.
  const [shown, setShown] = useState(rangeError ? null : {key, filters});
  if (!rangeError && shown?.key !== key) setShown({key, filters});
  const {state: load, reload} = useData(
    shown && `admin/transactions${shown.key && `/${shown.key}`}`,
    () => getClient().then((client) => fetchTransactionsPage(client, shown?.filters ?? filters)),
    {fresh: true},
  );
  const answer = load.data;
  const retry = () => void reload();

  // The status filter offers every status seen so far, not only those of the current answer.
  useEffect(() => {
    if (answer) setSeenStatuses((seen) => Array.from(new Set([...seen, ...answer.rows.map((r) => r.status)])).sort());
  }, [answer]);

  const rows = answer?.rows ?? [];
  const totals = answer?.summary ?? null;
  const filtered = Boolean(filters.type || filters.status || filters.q || filters.from || filters.to);

  const onExport = async () => {
    const client = await getClient();
    return exportEveryMatch({
      fetchRange: (range) => fetchTransactionsPage(client, filters, range),
      noun: NOUN,
      nameParts: ['transactions', filters.type, filters.status, filters.q && 'user', filters.from && `from-${filters.from}`, filters.to && `to-${filters.to}`],
      csv: transactionsCsv,
    });
  };

  return (
    <div className={styles.wrap}>
      <AdminFilters
        label="Filter transactions"
        id={id}
        search={{label: 'User', placeholder: 'E-mail, name or user id', value: filters.q}}
        onSearch={(q) => change({q})}
        filtered={filtered}
        onClear={() => setFilters({page: 1})}
        onRefresh={retry}
        onExport={onExport}
        canExport={rows.length > 0}>
        <FilterSelect id={`${id}-type`} label="Type" value={filters.type} all="All types" options={TRANSACTION_TYPES} optionLabel={typeLabel} onChange={(type) => change({type})} />
        <FilterSelect id={`${id}-status`} label="Status" value={filters.status} all="All statuses" options={seenStatuses} optionLabel={capitalise} onChange={(status) => change({status})} />
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
      </AdminFilters>
      {rangeError && (
        <p id={`${id}-range`} role="alert" className={styles.rangeError}>
          {rangeError}
        </p>
      )}

      <div role="status" aria-live="polite" className={styles.summary}>
        {!answer && load.status === 'loading' && 'Loading transactions…'}
        {totals && matchCount(totals.count, NOUN, filtered)}
      </div>
      {load.status === 'error' && <AdminLoadError what="transactions" message={load.error} onRetry={retry} />}

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
