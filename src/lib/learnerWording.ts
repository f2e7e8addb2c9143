// The words every progress view uses for the same facts, so /modules, /progress, a course page,
// a lesson and the home page cannot disagree ("Continue" at 0 % on one, "Start" on another;
// "0 of 1 lessons"). Pure functions: the components only place them.

/** "1 lesson", "3 lessons": the count with its noun in the right number. */
export function countNoun(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

/** "0 of 1 lesson completed", "2 of 5 lessons completed": the noun agrees with the total. */
export function lessonsCompleted(completed: number, total: number): string {
  return `${completed} of ${countNoun(total, 'lesson')} completed`;
}

/** What the button on a course says for the learner: one rule for every page. */
export type CourseStep = 'Start' | 'Continue' | 'Completed';

/**
 * Start until the learner has opened or completed any lesson of the course, Continue after
 * that, Completed when every lesson is done. `started` is the progress summary's own flag (a
 * course row or an opened lesson), so a course opened but at 0 % already says Continue.
 */
export function courseStep(status: {started: boolean; completedLessons: number; totalLessons: number} | undefined): CourseStep {
  if (!status) return 'Start';
  if (status.totalLessons > 0 && status.completedLessons >= status.totalLessons) return 'Completed';
  return status.started || status.completedLessons > 0 ? 'Continue' : 'Start';
}

/**
 * The certificate note's Premium sentence: how many of the lessons with a check are Premium,
 * said so that a course whose only checked lesson is Premium does not read "One of these".
 */
export function premiumCheckedLessons(premium: number, checked: number): string {
  if (checked === 1) return 'This lesson is';
  if (premium === checked) return `All ${checked} of these lessons are`;
  return premium === 1 ? 'One of these lessons is' : `${premium} of these lessons are`;
}
