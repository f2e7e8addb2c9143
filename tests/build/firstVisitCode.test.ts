// Runs after the production build (scripts/test.ts): what every page's code (main.js) must not
// carry because only a few pages use it. Issue #12 found the course catalog's descriptions there,
// about 2.6 KiB gzip on every page; they now come with the pages that show them
// (src/catalog/descriptions.ts). Prism (28 KiB) was there too; it now comes with the first code
// block a reader scrolls to (src/theme/CodeBlock), while the static HTML stays highlighted.
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {readCatalog} from '../../src/catalog/readCatalog';

const ROOT = path.resolve(__dirname, '../..');
const BUILD = path.resolve(ROOT, process.env.BUILD_DIR ?? 'build');
const JS = path.join(BUILD, 'assets/js');

const chunks = (): {name: string; source: string}[] =>
  fs.readdirSync(JS)
    .filter((f) => f.endsWith('.js'))
    .map((name) => ({name, source: fs.readFileSync(path.join(JS, name), 'utf8')}));

/** Prism's tokenizer and the theme's highlighted block both name themselves in their code. */
const isPrism = (source: string): boolean => /\btokenize\b/.test(source) && source.includes('prism-code');

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

  it('holds no Prism, which a chunk of its own brings to pages with code', () => {
    expect(isPrism(main)).toBe(false);
    expect(chunks().filter((chunk) => isPrism(chunk.source))).toHaveLength(1);
  });
});

describe("a lesson's static HTML", () => {
  it('has its code highlighted, rendered on the server without waiting for that chunk', () => {
    const html = fs.readFileSync(path.join(BUILD, 'docs/modules/data-analysis/analysis-tests/index.html'), 'utf8');
    expect(html).toMatch(/<pre[^>]*class="prism-code language-r/);
    expect(html).toMatch(/<span class="?token keyword"?/);
    // React outlines a streamed Suspense boundary behind a script; the code must be inline.
    expect(html).not.toMatch(/<!--\$\?-->|\$RC\(/);
  });
});
