import type {DatabaseClient} from '@site/src/lib/supabase';
import React, {useEffect, useId, useMemo, useRef, useState} from 'react';
import Link from '@docusaurus/Link';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {useAuth} from '@site/src/lib/auth';
import {revokeCertificate} from '@site/src/lib/knowledgeChecks';
import {certificatePath, formatIssueDate} from '@site/src/lib/certificates';
import {CERTIFICATE_STATUSES, certificateFiltersFrom, certificatesCsv, fetchCertificatesPage, filtersQuery, type AdminCertificate, type CertificateFilters} from '@site/src/lib/adminTables';
import {useUrlFilters} from '@site/src/lib/useUrlFilters';
import {useClientLoad} from '@site/src/lib/useClientLoad';
import {downloadBlob} from '@site/src/lib/download';
import {Message, formStyles as f} from '@site/src/components/Form';
import AdminTablePager from '@site/src/components/AdminTablePager';
import styles from './styles.module.css';

const toQuery = (filters: CertificateFilters) => filtersQuery({...filters});
const REASON_MAX = 500;

/**
 * For administrators: issued certificates, searched (learner's name or e-mail, course, code) and
 * filtered by status in Postgres (admin_certificates), one page at a time, the filters kept in the
 * query string. Each row shows the code and links to the public verification page. Revoking asks
 * for a reason (required, private to administrators) and goes through revoke_certificate, which
 * checks is_admin(). Refresh reads the rows again, e.g. after a revoke from the command line.
 */
export default function AdminCertificates(): React.JSX.Element {
  const {getClient} = useAuth();
  const {siteConfig} = useDocusaurusContext();
  const id = useId();
  const [filters, setFilters] = useUrlFilters(certificateFiltersFrom, toQuery);
  const [search, setSearch] = useState(filters.q ?? '');
  useEffect(() => setSearch(filters.q ?? ''), [filters.q]);
  const [notice, setNotice] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<AdminCertificate | null>(null);
  const [reason, setReason] = useState('');
  const [revokeError, setRevokeError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reasonRef = useRef<HTMLTextAreaElement>(null);

  const key = toQuery(filters);
  // Memoised on the query string, so an equal set of filters read back from the URL asks nothing new.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const query = useMemo(() => (client: DatabaseClient) => fetchCertificatesPage(client, filters), [key]);
  const {load, retry} = useClientLoad(query);
  const rows = load.status === 'done' ? load.data.rows : [];
  const count = load.status === 'done' ? load.data.summary.count : 0;
  const filtered = Boolean(filters.q || filters.status);
  const change = (next: Partial<CertificateFilters>) => setFilters({...filters, ...next, page: 1});

  useEffect(() => {
    if (revoking) reasonRef.current?.focus();
  }, [revoking]);

  const who = (c: AdminCertificate) => c.fullName || 'this learner';

  const startRevoke = (c: AdminCertificate) => {
    setRevoking(c);
    setReason('');
    setRevokeError(null);
    setNotice(null);
  };

  const confirmRevoke = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!revoking) return;
    if (!reason.trim()) {
      setRevokeError('Give a reason for the revocation.');
      reasonRef.current?.focus();
      return;
    }
    setBusy(true);
    const result = await revokeCertificate(await getClient(), revoking.code, reason.trim());
    setBusy(false);
    if (result.error !== null) {
      setRevokeError(result.error);
      return;
    }
    setNotice(`Revoked the ${revoking.courseTitle} certificate of ${who(revoking)}.`);
    setRevoking(null);
    retry();
  };

  const onExport = () => {
    const parts = ['certificates', filters.status, filters.q && 'search', filters.page > 1 && `page-${filters.page}`].filter(Boolean);
    // A byte-order mark first, so spreadsheet programs read the CSV as UTF-8.
    downloadBlob(new Blob(['\uFEFF', certificatesCsv(rows, siteConfig)], {type: 'text/csv;charset=utf-8'}), `${parts.join('_')}_${new Date().toISOString().slice(0, 10)}.csv`);
  };

  return (
    <section className={styles.section} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Certificates</h2>
      <form
        className={styles.filters}
        aria-label="Filter certificates"
        onSubmit={(e) => {
          e.preventDefault();
          change({q: search.trim() || undefined});
        }}>
        <div className={f.field}>
          <label htmlFor={`${id}-q`} className={f.label}>
            Search certificates
          </label>
          <input
            id={`${id}-q`}
            type="search"
            className={f.input}
            value={search}
            maxLength={200}
            placeholder="Name, e-mail, course or code"
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <div className={styles.actions}>
          <button type="submit" className="button button--secondary">
            Search
          </button>
        </div>
        <div className={f.field}>
          <label htmlFor={`${id}-status`} className={f.label}>
            Certificate status
          </label>
          <select id={`${id}-status`} className={f.input} value={filters.status ?? ''} onChange={(e) => change({status: e.target.value || undefined})}>
            <option value="">All</option>
            {CERTIFICATE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s === 'valid' ? 'Valid' : 'Revoked'}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.actions}>
          <button type="button" className="button button--secondary" onClick={() => setFilters({page: 1})} disabled={!filtered}>
            Clear filters
          </button>
          <button type="button" className="button button--secondary" onClick={retry}>
            Refresh
          </button>
          <button type="button" className="button button--primary" onClick={onExport} disabled={rows.length === 0}>
            Export CSV
          </button>
        </div>
      </form>

      <p role="status" aria-live="polite">
        {notice}
        {notice && ' '}
        {load.status === 'loading' && 'Loading certificates…'}
        {load.status === 'done' && `${count} certificate${count === 1 ? '' : 's'}${filtered ? (count === 1 ? ' matches the filters' : ' match the filters') : ''}.`}
      </p>
      {load.status === 'error' && (
        <>
          <Message kind="error">Could not load the certificates: {load.message}</Message>
          <button type="button" className="button button--secondary button--sm margin-top--sm" onClick={retry}>
            Try again
          </button>
        </>
      )}

      {revoking && (
        <form className={styles.revoke} aria-label="Revoke a certificate" onSubmit={(e) => void confirmRevoke(e)}>
          <p>
            Revoke the {revoking.courseTitle} certificate of {who(revoking)} (<code>{revoking.code}</code>)? Its public page will say it was revoked and
            when, not why.
          </p>
          <div className={f.field}>
            <label htmlFor={`${id}-reason`} className={f.label}>
              Reason (required, seen by administrators only)
            </label>
            <textarea
              id={`${id}-reason`}
              ref={reasonRef}
              className={f.input}
              value={reason}
              required
              maxLength={REASON_MAX}
              rows={2}
              aria-invalid={revokeError ? true : undefined}
              aria-describedby={revokeError ? `${id}-reason-error` : undefined}
              onChange={(e) => setReason(e.target.value)}
            />
          </div>
          {revokeError && (
            <p id={`${id}-reason-error`} role="alert">
              {revokeError}
            </p>
          )}
          <div className={styles.actions}>
            <button type="submit" className="button button--danger" disabled={busy}>
              Revoke certificate
            </button>
            <button type="button" className="button button--secondary" onClick={() => setRevoking(null)}>
              Cancel
            </button>
          </div>
        </form>
      )}

      {load.status === 'done' && rows.length === 0 && <p>{filtered ? 'No certificates match these filters.' : 'No certificates have been issued yet.'}</p>}
      {rows.length > 0 && (
        <div className={styles.scroll}>
          <table className={styles.table}>
            <caption className="sr-only">Issued certificates, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Code</th>
                <th scope="col">Learner</th>
                <th scope="col">Course</th>
                <th scope="col">Issued</th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((c) => (
                <tr key={c.code}>
                  <td>
                    <Link to={certificatePath(c.code)} className={styles.code}>
                      {c.code}
                      <span className="sr-only"> (verification page)</span>
                    </Link>
                  </td>
                  <td>
                    {c.fullName || '(no name)'}
                    {c.email && <div className={styles.email}>{c.email}</div>}
                  </td>
                  <td>{c.courseTitle}</td>
                  <td>{formatIssueDate(c.issuedAt)}</td>
                  <td>
                    {c.revokedAt ? `Revoked on ${formatIssueDate(c.revokedAt)}` : 'Valid'}
                    {c.revokedReason && <div className={styles.reason}>Reason: {c.revokedReason}</div>}
                  </td>
                  <td>
                    {!c.revokedAt && (
                      <button type="button" className="button button--danger button--sm" onClick={() => startRevoke(c)}>
                        Revoke<span className="sr-only"> the certificate of {who(c)} for {c.courseTitle}</span>
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {load.status === 'done' && <AdminTablePager page={filters.page} count={count} noun="certificates" onPage={(page) => setFilters({...filters, page})} />}
    </section>
  );
}
