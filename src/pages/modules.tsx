import React from 'react';
import Page from '@site/src/components/site/Page';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';
import {useCatalog} from '@site/src/catalog/useCatalog';
import {catalogDescriptions} from '@site/src/catalog/descriptions';
import {useProgress} from '@site/src/lib/useProgress';
import {continueLesson, isLessonCompleted} from '@site/src/lib/progressCatalog';
import ProgressBar from '@site/src/components/progress/ProgressBar';
import PremiumUnlocks from '@site/src/components/payments/PremiumUnlocks';
import {lessonsNeedingPremium, needPremiumSuffix, usePremiumAccess} from '@site/src/lib/usePremiumAccess';
import {countNoun, courseStep, lessonsCompleted} from '@site/src/lib/learnerWording';
import styles from './pages.module.css';

export default function Modules(): React.JSX.Element {
  const {courses} = useCatalog();
  const {state, signedIn, reload} = useProgress({fresh: true});
  const summary = state.data;
  const access = usePremiumAccess();
  return (
    <Page title="Modules" description="All seven modules in course order, with their lessons.">
      <p>
        Work through the modules in order, or jump to the one you need.
        {signedIn ? ' Your progress is shown with each module.' : ' Sign in to keep track of where you are.'}
      </p>
      <PremiumUnlocks courses={courses} />
      {signedIn && state.status === 'error' && (
        <p role="alert" className={styles.loadError}>
          {state.error}{' '}
          <button type="button" className="button button--secondary button--sm" onClick={() => void reload()}>
            Retry
          </button>
        </p>
      )}
      <ol className={styles.moduleList}>
        {courses.map((course) => {
          const status = summary?.bySlug[course.slug];
          const next = continueLesson(course, status);
          return (
            <li key={course.slug} className={styles.moduleItem} data-testid={`module-${course.slug}`}>
              <div className={styles.moduleHead}>
                <Heading as="h2" className={styles.moduleTitle}>
                  <Link to={course.permalink}>{course.title}</Link>
                </Heading>
                <span className={styles.badge}>
                  {countNoun(course.lessons.length, 'lesson')}
                </span>
              </div>
              <p>{catalogDescriptions.courses[course.slug]}</p>
              {signedIn && summary && (
                <div className={styles.moduleProgress}>
                  <ProgressBar
                    className={styles.moduleBar}
                    size="small"
                    percentage={status?.percentage ?? 0}
                    label={`${course.title} progress`}
                    detail={`${lessonsCompleted(status?.completedLessons ?? 0, status?.totalLessons ?? course.lessons.length)}${needPremiumSuffix(
                      lessonsNeedingPremium(course.lessons, (slug) => isLessonCompleted(status, slug), access),
                    )}`}
                  />
                  {next ? (
                    <Link className="button button--primary button--sm" to={next.permalink} aria-label={`${courseStep(status)} ${course.title}: ${next.title}`}>
                      {courseStep(status)}
                    </Link>
                  ) : (
                    <span className={styles.moduleDone}>Completed ✓</span>
                  )}
                </div>
              )}
              <details>
                <summary>Lessons</summary>
                <ol>
                  {course.lessons.map((lesson) => (
                    <li key={lesson.slug}>
                      <Link to={lesson.permalink}>{lesson.title}</Link>
                      {lesson.isPremium && (
                        <span className={styles.premium}>
                          {' '}
                          · Premium
                          {access === 'none' && !isLessonCompleted(status, lesson.slug) && (
                            <span data-locked="true"> · locked</span>
                          )}
                        </span>
                      )}
                      {signedIn && isLessonCompleted(status, lesson.slug) && <span className={styles.moduleDone}> ✓ completed</span>}
                    </li>
                  ))}
                </ol>
              </details>
            </li>
          );
        })}
      </ol>
    </Page>
  );
}
