// The admin tables' service (issue #27): one page of transactions or certificates, searched,
// filtered and paged in Postgres (admin_transactions_page, admin_certificates in
// supabase/migrations/20261126000900_admin_tables.sql, which refuse anyone but an administrator);
// the filters as a query string, so reload and Back keep them; every match for a CSV; the
// certificates' CSV.
import type {DatabaseClient} from './supabase';
import {errorMessage} from './data/errorText';
import {csvField, dayRange, type AdminTransaction, type Totals} from './payments';
import {certificateUrl, type SiteAddress} from './certificates';
import {ok, type Result} from './data/result';

/** Rows on one page. */
export const PAGE_SIZE = 50;
/** Rows per request when exporting: the most the server answers at once. */
const EXPORT_BATCH = 200;
/** The most rows one CSV holds (50 requests); past it the admin narrows the filters. */
export const EXPORT_LIMIT = 10_000;

/** Which rows of the matches to read: `limit` of them after the first `offset`, newest first. */
export interface Range {
  limit: number;
  offset: number;
}

const pageRange = (page: number): Range => ({limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE});

/** The transaction types the database accepts (subscription_transactions_transaction_type_check). */
export const TRANSACTION_TYPES = ['subscription', 'renewal', 'cancellation', 'suspension', 'expiry', 'payment_failed', 'refund', 'dispute'] as const;
export const CERTIFICATE_STATUSES = ['valid', 'revoked'] as const;

export interface TransactionFilters {
  type?: string;
  status?: string;
  /** The user's e-mail or name (any part), or their id. */
  q?: string;
  /** yyyy-mm-dd, inclusive, in the viewer's time zone. */
  from?: string;
  to?: string;
  /** 1-based. */
  page: number;
}

export interface CertificateFilters {
  /** Learner's name or e-mail, course title (any part), or the exact code. */
  q?: string;
  status?: string;
  page: number;
}

type Filters = Record<string, string | number | undefined>;

function pageOf(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

const text = (params: URLSearchParams, key: string) => params.get(key)?.trim() || undefined;

export function transactionFiltersFrom(search: string): TransactionFilters {
  const params = new URLSearchParams(search);
  return {type: text(params, 'type'), status: text(params, 'status'), q: text(params, 'q'), from: text(params, 'from'), to: text(params, 'to'), page: pageOf(params.get('page'))};
}

export function certificateFiltersFrom(search: string): CertificateFilters {
  const params = new URLSearchParams(search);
  return {q: text(params, 'q'), status: text(params, 'status'), page: pageOf(params.get('page'))};
}

/** The query string ('' or '?…') for these filters; empty values and page 1 are left out. */
export function filtersQuery(filters: Filters): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value === undefined || value === '' || (key === 'page' && value === 1)) continue;
    params.set(key, String(value));
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

export interface Page<T, S> {
  rows: T[];
  /** Over every row that matches the filters, not only this page. */
  summary: S;
}

export type AdminTransactionRow = AdminTransaction & {user_name: string | null};

export async function fetchTransactionsPage(
  client: DatabaseClient,
  filters: TransactionFilters,
  range: Range = pageRange(filters.page),
): Promise<Result<Page<AdminTransactionRow, Totals>>> {
  try {
    const {start, end} = dayRange(filters.from, filters.to);
    const {data, error} = await client.rpc('admin_transactions_page', {
      p_type: filters.type,
      p_status: filters.status,
      p_query: filters.q,
      p_from: start ?? undefined,
      p_to: end ?? undefined,
      p_limit: range.limit,
      p_offset: range.offset,
    });
    if (error) return {data: null, error: errorMessage(error, 'Could not load the transactions')};
    const rows = data ?? [];
    const first = rows[0];
    const revenue = Number(first?.total_revenue ?? 0);
    const refunded = Number(first?.total_refunded ?? 0);
    return {
      data: {
        rows: rows.map(({total_count: _c, total_revenue: _r, total_refunded: _f, total_failed: _x, ...row}) => ({...row, amount: Number(row.amount)})),
        summary: {count: Number(first?.total_count ?? 0), revenue, refunded, net: Math.round((revenue - refunded) * 100) / 100, failed: Number(first?.total_failed ?? 0)},
      },
      error: null,
    };
  } catch (error) {
    return {data: null, error: errorMessage(error, 'Could not load the transactions')};
  }
}

export interface AdminCertificate {
  code: string;
  fullName: string;
  email: string | null;
  courseTitle: string;
  issuedAt: string;
  revokedAt: string | null;
  revokedReason: string | null;
}

export async function fetchCertificatesPage(
  client: DatabaseClient,
  filters: CertificateFilters,
  range: Range = pageRange(filters.page),
): Promise<Result<Page<AdminCertificate, {count: number}>>> {
  try {
    const {data, error} = await client.rpc('admin_certificates', {p_query: filters.q, p_status: filters.status, p_limit: range.limit, p_offset: range.offset});
    if (error) return {data: null, error: errorMessage(error, 'Could not load the certificates')};
    const rows = data ?? [];
    return {
      data: {
        rows: rows.map((r) => ({
          code: r.code,
          fullName: r.full_name,
          email: r.user_email,
          courseTitle: r.course_title,
          issuedAt: r.issued_at,
          revokedAt: r.revoked_at,
          revokedReason: r.revoked_reason,
        })),
        summary: {count: Number(rows[0]?.total_count ?? 0)},
      },
      error: null,
    };
  } catch (error) {
    return {data: null, error: errorMessage(error, 'Could not load the certificates')};
  }
}

/**
 * Every row that matches (newest first, as the pages list them), read in the largest batches the
 * server answers, up to `limit` rows; `count` is how many match, which is more when the limit cut
 * the export short. The first failed batch is the answer.
 */
export async function fetchEveryMatch<T>(
  fetchRange: (range: Range) => Promise<Result<Page<T, {count: number}>>>,
  limit = EXPORT_LIMIT,
): Promise<Result<{rows: T[]; count: number}>> {
  const rows: T[] = [];
  let count = 0;
  for (let offset = 0; offset < limit; offset += EXPORT_BATCH) {
    const size = Math.min(EXPORT_BATCH, limit - offset);
    const batch = await fetchRange({limit: size, offset});
    if (batch.error !== null) return batch;
    rows.push(...batch.data.rows);
    // A batch past the last match has no row to carry the count (0): the largest seen stands.
    count = Math.max(count, batch.data.summary.count);
    if (batch.data.rows.length < size || rows.length >= count) break;
  }
  return ok({rows, count: Math.max(count, rows.length)});
}

export const CERTIFICATE_CSV_COLUMNS = ['Code', 'Verification link', 'Learner', 'E-mail', 'Course', 'Issued', 'Status', 'Revoked', 'Reason'] as const;

/** The rows shown, as CSV (RFC 4180, CRLF, formula-leading cells neutralised by csvField). */
export function certificatesCsv(rows: AdminCertificate[], site: SiteAddress): string {
  const lines = [CERTIFICATE_CSV_COLUMNS.map(csvField).join(',')];
  for (const c of rows) {
    lines.push(
      [c.code, certificateUrl(site, c.code), c.fullName, c.email, c.courseTitle, c.issuedAt, c.revokedAt ? 'revoked' : 'valid', c.revokedAt, c.revokedReason]
        .map(csvField)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
