import React, {useId} from 'react';
import Link from '@docusaurus/Link';
import clsx from 'clsx';
import {certificatePath, formatIssueDate} from '@site/src/lib/certificates';
import {useMyCertificates} from '@site/src/lib/useKnowledgeCheckData';
import RetryMessage from '@site/src/components/site/RetryMessage';
import styles from './styles.module.css';

export interface CertificateListProps {
  /** The heading level where the list sits (a page section, or a dialog's sub-section). */
  headingLevel?: 'h2' | 'h3';
  className?: string;
}

/** The signed-in learner's course certificates, each linking to its public verification page. */
export default function CertificateList({headingLevel: H = 'h2', className}: CertificateListProps): React.JSX.Element {
  const {
    state: {data, error, status},
    reload,
  } = useMyCertificates();
  const loading = status === 'loading';
  const headingId = useId();
  return (
    <section className={clsx(styles.section, className)} aria-labelledby={headingId} data-testid="my-certificates">
      <H id={headingId} className={styles.heading}>
        Certificates
      </H>
      {error && (
        <RetryMessage className={styles.error} onRetry={reload}>
          {error}
        </RetryMessage>
      )}
      {loading && !data && <p className={styles.muted}>Loading your certificates…</p>}
      {data && data.length === 0 && <p className={styles.muted}>Pass every knowledge check of a course to earn its certificate.</p>}
      {data && data.length > 0 && (
        <ul className={styles.list}>
          {data.map((c) => (
            <li key={c.code} className={styles.item}>
              <Link to={certificatePath(c.code)}>{c.courseTitle}</Link>
              <span className={styles.muted}>
                issued {formatIssueDate(c.issuedAt)}
                {c.revokedAt && <strong className={styles.revoked}> · revoked</strong>}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
