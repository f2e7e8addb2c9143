// The signed-in learner's progress panel, in a chunk of its own: anonymous visitors, who see only
// the invitation in index.tsx, never download it.
import React, {useCallback, useEffect, useRef, useState} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import {useAuth} from '@site/src/lib/auth';
import {supabaseConfig} from '@site/src/lib/config';
import {sendProgressBeacon, trackLesson} from '@site/src/lib/progress';
import {isLessonCompleted, lessonNeighbours} from '@site/src/lib/progressCatalog';
import {useProgress} from '@site/src/lib/useProgress';
import {startLessonTimeTracking, type LessonTimeTracking} from '@site/src/lib/progressTracker';
import ProgressBar from '@site/src/components/progress/ProgressBar';
import {lessonsCompleted} from '@site/src/lib/learnerWording';
import RetryMessage from '@site/src/components/site/RetryMessage';
import {errorMessage} from '@site/src/lib/data/errorText';
import type {LessonProgressProps} from './index';
import styles from './styles.module.css';

export default function SignedInLessonProgress({course, lesson, index}: LessonProgressProps): React.JSX.Element {
  const {state: auth, getClient} = useAuth();
  // reload() invalidates the learner's progress after each write here: every view showing it
  // (this panel, the sidebar ticks) reads it again.
  const {state, reload} = useProgress();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [optimistic, setOptimistic] = useState<{completed: boolean; percentage: number} | null>(null);
  const tracking = useRef<LessonTimeTracking | null>(null);
  const accessToken = useRef<string | null>(auth.session?.access_token ?? null);

  useEffect(() => {
    accessToken.current = auth.session?.access_token ?? null;
  }, [auth.session]);

  const courseSlug = course.slug;
  const lessonSlug = lesson.slug;

  useEffect(() => {
    let cancelled = false;
    const {url, publishableKey} = supabaseConfig();
    const tracker = startLessonTimeTracking({
      async send(seconds) {
        const result = await trackLesson(await getClient(), {courseSlug, lessonSlug, seconds});
        if (result.error !== null && !cancelled) setError(result.error);
        return result.error === null;
      },
      beacon(seconds) {
        const token = accessToken.current;
        if (token) sendProgressBeacon({supabaseUrl: url, publishableKey, accessToken: token}, {courseSlug, lessonSlug, seconds});
      },
    });
    tracking.current = tracker;
    // Record the visit itself (last accessed, course started), then show fresh numbers.
    void (async () => {
      try {
        const result = await trackLesson(await getClient(), {courseSlug, lessonSlug, seconds: 0});
        if (cancelled) return;
        if (result.error !== null) setError(result.error);
        else await reload();
      } catch (e) {
        if (!cancelled) setError(errorMessage(e));
      }
    })();
    return () => {
      cancelled = true;
      tracking.current = null;
      tracker.stop();
    };
  }, [courseSlug, lessonSlug, getClient, reload]);

  const status = state.data?.bySlug[courseSlug];
  const storedCompleted = isLessonCompleted(status, lessonSlug);
  const completed = optimistic?.completed ?? storedCompleted;
  const percentage = optimistic?.percentage ?? status?.percentage ?? 0;
  const total = status?.totalLessons ?? course.lessons.length;
  const done = status ? status.completedLessons + (optimistic && optimistic.completed !== storedCompleted ? (optimistic.completed ? 1 : -1) : 0) : 0;
  // While progress is read again its last answer stays on screen.
  const ready = state.data !== null || optimistic !== null;

  const toggle = useCallback(async () => {
    const next = !completed;
    setBusy(true);
    setError(null);
    const tracker = tracking.current;
    const seconds = tracker?.take() ?? 0;
    try {
      const result = await trackLesson(await getClient(), {courseSlug, lessonSlug, seconds, completed: next});
      if (result.error !== null) {
        tracker?.giveBack(seconds);
        setError(result.error);
        return;
      }
      setOptimistic({completed: next, percentage: result.data.progress_percentage});
      await reload();
      setOptimistic(null);
    } catch (e) {
      tracker?.giveBack(seconds);
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }, [completed, courseSlug, lessonSlug, getClient, reload]);

  const {previous, next} = lessonNeighbours(course, index);
  return (
    <section className={styles.panel} aria-labelledby={`lesson-progress-${lesson.slug}`} data-testid="lesson-progress">
      <div className={styles.head}>
        <h2 className={styles.title} id={`lesson-progress-${lesson.slug}`}>
          Your progress in {course.title}
        </h2>
        <button
          type="button"
          className={clsx('button', completed ? 'button--success' : 'button--primary', styles.complete)}
          aria-pressed={completed}
          title={completed ? 'Select to mark this lesson as not complete' : undefined}
          disabled={busy || !ready}
          onClick={() => void toggle()}>
          {completed ? '✓ Completed' : 'Mark as complete'}
        </button>
      </div>
      {state.status === 'error' && !optimistic ? (
        <RetryMessage className={styles.error} onRetry={() => void reload()}>
          {state.error}
        </RetryMessage>
      ) : (
        <ProgressBar
          percentage={ready ? percentage : 0}
          label={`${course.title} progress`}
          detail={ready ? lessonsCompleted(Math.max(0, done), total) : 'Loading…'}
        />
      )}
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <nav className={styles.nav} aria-label="Lessons in this course">
        {previous ? (
          <Link className={styles.prev} to={previous.permalink}>
            <span className={styles.navLabel}>Previous lesson</span>
            <span>{previous.title}</span>
          </Link>
        ) : (
          <Link className={styles.prev} to={course.permalink}>
            <span className={styles.navLabel}>Course overview</span>
            <span>{course.title}</span>
          </Link>
        )}
        {next ? (
          <Link className={styles.next} to={next.permalink}>
            <span className={styles.navLabel}>Next lesson</span>
            <span>{next.title}</span>
          </Link>
        ) : (
          <Link className={styles.next} to={course.permalink}>
            <span className={styles.navLabel}>Back to the course</span>
            <span>{course.title}</span>
          </Link>
        )}
      </nav>
    </section>
  );
}
