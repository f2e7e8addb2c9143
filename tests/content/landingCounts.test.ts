// Landing pages state how many modules, lessons and Premium lessons the course has. Issue #29
// found docs/modules.mdx still saying 28 lessons and 9 Premium after six lessons were added: the
// counts now come from the catalog through <CatalogCount> (src/components/lesson/CatalogCount), and this
// test keeps hand-written counts out of those pages and checks what the component is given.
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {DOCS_DIR, listDocFiles, readDoc, withoutCode, type DocPage} from './docsTree';
import {readCatalog} from '../../src/catalog/readCatalog';
import {catalogCount, type CatalogCountKind} from '../../src/catalog/counts';

const catalog = readCatalog(DOCS_DIR);
const pages = listDocFiles().map(readDoc);
const page = (id: string) => pages.find((p) => p.id === id) as DocPage;

/** Pages that describe the course as a whole or one module as a whole. */
const landingPages = pages.filter((p) => ['intro', 'modules', 'index'].includes(p.id) || /^modules\/[^/]+\/index$/.test(p.id));

const NUMBER_WORDS = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen', 'twenty', 'thirty', 'forty', 'fifty'];
const NUMBER = `(?:\\d+|${NUMBER_WORDS.join('|')})(?:[- ](?:${NUMBER_WORDS.join('|')}))?`;

interface CountElement {
  of: string;
  course?: string;
}

const countElements = (body: string): CountElement[] =>
  [...body.matchAll(/<CatalogCount\b([^>]*)\/>/g)].map((m) => ({
    of: /\bof="([^"]*)"/.exec(m[1] as string)?.[1] ?? '',
    course: /\bcourse="([^"]*)"/.exec(m[1] as string)?.[1],
  }));

/** Prose with the component elements, list numbers and link targets taken out. */
const prose = (p: DocPage) =>
  withoutCode(p.body)
    .replace(/<CatalogCount\b[^>]*\/>/g, 'N')
    .replace(/^\s*\d+\.\s/gm, '')
    .replace(/\]\([^)]*\)/g, ']');

describe('lesson counts on landing pages', () => {
  it('are never written by hand: a number next to "lessons" or "Premium" comes from <CatalogCount>', () => {
    const qualifiers = '(?:premium|free|new|more|advanced|other|of\\s+them(?:\\s+are)?)\\s+';
    const pattern = new RegExp(`\\b${NUMBER}\\s+(?:${qualifiers})*(?:lessons?|Premium)\\b`, 'gi');
    for (const p of landingPages) {
      const found = prose(p).match(pattern) ?? [];
      expect(found, `${p.id} states a count by hand`).toEqual([]);
    }
  });

  it('the modules table and the totals use the catalog for every module', () => {
    const modules = page('modules');
    const perCourse = countElements(modules.body).filter((e) => e.of === 'lessons' && e.course);
    expect(perCourse.map((e) => e.course)).toEqual(catalog.courses.map((c) => c.slug));
    for (const of of ['lessons', 'premium', 'free']) {
      expect(countElements(modules.body), `modules.mdx states the total of ${of}`).toContainEqual({of, course: undefined});
    }
    expect(countElements(page('intro').body).length).toBeGreaterThan(0);
  });

  it('every <CatalogCount> asks for something the catalog has, on a page that imports it', () => {
    for (const p of pages) {
      const elements = countElements(p.body);
      if (elements.length === 0) continue;
      expect(p.body, `${p.id} imports CatalogCount`).toContain("import CatalogCount from '@site/src/components/lesson/CatalogCount';");
      for (const {of, course} of elements) {
        expect(['courses', 'lessons', 'premium', 'free'], `${p.id}: of="${of}"`).toContain(of);
        expect(() => catalogCount(catalog, of as CatalogCountKind, course), `${p.id}: course="${course}"`).not.toThrow();
      }
    }
  });

  it('"seven modules" and the like match the number of modules', () => {
    const words = NUMBER_WORDS;
    for (const p of landingPages) {
      for (const m of prose(p).matchAll(new RegExp(`\\b(${NUMBER})\\s+modules\\b`, 'gi'))) {
        const said = m[1]?.toLowerCase() as string;
        const value = /^\d+$/.test(said) ? Number(said) : words.indexOf(said) + 1;
        expect(value, `${p.id}: "${m[0]}"`).toBe(catalog.courses.length);
      }
    }
  });
});

describe('catalogCount', () => {
  // Counted here straight from the files, independently of readCatalog.
  const lessonFiles = fs
    .readdirSync(path.join(DOCS_DIR, 'modules'), {withFileTypes: true})
    .filter((d) => d.isDirectory())
    .flatMap((d) => listDocFiles(path.join(DOCS_DIR, 'modules', d.name)))
    .filter((file) => !/\/index\.mdx?$/.test(file));
  const premiumFiles = lessonFiles.filter((file) => readDoc(file).data.premium === true);

  it('counts every lesson file and every Premium one', () => {
    expect(catalogCount(catalog, 'lessons')).toBe(lessonFiles.length);
    expect(catalogCount(catalog, 'premium')).toBe(premiumFiles.length);
    expect(catalogCount(catalog, 'free')).toBe(lessonFiles.length - premiumFiles.length);
    expect(catalogCount(catalog, 'courses')).toBe(catalog.courses.length);
  });

  it('per course, and the courses add up to the total', () => {
    const perCourse = catalog.courses.map((c) => catalogCount(catalog, 'lessons', c.slug));
    expect(perCourse.reduce((a, b) => a + b, 0)).toBe(lessonFiles.length);
    for (const course of catalog.courses) {
      const dir = path.join(DOCS_DIR, 'modules', course.slug);
      expect(catalogCount(catalog, 'lessons', course.slug)).toBe(lessonFiles.filter((f) => path.dirname(f) === dir).length);
    }
  });

  it('counts knowledge checks and course certificates for /pricing, free and with Premium', () => {
    const checked = (premium: boolean | null) => lessonFiles.filter((f) => premium === null || premiumFiles.includes(f) === premium).length;
    expect(catalogCount(catalog, 'checks')).toBe(checked(null));
    expect(catalogCount(catalog, 'freeChecks')).toBe(checked(false));
    expect(catalogCount(catalog, 'certificates')).toBe(catalog.courses.filter((c) => c.lessons.length > 0).length);
    expect(catalogCount(catalog, 'freeCertificates')).toBe(catalog.courses.filter((c) => c.lessons.length > 0 && c.lessons.every((l) => !l.isPremium)).length);
    expect(() => catalogCount(catalog, 'certificates', catalog.courses[0]?.slug)).toThrow();
  });

  it('refuses a course that does not exist, rather than printing 0', () => {
    expect(() => catalogCount(catalog, 'lessons', 'no-such-course')).toThrow(/no course/);
  });

  it('what the pages promise of every lesson holds: practice exercises and a knowledge check', () => {
    for (const file of lessonFiles) {
      expect(readDoc(file).body, file).toMatch(/^## Practice exercises$/m);
      expect(catalog.courses.flatMap((c) => c.lessons).find((l) => file.endsWith(`${l.docId.replace('modules/', '')}.mdx`))?.hasKnowledgeCheck, file).toBe(true);
    }
  });
});
