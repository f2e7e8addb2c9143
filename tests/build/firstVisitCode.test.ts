// Runs after the production build (scripts/test.ts): what every page's code (main.js) must not
// carry because only a few pages use it. Issue #12 found the course catalog's descriptions there,
// about 2.6 KiB gzip on every page; they now come with the pages that show them
// (src/catalog/descriptions.ts).
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {readCatalog} from '../../src/catalog/readCatalog';

const ROOT = path.resolve(__dirname, '../..');
const BUILD = path.resolve(ROOT, process.env.BUILD_DIR ?? 'build');
const JS = path.join(BUILD, 'assets/js');

const mainJs = (): string => {
  const main = fs.readdirSync(JS).find((f) => /^main\.[0-9a-f]+\.js$/.test(f));
  if (!main) throw new Error(`no main.js in ${JS}: run the build first`);
  return fs.readFileSync(path.join(JS, main), 'utf8');
};

/** The text as it appears in a JS string literal (non-ASCII may be \u-escaped). */
const asLiteral = (text: string): string => JSON.stringify(text).slice(1, -1).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

describe("every page's code", () => {
  const main = mainJs();
  const catalog = readCatalog(path.join(ROOT, 'docs'));

  it('holds no course or lesson description', () => {
    const descriptions = catalog.courses.flatMap((course) => [course.description, ...course.lessons.map((lesson) => lesson.description)]);
    const found = descriptions.filter((text) => main.includes(text) || main.includes(asLiteral(text)));
    expect(found).toEqual([]);
  });

  it('still holds the catalog itself (titles), which the sidebar marks and pages read', () => {
    expect(main).toContain(asLiteral(catalog.courses[0]!.lessons[0]!.title));
  });

});
