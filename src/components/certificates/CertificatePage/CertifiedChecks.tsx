import React from 'react';
import type {Verification} from '@site/src/lib/certificateVerification';
import {formatIssueDate, formatScore} from '@site/src/lib/certificates';
import styles from './styles.module.css';

/** What the certificate certifies: the course, each check passed with its score and date, the pass mark. */
export default function CertifiedChecks({certificate}: {certificate: Verification}): React.JSX.Element {
  const {checks, passMark, courseTitle} = certificate;
  return (
    <section className={styles.checks} aria-labelledby="certified-checks-heading" data-testid="certified-checks">
      <h2 id="certified-checks-heading">What this certificate certifies</h2>
      <p>
        The holder passed the knowledge check of every lesson of the course <strong>{courseTitle}</strong>
        {passMark !== null ? `, each with a score of at least the pass mark of ${formatScore(passMark)}.` : '.'}
      </p>
      {checks.length === 0 ? (
        <p>The individual checks were not recorded for this certificate.</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption className="sr-only">Knowledge checks passed for {courseTitle}</caption>
            <thead>
              <tr>
                <th scope="col">Lesson</th>
                <th scope="col">Score</th>
                <th scope="col">Passed on</th>
              </tr>
            </thead>
            <tbody>
              {checks.map((check) => (
                <tr key={check.lessonSlug}>
                  <th scope="row">{check.lessonTitle}</th>
                  <td>{formatScore(check.score)}</td>
                  <td>
                    <time dateTime={check.passedAt}>{formatIssueDate(check.passedAt)}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
