import React from 'react';
import Link from '@docusaurus/Link';
import type {CatalogCourse} from '@site/src/catalog/types';
import {premiumCheckedLessons} from '@site/src/lib/learnerWording';
import styles from './styles.module.css';

/**
 * On a course landing page: how the course certificate is earned and, when any lesson with a
 * check is Premium, that the certificate needs Premium. Derived from the catalog.
 */
export default function CourseCertificateNote({course}: {course: CatalogCourse}): React.JSX.Element | null {
  const checked = course.lessons.filter((l) => l.hasKnowledgeCheck === true);
  if (checked.length === 0) return null;
  const premium = checked.filter((l) => l.isPremium).length;
  return (
    <aside className={styles.note} aria-label="Course certificate" data-testid="course-certificate-note">
      <p>
        <strong>Certificate:</strong> pass the knowledge check at the end of {checked.length === 1 ? 'the lesson' : `each of the ${checked.length} lessons`} to earn
        a verifiable {course.title} certificate.
        {premium > 0 && (
          <>
            {' '}
            {premiumCheckedLessons(premium, checked.length)} Premium, so the certificate needs{' '}
            <Link to="/pricing">Premium</Link>.
          </>
        )}
      </p>
    </aside>
  );
}
