import React from 'react';
import type {CatalogCourse, CatalogLesson} from '@site/src/catalog/types';
import {useAuth} from '@site/src/lib/auth';
import LoadFailed from '@site/src/components/site/LoadFailed';
import {chunk, useChunk} from '@site/src/lib/chunk';
import ProgressInvite from '@site/src/components/progress/ProgressInvite';
import styles from './styles.module.css';

// Only signed-in learners run the panel (and its links to the neighbouring lessons).
const signedInLessonProgress = chunk(() => import('./SignedInLessonProgress').then((module) => module.default));

export interface LessonProgressProps {
  course: CatalogCourse;
  lesson: CatalogLesson;
  /** The lesson's position in the course (0-based). */
  index: number;
}

/**
 * The progress panel under a lesson. Signed-in learners: time on the page is recorded while the
 * tab is visible, "Mark as complete" ↔ "Completed", the course's bar and the previous/next
 * lessons. Anonymous visitors: a short invitation to sign in, nothing else.
 */
export default function LessonProgress(props: LessonProgressProps): React.JSX.Element | null {
  const {state} = useAuth();
  const panel = useChunk(signedInLessonProgress, state.status === 'signedIn');
  const SignedInLessonProgress = panel.value;
  if (state.status === 'loading') return <div className={styles.placeholder} aria-hidden="true" />;
  if (state.status === 'signedOut') {
    return <ProgressInvite>Sign in to track your progress in this course and mark lessons as complete.</ProgressInvite>;
  }
  if (panel.failed) return <LoadFailed what="your progress for this lesson" onRetry={panel.retry} />;
  if (!SignedInLessonProgress) return <div className={styles.placeholder} aria-hidden="true" />;
  return <SignedInLessonProgress key={`${state.user.id}:${props.lesson.docId}`} {...props} />;
}

