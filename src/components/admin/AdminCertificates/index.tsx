import React, {useEffect, useId, useRef, useState} from 'react';
import Link from '@docusaurus/Link';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {useAuth} from '@site/src/lib/auth';
import {revokeCertificate} from '@site/src/lib/knowledgeChecks';
import {certificatePath, formatIssueDate} from '@site/src/lib/certificates';
import {
  CERTIFICATE_STATUSES,
  certificateFiltersFrom,
  certificatesCsv,
  fetchCertificatesPage,
  filtersQuery,
  type AdminCertificate,
  type CertificateFilters,
} from '@site/src/lib/adminTables';
import {useUrlFilters} from '@site/src/lib/useUrlFilters';
import {dataStore, useData} from '@site/src/lib/data/store';
import {formStyles as f} from '@site/src/components/site/Form';
import {AdminFilters, AdminLoadError, AdminTablePager, FilterSelect, exportEveryMatch, matchCount} from '@site/src/components/admin/AdminTable';
import DataTable from '@site/src/components/site/DataTable';
import styles from './styles.module.css';

const toQuery = (filters: CertificateFilters) => filtersQuery({...filters});
const REASON_MAX = 500;
const ADMIN_CERTIFICATES = 'admin/certificates';
const NOUN = {one: 'certificate', many: 'certificates'};

/**
 * For administrators: issued certificates, searched (learner's name or e-mail, course, code) and
 * filtered by status in Postgres (admin_certificates), one page at a time, the filters kept in the
 * query string. Each row shows the code and links to the public verification page. Revoking asks
 * for a reason (required, private to administrators) and goes through revoke_certificate, which
 * checks is_admin(). Refresh reads the rows again, e.g. after a revoke from the command line.
 * Export CSV saves every match, not only the page shown.
 */
export default function AdminCertificates(): React.JSX.Element {
  const {getClient} = useAuth();
  const {siteConfig} = useDocusaurusContext();
  const id = useId();
  const [filters, setFilters] = useUrlFilters(certificateFiltersFrom, toQuery);
  const [notice, setNotice] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<AdminCertificate | null>(null);
  const [reason, setReason] = useState('');
  const [revokeError, setRevokeError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reasonRef = useRef<HTMLTextAreaElement>(null);

  const key = toQuery(filters);
  // Keyed on the query string, so an equal set of filters read back from the URL asks nothing new.
  // Each set is read again when shown (fresh); meanwhile its last answer, if any, stays on screen.
  const {state: load, reload} = useData(`${ADMIN_CERTIFICATES}${key && `/${key}`}`, () => getClient().then((client) => fetchCertificatesPage(client, filters)), {fresh: true});
  const answer = load.data;
  const retry = () => void reload();
  const rows = answer?.rows ?? [];
  const count = answer?.summary.count ?? 0;
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
    // Any page or filter of the table may show that row: the one on screen is read again.
    void dataStore.invalidate(ADMIN_CERTIFICATES);
  };

  const onExport = async () => {
    const client = await getClient();
    return exportEveryMatch({
      fetchRange: (range) => fetchCertificatesPage(client, filters, range),
      noun: NOUN,
      nameParts: ['certificates', filters.status, filters.q && 'search'],
      csv: (rows) => certificatesCsv(rows, siteConfig),
    });
  };

  return (
    <section className={styles.section} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Certificates</h2>
      <AdminFilters
        label="Filter certificates"
        id={id}
        search={{label: 'Search certificates', placeholder: 'Name, e-mail, course or code', value: filters.q}}
        onSearch={(q) => change({q})}
        filtered={filtered}
        onClear={() => setFilters({page: 1})}
        onRefresh={retry}
        onExport={onExport}
        canExport={rows.length > 0}
        className={styles.filters}>
        <FilterSelect
          id={`${id}-status`}
          label="Certificate status"
          value={filters.status}
          all="All"
          options={CERTIFICATE_STATUSES}
          optionLabel={(status) => (status === 'valid' ? 'Valid' : 'Revoked')}
          onChange={(status) => change({status})}
        />
      </AdminFilters>

      <p role="status" aria-live="polite">
        {notice}
        {notice && ' '}
        {!answer && load.status === 'loading' && 'Loading certificates…'}
        {answer && matchCount(count, NOUN, filtered)}
      </p>
      {load.status === 'error' && <AdminLoadError what="certificates" message={load.error} onRetry={retry} />}

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

      {answer && rows.length === 0 && <p>{filtered ? 'No certificates match these filters.' : 'No certificates have been issued yet.'}</p>}
      {rows.length > 0 && (
        <DataTable caption="Issued certificates, newest first" columns={['Code', 'Learner', 'Course', 'Issued', 'Status']} actions>
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
        </DataTable>
      )}
      {answer && <AdminTablePager page={filters.page} count={count} noun="certificates" onPage={(page) => setFilters({...filters, page})} />}
    </section>
  );
}
