import type {CatalogCourse} from './types';

/** Courses whose title, description or lesson titles contain every word of the query. */
export function filterCourses(courses: CatalogCourse[], query: string): CatalogCourse[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return courses;
  return courses.filter((course) => {
    const haystack = [course.title, course.description, ...course.lessons.map((l) => `${l.title} ${l.description}`)]
      .join(' ')
      .toLowerCase();
    return words.every((w) => haystack.includes(w));
  });
}

export function courseWordCount(course: CatalogCourse): number {
  return course.lessons.reduce((sum, lesson) => sum + lesson.wordCount, 0);
}
