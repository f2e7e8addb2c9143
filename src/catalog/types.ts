/** One lesson page of a course, as the docs tree declares it (the catalog every page carries). */
export interface CatalogLesson {
  slug: string;
  title: string;
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

/**
 * A lesson with its front-matter description. The database keeps descriptions and a few pages
 * show or search them, so the catalog in every page's code leaves them out (they were 60 % of its
 * weight): those pages import them as a module of their own (./descriptions.ts).
 */
export interface DescribedLesson extends CatalogLesson {
  description: string;
}

/** One course (module): a folder under docs/modules with an index page. */
export interface CatalogCourse<Lesson extends CatalogLesson = CatalogLesson> {
  slug: string;
  title: string;
  orderIndex: number;
  docId: string;
  permalink: string;
  lessons: Lesson[];
}

export interface CourseCatalog {
  courses: CatalogCourse[];
}

/** A course with its description and its lessons'. */
export interface DescribedCourse extends CatalogCourse<DescribedLesson> {
  description: string;
}

/** The catalog as read from docs/ (readCatalog.ts): what the database is seeded and synced from. */
export interface DescribedCatalog {
  courses: DescribedCourse[];
}

/** The descriptions, by course slug and by lesson doc id. */
export interface CatalogDescriptions {
  courses: Record<string, string>;
  lessons: Record<string, string>;
}

/** The catalog every page carries: the same without descriptions. */
export function withoutDescriptions(catalog: DescribedCatalog): CourseCatalog {
  return {
    courses: catalog.courses.map(({description: _course, ...course}) => ({
      ...course,
      lessons: course.lessons.map(({description: _lesson, ...lesson}) => lesson),
    })),
  };
}

export function catalogDescriptions(catalog: DescribedCatalog): CatalogDescriptions {
  return {
    courses: Object.fromEntries(catalog.courses.map((course) => [course.slug, course.description])),
    lessons: Object.fromEntries(catalog.courses.flatMap((course) => course.lessons.map((lesson) => [lesson.docId, lesson.description]))),
  };
}

/** Words a learner reads per minute, used for the "estimated reading time" figures. */
const READING_WORDS_PER_MINUTE = 200;

export function readingMinutes(words: number): number {
  return Math.max(1, Math.round(words / READING_WORDS_PER_MINUTE));
}
