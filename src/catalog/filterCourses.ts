import type {CatalogCourse, CatalogDescriptions} from './types';

/** Courses whose title, description, lesson titles or lesson descriptions contain every word of the query. */
export function filterCourses(courses: CatalogCourse[], query: string, descriptions: CatalogDescriptions): CatalogCourse[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return courses;
  return courses.filter((course) => {
    const haystack = [
      course.title,
      descriptions.courses[course.slug] ?? '',
      ...course.lessons.map((l) => `${l.title} ${descriptions.lessons[l.docId] ?? ''}`),
    ]
      .join(' ')
      .toLowerCase();
    return words.every((w) => haystack.includes(w));
  });
}

export function courseWordCount(course: CatalogCourse): number {
  return course.lessons.reduce((sum, lesson) => sum + lesson.wordCount, 0);
}
