// The admin tables' kit (/admin-transactions, /admin-certificates): the filter bar with its search,
// Clear filters, Refresh and Export CSV (every match, not only the page shown); a labelled filter
// list; the count line's words; a failed read with Try again. Each table keeps its own columns,
// filters and data.
import React, {useEffect, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import {Message, formStyles as f} from '@site/src/components/site/Form';
import {fetchEveryMatch, type Page, type Range} from '@site/src/lib/adminTables';
import type {Result} from '@site/src/lib/data/result';
import {downloadCsv} from '@site/src/lib/download';
import styles from './styles.module.css';

export {default as AdminTablePager} from './Pager';

/** What an export tells the admin: the rows saved, or why nothing was. */
export interface ExportOutcome {
  kind: 'success' | 'info' | 'error';
  text: string;
}

/** The words after an export of `rows` of `count` matches: all of them, or where the limit cut it short. */
export function exportOutcome(rows: number, count: number, noun: {one: string; many: string}): ExportOutcome {
  if (rows < count) return {kind: 'info', text: `The CSV holds the newest ${rows} of ${count} ${noun.many}; narrow the filters for the rest.`};
  return {kind: 'success', text: `Saved ${rows} ${rows === 1 ? noun.one : noun.many} as CSV.`};
}

/** Export CSV for either table: reads every match, saves it as `<name parts>_<date>.csv`, says what it saved. */
export async function exportEveryMatch<T>({fetchRange, noun, nameParts, csv}: {
  fetchRange: (range: Range) => Promise<Result<Page<T, {count: number}>>>;
  noun: {one: string; many: string};
  nameParts: (string | false | undefined)[];
  csv: (rows: T[]) => string;
}): Promise<ExportOutcome> {
  const every = await fetchEveryMatch(fetchRange);
  if (every.error !== null) return {kind: 'error', text: `Could not export the ${noun.many}: ${every.error}`};
  downloadCsv(nameParts, csv(every.data.rows));
  return exportOutcome(every.data.rows.length, every.data.count, noun);
}

export interface AdminFiltersProps {
  /** The form's accessible name ("Filter transactions"). */
  label: string;
  /** Prefix of the fields' ids (a useId()). */
  id: string;
  /** The search box's label and hint, and the search in force (the URL's q). */
  search: {label: string; placeholder: string; value: string | undefined};
  /** A new search (trimmed, undefined when empty); the table starts again at page 1. */
  onSearch(q: string | undefined): void;
  /** Whether any filter is set: Clear filters is offered only then. */
  filtered: boolean;
  onClear(): void;
  onRefresh(): void;
  /** Saves every match as CSV; resolves with what to tell the admin (how many rows, or why not). */
  onExport(): Promise<ExportOutcome>;
  canExport: boolean;
  className?: string;
  /** The table's own filters, after the search. */
  children: ReactNode;
}

/**
 * The filter bar. The search box holds what is typed until Search (or Enter) applies it, and
 * takes the search in force again when that changes elsewhere (Back, Clear filters).
 */
export function AdminFilters({label, id, search, onSearch, filtered, onClear, onRefresh, onExport, canExport, className, children}: AdminFiltersProps): React.JSX.Element {
  const [draft, setDraft] = useState(search.value ?? '');
  useEffect(() => setDraft(search.value ?? ''), [search.value]);
  const [exporting, setExporting] = useState(false);
  const [exported, setExported] = useState<ExportOutcome | null>(null);
  const exportAll = async () => {
    setExporting(true);
    setExported(null);
    try {
      setExported(await onExport());
    } finally {
      setExporting(false);
    }
  };
  return (
    <form
      className={clsx(styles.filters, className)}
      aria-label={label}
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(draft.trim() || undefined);
      }}>
      <div className={f.field}>
        <label htmlFor={`${id}-q`} className={f.label}>
          {search.label}
        </label>
        <input id={`${id}-q`} type="search" className={f.input} value={draft} maxLength={200} placeholder={search.placeholder} onChange={(e) => setDraft(e.target.value)} />
      </div>
      <div className={styles.searchAction}>
        <button type="submit" className="button button--secondary">
          Search
        </button>
      </div>
      {children}
      <div className={styles.actions}>
        <button type="button" className="button button--secondary" onClick={onClear} disabled={!filtered}>
          Clear filters
        </button>
        <button type="button" className="button button--secondary" onClick={onRefresh}>
          Refresh
        </button>
        <button type="button" className="button button--primary" onClick={() => void exportAll()} disabled={!canExport || exporting}>
          {exporting ? 'Exporting…' : 'Export CSV'}
        </button>
      </div>
      {exported && (
        <div className={styles.exported}>
          <Message kind={exported.kind}>{exported.text}</Message>
        </div>
      )}
    </form>
  );
}

export interface FilterSelectProps {
  id: string;
  label: string;
  /** The choice in force; undefined for all. */
  value: string | undefined;
  /** The first option's words ("All statuses"), which clears this filter. */
  all: string;
  options: readonly string[];
  /** Each option's words. */
  optionLabel(value: string): string;
  onChange(value: string | undefined): void;
}

/** A labelled list that narrows the table to one value, or to all. */
export function FilterSelect({id, label, value, all, options, optionLabel, onChange}: FilterSelectProps): React.JSX.Element {
  return (
    <div className={f.field}>
      <label htmlFor={id} className={f.label}>
        {label}
      </label>
      <select id={id} className={f.input} value={value ?? ''} onChange={(e) => onChange(e.target.value || undefined)}>
        <option value="">{all}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {optionLabel(option)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The count line: "1 certificate." or "2 transactions match the filters." */
export function matchCount(count: number, noun: {one: string; many: string}, filtered: boolean): string {
  const rows = `${count} ${count === 1 ? noun.one : noun.many}`;
  if (!filtered) return `${rows}.`;
  return `${rows} ${count === 1 ? 'matches' : 'match'} the filters.`;
}

/** A read that failed: why, and Try again. */
export function AdminLoadError({what, message, onRetry}: {what: string; message: string; onRetry(): void}): React.JSX.Element {
  return (
    <>
      <Message kind="error">
        Could not load the {what}: {message}
      </Message>
      <button type="button" className="button button--secondary button--sm margin-top--sm" onClick={onRetry}>
        Try again
      </button>
    </>
  );
}
