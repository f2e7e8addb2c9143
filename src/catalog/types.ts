/** One lesson page of a course, as the docs tree declares it. */
export interface CatalogLesson {
  slug: string;
  title: string;
  description: string;
  orderIndex: number;
  isPremium: boolean;
  /** Docusaurus doc id, e.g. `modules/data-analysis/overview`. */
  docId: string;
  /** Route of the lesson page. */
  permalink: string;
  wordCount: number;
  /**
   * The lesson has a knowledge check (`<lesson>.check.yaml`). Only the fact: the questions and
   * answers live in the database, never in the build.
   */
  hasKnowledgeCheck?: boolean;
}

/** One course (module): a folder under docs/modules with an index page. */
export interface CatalogCourse {
  slug: string;
  title: string;
  description: string;
  orderIndex: number;
  docId: string;
  permalink: string;
  lessons: CatalogLesson[];
}

export interface CourseCatalog {
  courses: CatalogCourse[];
}

/** Words a learner reads per minute, used for the "estimated reading time" figures. */
const READING_WORDS_PER_MINUTE = 200;

export function readingMinutes(words: number): number {
  return Math.max(1, Math.round(words / READING_WORDS_PER_MINUTE));
}
