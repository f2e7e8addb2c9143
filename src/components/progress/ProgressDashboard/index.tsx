import React, {type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import type {CourseCatalog} from '@site/src/catalog/types';
import type {ProgressStats, ProgressSummary} from '@site/src/lib/progress';
import {continueLesson, lessonPermalink} from '@site/src/lib/progressCatalog';
import ProgressBar from '@site/src/components/progress/ProgressBar';
import CourseChecks from '@site/src/components/certificates/CourseChecks';
import {checksPassedByCourse, type CheckStatus} from '@site/src/lib/knowledgeChecks';
import {lessonsNeedingPremium, needPremiumSuffix, usePremiumAccess} from '@site/src/lib/usePremiumAccess';
import {courseStep, lessonsCompleted} from '@site/src/lib/learnerWording';
import {formatLongDate} from '@site/src/lib/longDate';
import styles from './styles.module.css';

export interface ProgressDashboardProps {
  catalog: CourseCatalog;
  /** Null while loading or after a failure: the lists stay empty. */
  summary: ProgressSummary | null;
  loading: boolean;
  error: string | null;
  onRetry(): void;
  /** The learner's knowledge-check statuses (null until loaded): "n of m checks passed" per course. */
  checks?: CheckStatus[] | null;
}

const EMPTY_STATS: ProgressStats = {totalCourses: 0, coursesStarted: 0, coursesCompleted: 0, lessonsCompleted: 0, totalLessons: 0, totalMinutes: 0};

/** One part of the dashboard, a region named by its heading. */
function Part({id, title, children}: {id: string; title: string; children: ReactNode}): React.JSX.Element {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className={styles.heading}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** /progress for a signed-in learner: the stats, a bar per course and the recently opened lessons. */
export default function ProgressDashboard({catalog, summary, loading, error, onRetry, checks = null}: ProgressDashboardProps): React.JSX.Element {
  const checkCounts = checksPassedByCourse(checks ?? []);
  const stats = summary?.stats ?? EMPTY_STATS;
  const access = usePremiumAccess();
  const courses = (summary?.courses ?? []).flatMap((status) => {
    const course = catalog.courses.find((c) => c.slug === status.slug);
    return course ? [{course, status}] : [];
  });
  const recent = (summary?.recent ?? []).flatMap((r) => {
    const permalink = lessonPermalink(catalog, r.courseSlug, r.lessonSlug);
    return permalink ? [{...r, permalink}] : [];
  });
  const figures: {label: string; value: string; testId: string}[] = [
    {label: 'Courses', value: String(stats.totalCourses), testId: 'stat-courses'},
    {label: 'Courses started', value: String(stats.coursesStarted), testId: 'stat-started'},
    {label: 'Courses completed', value: String(stats.coursesCompleted), testId: 'stat-completed'},
    {label: 'Lessons completed', value: `${stats.lessonsCompleted} of ${stats.totalLessons}`, testId: 'stat-lessons'},
    {label: 'Time spent', value: `${stats.totalMinutes} min`, testId: 'stat-minutes'},
  ];

  return (
    <div className={styles.dashboard} aria-busy={loading}>
      {error && (
        <div className={styles.error} role="alert">
          <p>{error}</p>
          <button type="button" className="button button--primary button--sm" onClick={onRetry}>
            Retry
          </button>
        </div>
      )}
      <Part id="progress-stats" title="Overview">
        <dl className={styles.stats}>
          {figures.map((f) => (
            <div key={f.label} className={styles.stat}>
              <dt>{f.label}</dt>
              <dd data-testid={f.testId}>{summary ? f.value : '–'}</dd>
            </div>
          ))}
        </dl>
      </Part>

      <Part id="progress-courses" title="Courses">
        {loading && !summary && <p className={styles.muted}>Loading your progress…</p>}
        <ul className={styles.courses}>
          {courses.map(({course, status}) => {
            const next = continueLesson(course, status);
            const counted = checkCounts[course.slug];
            return (
              <li key={course.slug} className={styles.course} data-testid={`progress-course-${course.slug}`}>
                <div className={styles.courseHead}>
                  <Link to={course.permalink} className={styles.courseTitle}>
                    {course.title}
                  </Link>
                  {next ? (
                    <Link to={next.permalink} className="button button--sm button--secondary">
                      {courseStep(status)}
                    </Link>
                  ) : (
                    <span className={styles.done}>Completed ✓</span>
                  )}
                </div>
                <ProgressBar
                  size="small"
                  percentage={status.percentage}
                  label={`${course.title} progress`}
                  detail={`${lessonsCompleted(status.completedLessons, status.totalLessons)}${needPremiumSuffix(
                    lessonsNeedingPremium(course.lessons, (slug) => status.lessons.some((l) => l.slug === slug && l.completed), access),
                  )}${counted ? ` · ${counted.passed} of ${counted.total} checks passed` : ''}`}
                />
                <CourseChecks course={course} statuses={(checks ?? []).filter((c) => c.courseSlug === course.slug)} />
              </li>
            );
          })}
        </ul>
      </Part>

      <Part id="progress-recent" title="Recently accessed lessons">
        {summary && recent.length === 0 && <p className={styles.muted}>Lessons you open will appear here.</p>}
        <ul className={styles.recent}>
          {recent.map((r) => (
            <li key={`${r.courseSlug}/${r.lessonSlug}`} className={styles.recentItem}>
              <div>
                <div className={styles.recentTitle}>
                  {r.lessonTitle} {r.completed && <span className={styles.tick}>✓ Completed</span>}
                </div>
                <div className={styles.muted}>
                  {r.courseTitle} · {formatLongDate(new Date(r.lastAccessedAt))}
                </div>
              </div>
              <Link to={r.permalink} className="button button--sm button--primary" aria-label={`Resume ${r.lessonTitle}`}>
                Resume
              </Link>
            </li>
          ))}
        </ul>
      </Part>
    </div>
  );
}
