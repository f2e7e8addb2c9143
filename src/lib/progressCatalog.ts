// Joins the build-time course catalog (routes, titles, order as the site shows them) with the
// learner's progress (keyed by course and lesson slug). Pure functions only.
import type {CatalogCourse, CatalogLesson, CourseCatalog} from '../catalog/types';
import type {CourseStatus, ProgressSummary} from './progress';

export type DocEntry =
  | {kind: 'lesson'; course: CatalogCourse; lesson: CatalogLesson; index: number}
  | {kind: 'course'; course: CatalogCourse};

/** What a doc page is in the catalog: a course's landing page, one of its lessons, or neither. */
export function findDocEntry(catalog: CourseCatalog, docId: string): DocEntry | null {
  for (const course of catalog.courses) {
    if (course.docId === docId) return {kind: 'course', course};
    const index = course.lessons.findIndex((l) => l.docId === docId);
    const lesson = course.lessons[index];
    if (lesson) return {kind: 'lesson', course, lesson, index};
  }
  return null;
}

export function lessonNeighbours(course: CatalogCourse, index: number): {previous: CatalogLesson | null; next: CatalogLesson | null} {
  return {previous: course.lessons[index - 1] ?? null, next: course.lessons[index + 1] ?? null};
}

export function isLessonCompleted(status: CourseStatus | undefined, lessonSlug: string): boolean {
  return status?.lessons.some((l) => l.slug === lessonSlug && l.completed) ?? false;
}

/** Where "Continue" leads: the first lesson not yet completed, in the site's order (null when all are done). */
export function continueLesson(course: CatalogCourse, status: CourseStatus | undefined): CatalogLesson | null {
  return course.lessons.find((l) => !isLessonCompleted(status, l.slug)) ?? null;
}

const completedCache = new WeakMap<ProgressSummary, Set<string>>();

/** Doc ids (`modules/<course>/<lesson>`) of completed lessons, for the sidebar ticks. */
export function completedDocIds(summary: ProgressSummary): Set<string> {
  let ids = completedCache.get(summary);
  if (!ids) {
    ids = new Set(summary.courses.flatMap((c) => c.lessons.filter((l) => l.completed).map((l) => `modules/${c.slug}/${l.slug}`)));
    completedCache.set(summary, ids);
  }
  return ids;
}

export function lessonPermalink(catalog: CourseCatalog, courseSlug: string, lessonSlug: string): string | null {
  const course = catalog.courses.find((c) => c.slug === courseSlug);
  return course?.lessons.find((l) => l.slug === lessonSlug)?.permalink ?? null;
}

export interface ResumePoint {
  /** The lesson opened most recently, with its course. */
  last: {course: CatalogCourse; lesson: CatalogLesson} | null;
  /** Where to go after it: the first unfinished lesson after the last one in its course, else
   * the course's first unfinished one; with no history, the first lesson of the first course. */
  next: {course: CatalogCourse; lesson: CatalogLesson} | null;
  /** The courses the learner has started, in the site's order, with their status. */
  started: {course: CatalogCourse; status: CourseStatus}[];
}

/** "Continue where you left off" on the signed-in home page, from the same summary /progress shows. */
export function resumePoint(catalog: CourseCatalog, summary: ProgressSummary): ResumePoint {
  const started = catalog.courses.flatMap((course) => {
    const status = summary.bySlug[course.slug];
    return status?.started ? [{course, status}] : [];
  });
  const recent = summary.recent.flatMap((r) => {
    const course = catalog.courses.find((c) => c.slug === r.courseSlug);
    const lesson = course?.lessons.find((l) => l.slug === r.lessonSlug);
    return course && lesson ? [{course, lesson}] : [];
  });
  const last = recent[0] ?? null;
  if (!last) {
    const course = catalog.courses[0];
    const lesson = course?.lessons[0];
    return {last: null, next: course && lesson ? {course, lesson} : null, started};
  }
  const status = summary.bySlug[last.course.slug];
  const index = last.course.lessons.findIndex((l) => l.slug === last.lesson.slug);
  const unfinished = (l: CatalogLesson) => l.slug !== last.lesson.slug && !isLessonCompleted(status, l.slug);
  const lesson = last.course.lessons.slice(index + 1).find(unfinished) ?? last.course.lessons.find(unfinished) ?? null;
  return {last, next: lesson ? {course: last.course, lesson} : null, started};
}
