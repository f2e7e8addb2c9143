import React, {useCallback, useEffect, useId, useState} from 'react';
import Link from '@docusaurus/Link';
import {useAuth} from '@site/src/lib/auth';
import {loadMyCertificates, revokeCertificate, type Certificate} from '@site/src/lib/knowledgeChecks';
import {certificatePath, formatIssueDate} from '@site/src/lib/certificates';
import styles from './styles.module.css';

/**
 * For administrators: every issued certificate (row-level security lets admins read them all)
 * with a Revoke button. Revocation goes through revoke_certificate, which checks is_admin().
 */
export default function AdminCertificates(): React.JSX.Element {
  const {getClient} = useAuth();
  const headingId = useId();
  const [rows, setRows] = useState<Certificate[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const load = useCallback(async () => {
    const result = await loadMyCertificates(await getClient());
    if (result.error !== null) setError(result.error);
    else {
      setError(null);
      setRows(result.data);
    }
  }, [getClient]);

  useEffect(() => {
    void load();
  }, [load]);

  const revoke = async (certificate: Certificate) => {
    if (!window.confirm(`Revoke the ${certificate.courseTitle} certificate of ${certificate.fullName || 'this learner'}? Its public page will say it is revoked.`)) return;
    setBusy(certificate.code);
    setNotice(null);
    const result = await revokeCertificate(await getClient(), certificate.code);
    setBusy(null);
    if (result.error !== null) {
      setError(result.error);
      return;
    }
    setNotice(`Revoked the ${certificate.courseTitle} certificate of ${certificate.fullName || 'this learner'}.`);
    await load();
  };

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId}>Certificates</h2>
      {error && <p role="alert">{error}</p>}
      <p role="status">{notice}</p>
      {rows === null && !error && <p>Loading certificates…</p>}
      {rows && rows.length === 0 && <p>No certificates have been issued yet.</p>}
      {rows && rows.length > 0 && (
        <table className={styles.table}>
          <thead>
            <tr>
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
                <td>{c.fullName || '(no name)'}</td>
                <td>
                  <Link to={certificatePath(c.code)}>{c.courseTitle}</Link>
                </td>
                <td>{formatIssueDate(c.issuedAt)}</td>
                <td>{c.revokedAt ? 'Revoked' : 'Valid'}</td>
                <td>
                  {!c.revokedAt && (
                    <button type="button" className="button button--danger button--sm" disabled={busy === c.code} onClick={() => void revoke(c)}>
                      Revoke<span className="sr-only"> the certificate of {c.fullName || 'this learner'} for {c.courseTitle}</span>
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
