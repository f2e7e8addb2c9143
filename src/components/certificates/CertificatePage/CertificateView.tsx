import React, {useCallback, useEffect, useState} from 'react';
import Head from '@docusaurus/Head';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {SITE_TITLE} from '@site/src/config/site';
import {useAuth} from '@site/src/lib/auth';
import {ownsCertificate, verifyCertificate, type Verification} from '@site/src/lib/certificateVerification';
import {certificateUrl, formatIssueDate, formatScore, isCertificateCode, linkedInAddUrl} from '@site/src/lib/certificates';
import {certificatePng} from '@site/src/lib/certificateImage';
import {errorMessage} from '@site/src/lib/data/errorText';
import {downloadBlob} from '@site/src/lib/download';
import CertifiedChecks from './CertifiedChecks';
import styles from './styles.module.css';

type State = {name: 'loading'} | {name: 'missing'} | {name: 'error'; message: string} | {name: 'found'; certificate: Verification};

/**
 * Verifies one certificate code against the database (verify_certificate: name, course, date,
 * valid or revoked, pass mark and the checks passed) and shows it, printable. Its owner, and only
 * its owner (the database says so: see ownsCertificate), also gets the PNG and "Add to LinkedIn".
 */
export default function CertificateView({code}: {code: string}): React.JSX.Element {
  const {getClient, state: auth} = useAuth();
  const {siteConfig} = useDocusaurusContext();
  const [state, setState] = useState<State>({name: 'loading'});
  const [owner, setOwner] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const userId = auth.user?.id ?? null;

  useEffect(() => {
    let cancelled = false;
    if (!isCertificateCode(code)) {
      setState({name: 'missing'});
      return;
    }
    setState({name: 'loading'});
    void (async () => {
      try {
        const result = await verifyCertificate(await getClient(), code);
        if (cancelled) return;
        if (result.error !== null) setState({name: 'error', message: result.error});
        else setState(result.data ? {name: 'found', certificate: result.data} : {name: 'missing'});
      } catch (error) {
        if (!cancelled) setState({name: 'error', message: errorMessage(error)});
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [code, getClient]);

  const found = state.name === 'found';
  useEffect(() => {
    let cancelled = false;
    setOwner(false);
    if (!found || !userId) return;
    void (async () => {
      const owns = await ownsCertificate(await getClient(), code, userId).catch(() => false);
      if (!cancelled) setOwner(owns);
    })();
    return () => {
      cancelled = true;
    };
  }, [found, userId, code, getClient]);

  const url = certificateUrl(siteConfig, code);
  const certificate = state.name === 'found' ? state.certificate : null;
  const issuedDate = certificate ? formatIssueDate(certificate.issuedAt) : '';

  const download = useCallback(async () => {
    if (!certificate) return;
    setDownloadError(null);
    try {
      const blob = await certificatePng({fullName: certificate.fullName, courseTitle: certificate.courseTitle, issuedDate, code, url});
      downloadBlob(blob, `certificate-${code}.png`);
    } catch (error) {
      setDownloadError(errorMessage(error));
    }
  }, [certificate, issuedDate, code, url]);

  if (state.name === 'loading') return <p role="status">Checking the certificate…</p>;
  if (state.name === 'error') return <p role="alert">{state.message}</p>;
  if (state.name === 'missing' || !certificate) {
    return (
      <div className={styles.missing}>
        <Head>
          <title>{`Certificate not found | ${SITE_TITLE}`}</title>
        </Head>
        <h1>Certificate not found</h1>
        <p>No certificate has the code “{code}”. Check that the address was copied in full.</p>
      </div>
    );
  }
  const valid = certificate.status === 'valid';
  return (
    <>
      <Head>
        <title>{`Certificate: ${certificate.courseTitle} | ${SITE_TITLE}`}</title>
        <meta name="robots" content="noindex" />
      </Head>
      <p className={valid ? styles.valid : styles.revoked} role="status" data-testid="certificate-status">
        {valid
          ? `Verified: this certificate was issued by ${SITE_TITLE} and is valid.`
          : `This certificate was revoked by ${SITE_TITLE}${certificate.revokedAt ? ` on ${formatIssueDate(certificate.revokedAt)}` : ''} and is no longer valid.`}
      </p>
      <article className={styles.certificate} aria-labelledby="certificate-title" data-testid="certificate">
        <p className={styles.issuer}>{SITE_TITLE}</p>
        <h1 id="certificate-title" className={styles.heading}>
          Certificate of completion
        </h1>
        <p className={styles.line}>This certifies that</p>
        <p className={styles.name} data-testid="certificate-name">
          {certificate.fullName || 'A learner who has not given a name'}
        </p>
        <p className={styles.line}>passed every knowledge check of the course</p>
        <p className={styles.course} data-testid="certificate-course">
          {certificate.courseTitle}
        </p>
        <p className={styles.line}>
          on <time dateTime={certificate.issuedAt}>{issuedDate}</time>
        </p>
        {certificate.checks.length > 0 && (
          <p className={styles.summary}>
            {certificate.checks.length === 1 ? '1 knowledge check' : `${certificate.checks.length} knowledge checks`}
            {certificate.passMark !== null && `, each passed with at least ${formatScore(certificate.passMark)}`}
          </p>
        )}
        {!valid && <p className={styles.revokedMark}>Revoked</p>}
        <p className={styles.code}>
          Certificate ID {code}
          <br />
          Verify at {url}
        </p>
      </article>
      <CertifiedChecks certificate={certificate} />
      {valid && (
        <div className={styles.actions} data-testid="certificate-actions">
          <button type="button" className="button button--primary" onClick={() => window.print()}>
            Print
          </button>
          {owner && (
            <>
              <button type="button" className="button button--secondary" onClick={() => void download()}>
                Download as PNG
              </button>
              <a className="button button--secondary" href={linkedInAddUrl({courseTitle: certificate.courseTitle, issuedAt: certificate.issuedAt, certUrl: url, code})} target="_blank" rel="noopener noreferrer">
                Add to LinkedIn<span className="sr-only"> (opens in a new tab)</span>
              </a>
            </>
          )}
        </div>
      )}
      {downloadError && <p role="alert">{downloadError}</p>}
    </>
  );
}
