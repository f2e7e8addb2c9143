// How many courses, lessons, Premium lessons, knowledge checks and course certificates the catalog
// holds, for the pages that state those numbers in prose (docs/modules.mdx, docs/intro.mdx through
// <CatalogCount>, /pricing): derived from the docs tree at build time, so a lesson added or made
// Premium cannot leave a stale count behind.
import type {CourseCatalog} from './types';

export type CatalogCountKind = 'courses' | 'lessons' | 'premium' | 'free' | 'checks' | 'freeChecks' | 'certificates' | 'freeCertificates';

/** A course has a certificate when a lesson of it has a knowledge check; it is free when none of those lessons is Premium. */
function certificateCourses(catalog: CourseCatalog, freeOnly: boolean): number {
  return catalog.courses.filter((c) => {
    const checked = c.lessons.filter((l) => l.hasKnowledgeCheck === true);
    return checked.length > 0 && (!freeOnly || checked.every((l) => !l.isPremium));
  }).length;
}

export function catalogCount(catalog: CourseCatalog, of: CatalogCountKind, course?: string): number {
  if (of === 'courses' || of === 'certificates' || of === 'freeCertificates') {
    if (course !== undefined) throw new Error('a course count cannot be limited to one course');
    return of === 'courses' ? catalog.courses.length : certificateCourses(catalog, of === 'freeCertificates');
  }
  const courses = course === undefined ? catalog.courses : catalog.courses.filter((c) => c.slug === course);
  if (courses.length === 0) throw new Error(`no course "${course}" in the catalog`);
  const lessons = courses.flatMap((c) => c.lessons);
  if (of === 'premium') return lessons.filter((l) => l.isPremium).length;
  if (of === 'free') return lessons.filter((l) => !l.isPremium).length;
  if (of === 'checks') return lessons.filter((l) => l.hasKnowledgeCheck === true).length;
  if (of === 'freeChecks') return lessons.filter((l) => l.hasKnowledgeCheck === true && !l.isPremium).length;
  return lessons.length;
}
