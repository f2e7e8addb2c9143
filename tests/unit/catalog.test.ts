// The course catalog is derived from docs/: these tests fail when the docs tree, the catalog the
// site and sidebar use, and the database seed disagree.
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {readCatalog, countWords} from '../../src/catalog/readCatalog';
import {filterCourses} from '../../src/catalog/filterCourses';
import {catalogDescriptions} from '../../src/catalog/types';
import {seedSql} from '../../scripts/lib/seedSql';
import sidebars from '../../sidebars';

const root = path.resolve(__dirname, '../..');
const catalog = readCatalog(path.join(root, 'docs'));

// The product's course list (issue 2): modules in course order and their lesson slugs.
const EXPECTED: Record<string, string[]> = {
  'research-overview': ['primary-secondary-research', 'research-design', 'research-question', 'research-integrity', 'protocols-ethics-governance'],
  'literature-review': [
    'methodology',
    'accessing-full-text-articles',
    'additional-resources',
    'advanced-literature-discovery-techniques',
    'developing-search-strategies',
    'literature-databases-search-engines',
    'reading-analyzing-research-articles',
  ],
  'systematic-review': [
    'bias-assessment',
    'choosing-literature-database',
    'developing-search-query',
    'diagnostic-test-accuracy',
    'extraction-table',
    'full-text-screening',
    'living-rapid-reviews',
    'grade-certainty',
    'meta-analysis',
    'meta-analysis-in-depth',
    'network-meta-analysis',
    'non-reporting-bias',
    'qualitative-evidence-synthesis',
    'screen-title-abstract',
    'searching-articles',
    'time-to-event-continuous-data',
    'writing-manuscript',
  ],
  'data-analysis': ['overview', 'analysis-tests', 'high-yield-med-tools', 'sample-size', 'regression-confounding'],
  'manuscript-writing': ['templates'],
  'open-data': ['overview', 'workflow'],
  publishing: ['cover-letter', 'publishing-tools', 'licences-rights'],
};

describe('course catalog', () => {
  it('lists the seven modules in course order', () => {
    expect(catalog.courses.map((c) => c.slug)).toEqual(Object.keys(EXPECTED));
  });

  it('has exactly the lessons of each module, each with a title and description', () => {
    for (const course of catalog.courses) {
      expect([...course.lessons.map((l) => l.slug)].sort(), course.slug).toEqual([...(EXPECTED[course.slug] ?? [])].sort());
      for (const lesson of course.lessons) {
        expect(lesson.title.length).toBeGreaterThan(3);
        expect(lesson.description.length).toBeGreaterThan(10);
        expect(lesson.permalink).toBe(`/docs/modules/${course.slug}/${lesson.slug}`);
      }
    }
  });

  it('orders lessons by sidebar_position without gaps', () => {
    for (const course of catalog.courses) {
      expect(course.lessons.map((l) => l.orderIndex)).toEqual(course.lessons.map((_, i) => i + 1));
    }
  });

  it('drives the docs sidebar', () => {
    const items = sidebars.courseSidebar as unknown as Array<{type?: string; label?: string; items?: unknown[]}>;
    const categories = items.filter((i) => typeof i === 'object' && i.type === 'category');
    expect(categories.map((c) => c.label)).toEqual(catalog.courses.map((c) => c.title));
  });

  it('matches the committed supabase/seed.sql (run `npm run seed:generate` after changing docs)', () => {
    expect(fs.readFileSync(path.join(root, 'supabase/seed.sql'), 'utf8')).toBe(seedSql(catalog));
  });
});

describe('filterCourses', () => {
  const descriptions = catalogDescriptions(catalog);
  it('matches every word in titles, descriptions and lesson titles, case-insensitively', () => {
    expect(filterCourses(catalog.courses, '', descriptions)).toHaveLength(7);
    expect(filterCourses(catalog.courses, 'META-ANALYSIS', descriptions).map((c) => c.slug)).toContain('systematic-review');
    expect(filterCourses(catalog.courses, 'zzzz-no-such-topic', descriptions)).toEqual([]);
  });

  it('finds a course by a phrase that only a lesson description has, from the descriptions it is given', () => {
    const lesson = catalog.courses[2]!.lessons[0]!;
    const courseText = [catalog.courses[2]!.title, catalog.courses[2]!.description, ...catalog.courses[2]!.lessons.map((l) => l.title)].join(' ').toLowerCase();
    const word = lesson.description.split(/\s+/).find((w) => w.length > 5 && !courseText.includes(w.toLowerCase()));
    expect(word).toBeDefined();
    expect(filterCourses(catalog.courses, word!, descriptions).map((c) => c.slug)).toContain(catalog.courses[2]!.slug);
    expect(filterCourses(catalog.courses, word!, {courses: descriptions.courses, lessons: {}}).map((c) => c.slug)).not.toContain(catalog.courses[2]!.slug);
  });
});

describe('countWords', () => {
  it('counts heading and prose words, ignoring imports and markup', () => {
    expect(countWords("import X from 'y';\n\n# Title\n\nOne two <b>three</b> — four.")).toBe(5);
  });
});
