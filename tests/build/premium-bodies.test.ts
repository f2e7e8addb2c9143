// Runs after the production build (scripts/test.ts): no Premium lesson body may be in any file
// under build/ — HTML, JS and JSON chunks, sitemap, source maps, slides. "Body" is what the
// publishing compiler produces (the same compiler the build uses); a leak is any run of 8 words
// from one of its text nodes (prose, table cells, code) found in a build file — unless the same
// run is public anyway: in a free page's source (a reference two lessons cite) or in src/.
import fs from 'node:fs';
import path from 'node:path';
import {beforeAll, describe, expect, it} from 'vitest';
import {compilePremiumLessons} from '../../plugins/premium-lessons/compileLessons';
import {readCatalog} from '../../src/catalog/readCatalog';

const ROOT = path.resolve(__dirname, '../..');
const BUILD = path.resolve(ROOT, process.env.BUILD_DIR ?? 'build');
const TEXT_FILES = /\.(html|js|mjs|json|xml|txt|map|css|svg|webmanifest)$/;
const RUN = 8;

/** Lower-case words only, so HTML entities, JS escapes and punctuation cannot hide a match. */
function normalise(text: string): string {
  return text
    .replace(/\\u([0-9a-fA-F]{4})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#([0-9]+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/\\[nrt]/g, ' ')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * A diagram's SVG (plugins/diagrams) as the words a reader sees: its labels, title and
 * description. Its markup and styles are the same in every diagram, free ones included.
 */
function diagramText(value: string): string {
  if (!value.startsWith('<svg')) return value;
  return value.replace(/<style[\s\S]*?<\/style>/g, ' ').replace(/<[^>]*>/g, ' ');
}

/**
 * Every run of RUN words inside one string literal of the compiled body, leaving out MDX's own
 * runtime message and the `##`/`###` heading texts (the outline, which is public).
 */
export function wordRuns(code: string): string[] {
  const text = code
    .replace(/function _missingMdxReference[\s\S]*?\n\}/, '')
    .replace(/_components\.h[23], \{\s*id: "(?:[^"\\]|\\.)*",\s*children: "(?:[^"\\]|\\.)*"/g, '');
  const runs: string[] = [];
  for (const match of text.matchAll(/"((?:[^"\\]|\\.)*)"/g)) {
    const value = JSON.parse(`"${match[1]}"`) as string;
    // Link targets are not prose: site paths are public routes, anchors are the public outline.
    if (/^(#|\/|https?:|mailto:)\S*$/.test(value)) continue;
    const words = normalise(diagramText(value)).split(' ').filter(Boolean);
    for (let i = 0; i + RUN <= words.length; i += 1) runs.push(words.slice(i, i + RUN).join(' '));
  }
  return runs;
}

function filesUnder(dir: string, pattern: RegExp): string[] {
  return fs.readdirSync(dir, {withFileTypes: true}).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full, pattern);
    return pattern.test(entry.name) ? [full] : [];
  });
}

/** Text that is public whatever happens to Premium bodies: free docs and the site's source. */
function publicTexts(premiumFiles: Set<string>): string[] {
  const sources = [...filesUnder(path.join(ROOT, 'docs'), /\.mdx?$/).filter((f) => !premiumFiles.has(f)), ...filesUnder(path.join(ROOT, 'src'), /\.(tsx?|css)$/)];
  // Each source as written and with link targets dropped: "[title](url). BMJ" renders as "title. BMJ".
  const texts = sources.map((f) => fs.readFileSync(f, 'utf8')).flatMap((text) => [text, text.replace(/\]\([^)]*\)/g, ']')]);
  return texts.map(normalise);
}

/**
 * Calls `found` for every run of RUN words of a normalised text that `wanted` holds. A lookup per
 * position of the text, so the check costs the size of the build, not runs × build.
 */
function eachWantedRun(text: string, wanted: ReadonlyMap<string, unknown> | ReadonlySet<string>, found: (run: string) => void): void {
  const words = text.split(' ').filter(Boolean);
  for (let i = 0; i + RUN <= words.length; i += 1) {
    const run = words.slice(i, i + RUN).join(' ');
    if (wanted.has(run)) found(run);
  }
}

describe('the production build', () => {
  let files: {file: string; text: string}[] = [];
  let bodies: Map<string, {code: string}> = new Map();
  let alreadyPublic: string[] = [];

  beforeAll(async () => {
    if (!fs.existsSync(path.join(BUILD, 'index.html'))) throw new Error(`no build at ${BUILD}: run the production build first`);
    files = filesUnder(BUILD, TEXT_FILES).map((file) => ({file: path.relative(BUILD, file), text: ` ${normalise(fs.readFileSync(file, 'utf8'))} `}));
    bodies = await compilePremiumLessons(ROOT);
    const premium = readCatalog(path.join(ROOT, 'docs')).courses.flatMap((c) => c.lessons.filter((l) => l.isPremium));
    alreadyPublic = publicTexts(new Set(premium.map((l) => path.join(ROOT, 'docs', `${l.docId}.mdx`))));
  }, 120_000);

  it('has every Premium lesson body compiled, and their public part in the build', () => {
    const premium = readCatalog(path.join(ROOT, 'docs')).courses.flatMap((c) => c.lessons.filter((l) => l.isPremium));
    expect([...bodies.keys()].sort()).toEqual(premium.map((l) => l.docId.replace(/^modules\//, '')).sort());
    for (const lesson of premium) {
      // The check below can find text: the public part (the description) is there.
      expect(files.some(({text}) => text.includes(` ${normalise(lesson.description)} `)), lesson.docId).toBe(true);
    }
  });

  it('holds no run of 8 words from any Premium lesson body', () => {
    const runsOf = new Map([...bodies].map(([lesson, body]) => [lesson, new Set(wordRuns(body.code))]));
    const lessonOf = new Map<string, string>();
    for (const [lesson, runs] of runsOf) for (const run of runs) if (!lessonOf.has(run)) lessonOf.set(run, lesson);
    const isPublic = new Set<string>();
    for (const text of alreadyPublic) eachWantedRun(text, lessonOf, (run) => isPublic.add(run));
    for (const [lesson, runs] of runsOf) expect([...runs].filter((run) => !isPublic.has(run)).length, lesson).toBeGreaterThan(50);
    for (const run of isPublic) lessonOf.delete(run);

    const leaks: string[] = [];
    for (const {file, text} of files) eachWantedRun(text, lessonOf, (run) => leaks.push(`${lessonOf.get(run)}: "${run}" in ${file}`));
    expect(leaks.slice(0, 20)).toEqual([]);
  });
});
