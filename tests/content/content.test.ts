// The docs tree teaches: every page has what a learner needs to use it, in a readable shape.
import {describe, expect, it} from 'vitest';
import {countWords} from '../../src/catalog/readCatalog';
import {emptySections, listDocFiles, readDoc, type DocPage} from './docsTree';

// docs/index.mdx is the /docs entry and renders the Research Overview landing page itself.
const pages = listDocFiles().map(readDoc).filter((p) => p.id !== 'index');
const isLanding = (p: DocPage) => /^modules\/[^/]+\/index$/.test(p.id);
const isLesson = (p: DocPage) => /^modules\/[^/]+\/(?!index$)[^/]+$/.test(p.id) || p.id === 'academic-writing';
const overviewPages = ['intro', 'modules', 'video-integration'];

const PREMIUM = new Set([
  'modules/literature-review/advanced-literature-discovery-techniques',
  'modules/systematic-review/extraction-table',
  'modules/systematic-review/bias-assessment',
  'modules/systematic-review/meta-analysis',
  'modules/systematic-review/meta-analysis-in-depth',
  'modules/systematic-review/grade-certainty',
  'modules/systematic-review/writing-manuscript',
  'modules/systematic-review/diagnostic-test-accuracy',
  'modules/systematic-review/qualitative-evidence-synthesis',
  'modules/systematic-review/network-meta-analysis',
  'modules/systematic-review/living-rapid-reviews',
  'modules/systematic-review/time-to-event-continuous-data',
  'modules/data-analysis/sample-size',
  'modules/data-analysis/high-yield-med-tools',
  'modules/data-analysis/regression-confounding',
  'modules/manuscript-writing/templates',
  'modules/publishing/cover-letter',
]);

const h2 = (p: DocPage) => p.headings.filter((h) => h.level === 2).map((h) => h.text);
const externalLinks = (p: DocPage) => p.body.match(/\]\(https?:\/\/[^)\s]+\)/g) ?? [];

describe('docs tree', () => {
  it('has every lesson, landing and overview page', () => {
    expect(pages.filter(isLesson).length).toBe(41); // 40 module lessons + academic writing
    expect(pages.filter(isLanding).length).toBe(7);
    for (const id of overviewPages) expect(pages.map((p) => p.id)).toContain(id);
  });
});

describe.each(pages.map((p) => [p.id, p] as const))('%s', (_id, page) => {
  it('has a title and a description in front matter', () => {
    expect(typeof page.data.title).toBe('string');
    expect(String(page.data.title).trim()).not.toBe('');
    expect(typeof page.data.description).toBe('string');
    expect(String(page.data.description).length).toBeGreaterThan(20);
    expect(String(page.data.description).length).toBeLessThanOrEqual(200);
  });

  it('states learning objectives as a list', () => {
    const objectives = page.headings.find((h) => h.level === 2 && /^Learning objectives/i.test(h.text));
    expect(objectives, 'a "## Learning objectives" section').toBeDefined();
    const after = page.body.split('\n').slice((objectives as {line: number}).line + 1, (objectives as {line: number}).line + 12);
    expect(after.some((line) => /^\s*([-*]|\d+\.)\s+\S/.test(line))).toBe(true);
  });

  it('cites at least one primary source with a link', () => {
    expect(h2(page).at(-1)).toMatch(/^References/);
    expect(externalLinks(page).length).toBeGreaterThanOrEqual(1);
  });

  it('has headings in order and no empty section', () => {
    expect(page.headings.filter((h) => h.level === 1)).toEqual([]);
    let previous = 1;
    for (const heading of page.headings) {
      expect(heading.level, `"${heading.text}" skips a level`).toBeLessThanOrEqual(previous + 1);
      previous = heading.level;
    }
    expect(emptySections(page)).toEqual([]);
  });

  it('is premium exactly when listed', () => {
    expect(page.data.premium === true).toBe(PREMIUM.has(page.id));
  });

  if (isLesson(page)) {
    it('is a full lesson: worked example, common mistakes, checklist or summary, 900+ words', () => {
      const sections = h2(page);
      expect(sections.some((s) => /^Worked example/i.test(s))).toBe(true);
      expect(sections.some((s) => /^Common mistakes/i.test(s))).toBe(true);
      expect(sections.some((s) => /^(Checklist|Summary)/i.test(s))).toBe(true);
      // The practice exercises are extra: the 2,300-word ceiling keeps the teaching text readable.
      const words = countWords(page.body.split(/^## Practice exercises$/m)[0] as string);
      expect(words).toBeGreaterThanOrEqual(900);
      expect(words).toBeLessThanOrEqual(2300);
    });
  } else if (isLanding(page)) {
    it('introduces the module, says who it is for and lists every lesson', () => {
      const sections = h2(page);
      expect(sections.some((s) => /^Who this module is for/i.test(s))).toBe(true);
      expect(sections.some((s) => /^Lessons in this module/i.test(s))).toBe(true);
      const course = page.id.split('/')[1] as string;
      const lessons = pages.filter((p) => isLesson(p) && p.id.startsWith(`modules/${course}/`));
      for (const lesson of lessons) {
        const slug = lesson.id.split('/').at(-1) as string;
        expect(page.body, `links to ${slug}`).toMatch(new RegExp(`\\]\\(\\./${slug}(\\.mdx?)?\\)`));
      }
      expect(countWords(page.body)).toBeGreaterThanOrEqual(250);
    });
  } else {
    it('has enough to read', () => {
      expect(countWords(page.body)).toBeGreaterThanOrEqual(250);
    });
  }
});
