import React from 'react';
import Link from '@docusaurus/Link';
import type {CatalogCourse} from '@site/src/catalog/types';
import type {CheckStatus} from '@site/src/lib/knowledgeChecks';
import styles from './styles.module.css';

export interface CourseChecksProps {
  course: CatalogCourse;
  /** The learner's check statuses for this course's lessons that have a check. */
  statuses: CheckStatus[];
}

/** Under a course's bar on /progress: each lesson's knowledge check, passed or not, best score. */
export default function CourseChecks({course, statuses}: CourseChecksProps): React.JSX.Element | null {
  if (statuses.length === 0) return null;
  return (
    <details className={styles.details}>
      <summary>Knowledge checks</summary>
      <ul className={styles.list}>
        {statuses.map((s) => {
          const lesson = course.lessons.find((l) => l.slug === s.lessonSlug);
          return (
            <li key={s.lessonSlug} className={styles.item} data-testid={`check-status-${course.slug}-${s.lessonSlug}`}>
              {lesson ? <Link to={`${lesson.permalink}#knowledge-check`}>{lesson.title}</Link> : s.lessonSlug}
              <span className={s.passed ? styles.passed : styles.muted}>
                {s.passed ? '✓ Passed' : s.attempts > 0 ? 'Not passed yet' : 'Not taken'}
                {s.bestScore !== null && ` · best score ${Math.round(s.bestScore)}%`}
              </span>
            </li>
          );
        })}
      </ul>
    </details>
  );
}
