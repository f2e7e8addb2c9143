import React from 'react';
import Link from '@docusaurus/Link';
import clsx from 'clsx';
import type {CatalogCourse} from '@site/src/catalog/types';
import {continueLesson, isLessonCompleted} from '@site/src/lib/progressCatalog';
import {useProgress} from '@site/src/lib/useProgress';
import ProgressBar from '@site/src/components/progress/ProgressBar';
import ProgressInvite from '@site/src/components/progress/ProgressInvite';
import PremiumBadge from '@site/src/components/payments/PremiumBadge';
import RetryMessage from '@site/src/components/site/RetryMessage';
import {courseStep, lessonsCompleted} from '@site/src/lib/learnerWording';
import styles from './styles.module.css';

export interface CourseProgressProps {
  course: CatalogCourse;
}

/**
 * A course landing page's lesson list: ticks beside completed lessons and, for signed-in
 * learners, the course percentage and "Continue" to the first unfinished lesson.
 */
export default function CourseProgress({course}: CourseProgressProps): React.JSX.Element {
  const {state, signedIn, authLoading, reload} = useProgress({fresh: true});
  const status = state.data?.bySlug[course.slug];
  const next = continueLesson(course, status);
  // While progress is read again its last answer stays on screen.
  const ready = state.data !== null;
  return (
    <section className={styles.panel} aria-labelledby={`course-lessons-${course.slug}`} data-testid="course-progress">
      <h2 className={styles.title} id={`course-lessons-${course.slug}`}>
        Lessons in this course
      </h2>
      {signedIn && (
        <div className={styles.summary}>
          {state.status === 'error' ? (
            <RetryMessage className={styles.error} onRetry={() => void reload()}>
              {state.error}
            </RetryMessage>
          ) : (
            <>
              <ProgressBar
                className={styles.bar}
                percentage={status?.percentage ?? 0}
                label={`${course.title} progress`}
                detail={
                  ready
                    ? lessonsCompleted(status?.completedLessons ?? 0, status?.totalLessons ?? course.lessons.length)
                    : 'Loading…'
                }
              />
              {ready &&
                (next ? (
                  <Link className="button button--primary" to={next.permalink} data-testid="course-continue">
                    {courseStep(status)}: {next.title}
                  </Link>
                ) : (
                  <span className={styles.doneNote}>Course completed ✓</span>
                ))}
            </>
          )}
        </div>
      )}
      <ol className={styles.lessons}>
        {course.lessons.map((lesson) => {
          const done = signedIn && isLessonCompleted(status, lesson.slug);
          return (
            <li key={lesson.slug} className={clsx(styles.lesson, done && styles.completed)} data-completed={done ? 'true' : undefined}>
              <span className={styles.tick} aria-hidden="true">
                {done ? '✓' : ''}
              </span>
              <Link to={lesson.permalink}>{lesson.title}</Link>
              {done && <span className="sr-only"> (completed)</span>}
              {lesson.isPremium && <PremiumBadge />}
            </li>
          );
        })}
      </ol>
      {!signedIn && !authLoading && <ProgressInvite className={styles.invite} />}
    </section>
  );
}
