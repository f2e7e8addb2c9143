// How many courses, lessons and Premium lessons the catalog holds, for the pages that state those
// numbers in prose (docs/modules.mdx, docs/intro.mdx through <CatalogCount>): derived from the docs
// tree at build time, so a lesson added or made Premium cannot leave a stale count behind.
import type {CourseCatalog} from './types';

export type CatalogCountKind = 'courses' | 'lessons' | 'premium' | 'free';

export function catalogCount(catalog: CourseCatalog, of: CatalogCountKind, course?: string): number {
  if (of === 'courses') {
    if (course !== undefined) throw new Error('a course count cannot be limited to one course');
    return catalog.courses.length;
  }
  const courses = course === undefined ? catalog.courses : catalog.courses.filter((c) => c.slug === course);
  if (courses.length === 0) throw new Error(`no course "${course}" in the catalog`);
  const lessons = courses.flatMap((c) => c.lessons);
  if (of === 'premium') return lessons.filter((l) => l.isPremium).length;
  if (of === 'free') return lessons.filter((l) => !l.isPremium).length;
  return lessons.length;
}
