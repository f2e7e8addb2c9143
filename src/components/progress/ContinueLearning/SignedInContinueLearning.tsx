import React from 'react';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';
import type {CourseCatalog} from '@site/src/catalog/types';
import {useProgress} from '@site/src/lib/useProgress';
import {resumePoint} from '@site/src/lib/progressCatalog';
import {courseStep, lessonsCompleted} from '@site/src/lib/learnerWording';
import ProgressBar from '@site/src/components/progress/ProgressBar';
import styles from './styles.module.css';

// The signed-in home page's first section, in a chunk of its own (see index.tsx): the last lesson
// opened, the next one, and a bar per started course, from the progress /progress and /modules read.
export default function SignedInContinueLearning({catalog}: {catalog: CourseCatalog}): React.JSX.Element | null {
  const {state, signedIn} = useProgress();
  if (!signedIn || !state.data) return null;
  const {last, next, started} = resumePoint(catalog, state.data);
  return (
    <section className={styles.panel} aria-labelledby="continue-learning" data-testid="continue-learning">
      <div className="container">
        <Heading as="h2" id="continue-learning" className={styles.title}>
          Continue where you left off
        </Heading>
        <ul className={styles.steps}>
          {last && (
            <li>
              <span className={styles.label}>Last opened</span>
              <Link to={last.lesson.permalink}>{last.lesson.title}</Link>
              <span className={styles.muted}> · {last.course.title}</span>
            </li>
          )}
          {next && (
            <li>
              <span className={styles.label}>{last ? 'Next' : 'Start with'}</span>
              <Link to={next.lesson.permalink} className="button button--primary button--sm">
                {next.lesson.title}
              </Link>
            </li>
          )}
        </ul>
        {started.length > 0 && (
          <ul className={styles.courses}>
            {started.map(({course, status}) => (
              <li key={course.slug}>
                <Link to={course.permalink} className={styles.course}>
                  {course.title}
                </Link>{' '}
                <span className={styles.muted}>{courseStep(status) === 'Completed' ? 'Completed ✓' : ''}</span>
                <ProgressBar
                  size="small"
                  percentage={status.percentage}
                  label={`${course.title} progress`}
                  detail={lessonsCompleted(status.completedLessons, status.totalLessons)}
                />
              </li>
            ))}
          </ul>
        )}
        <p className={styles.more}>
          <Link to="/progress">All your progress</Link>
        </p>
      </div>
    </section>
  );
}
