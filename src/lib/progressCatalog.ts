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
