// Offline search in Chromium against the production build and its Pagefind index: the keyboard
// opens it, a phrase from a lesson's text and a glossary term both find the lesson (the one that
// teaches a term first), Enter goes there, "Show all N results", Premium hits marked and nothing
// from a Premium lesson's body findable, the authors' guide out of search and the sidebar, a late
// answer to an older query never replaces the newer one's, a connection that drops the index's
// files neither hides a lesson nor strands the visitor, and the dialog passes axe in both modes.
// Each test waits for the results of its own query (the list's data-query), never for time: on a
// loaded machine the results of a query typed half-way may be on screen for a while.
import fs from 'node:fs';
import path from 'node:path';
import type {Locator, Page, Route} from '@playwright/test';
import {test, expect, waitForHydration} from './fixtures';
import {expectNoAxeViolations} from './axe';
import {useDarkMode} from './accounts';

const DOCS = path.resolve(__dirname, '../../docs/modules');

function searchDialog(page: Page) {
  return page.getByRole('dialog', {name: 'Search the course'});
}

// A search is tried twice within 10 s each before the dialog gives up; a loaded machine may need it.
const SEARCH_ANSWER = {timeout: 30_000};

/** The options of `query`'s own results, once they are in (not those of a query typed half-way). */
async function resultsFor(dialog: Locator, query: string): Promise<Locator> {
  const list = dialog.getByRole('listbox');
  await expect(list).toHaveAttribute('data-query', query, SEARCH_ANSWER);
  await expect(list).toHaveAttribute('aria-busy', 'false');
  return list.getByRole('option');
}

async function openSearch(page: Page, shortcut: 'Control+k' | '/' = 'Control+k') {
  await page.goto('/');
  await waitForHydration(page);
  await page.keyboard.press(shortcut);
  const dialog = searchDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('combobox', {name: 'Search the course'})).toBeFocused();
  return dialog;
}

/** Six words from the middle of a list item in a lesson's "Common mistakes" section. */
function phraseFromCommonMistakes(lessonFile: string): string {
  const text = fs.readFileSync(path.join(DOCS, lessonFile), 'utf8');
  const section = /^## Common mistakes\n([\s\S]*?)^## /m.exec(text)?.[1] ?? '';
  const item = /^- \*\*[^*]+\*\*\s+(.+)$/m.exec(section)?.[1] ?? '';
  const words = item.replace(/[*`[\]()]/g, '').split(/\s+/).filter((w) => /^[A-Za-z]+[,.]?$/.test(w));
  return words.slice(0, 6).join(' ').replace(/[,.]$/, '');
}

test('Ctrl-K opens search; a phrase from a lesson finds it, and Enter goes there', async ({page, consoleErrors}) => {
  const dialog = await openSearch(page);
  const phrase = phraseFromCommonMistakes('data-analysis/overview.mdx');
  expect(phrase.split(' ').length).toBe(6);
  await page.keyboard.type(phrase);
  const results = await resultsFor(dialog, phrase);
  await expect(dialog.getByRole('status')).toContainText(/\d+ results?/);
  const lesson = results.filter({hasText: 'Statistical Foundations'});
  await expect(lesson).toBeVisible();
  await expect(lesson.locator('mark').first()).toBeVisible();
  const options = await results.allTextContents();
  const target = options.findIndex((text) => text.includes('Statistical Foundations'));
  for (let i = 0; i < target; i += 1) await page.keyboard.press('ArrowDown');
  await expect(dialog.getByRole('option', {selected: true})).toContainText('Statistical Foundations');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/docs\/modules\/data-analysis\/overview/);
  expect(consoleErrors.messages).toEqual([]);
});

// Each term with the lesson that teaches it, which comes first: a free lesson by its text, the
// Premium Meta-Analysis by its public part (its I² and forest plots are named in the description
// and outline). A CI run once saw "MeSH" answered with the results of "Me" and failed.
const TERMS: ReadonlyArray<readonly [term: string, lesson: string]> = [
  ['PICO', 'Formulating a Research Question'],
  ['kappa', 'Screening Titles and Abstracts'],
  ['MeSH', 'Developing Search Strategies'],
  ['I²', 'Meta-Analysis'],
  ['forest plots', 'Meta-Analysis'],
];

for (const [term, lesson] of TERMS) {
  test(`"/" opens search and the term "${term}" finds "${lesson}" first`, async ({page}) => {
    const dialog = await openSearch(page, '/');
    await page.keyboard.type(term);
    const results = await resultsFor(dialog, term);
    await expect(dialog.getByRole('status')).toContainText(/\d+ results?/);
    await expect(results.first().locator('span').first()).toContainText(lesson);
  });
}

test('arrow keys move through results and the list names the section', async ({page}) => {
  const dialog = await openSearch(page);
  await page.keyboard.type('risk of bias');
  const results = await resultsFor(dialog, 'risk of bias');
  await expect(results.nth(1)).toBeVisible();
  const first = await dialog.getByRole('option', {selected: true}).textContent();
  await page.keyboard.press('ArrowDown');
  await expect(dialog.getByRole('option', {selected: true})).not.toHaveText(first ?? '');
  await expect(dialog.getByRole('option').filter({hasText: '›'}).first()).toBeVisible();
});

test('a Premium lesson is found by its public part but never by its body', async ({page}) => {
  const dialog = await openSearch(page);
  // The title and the opening are public.
  await page.keyboard.type('meta-analysis');
  const lesson = (await resultsFor(dialog, 'meta-analysis')).filter({hasText: /^Meta-Analysis\b/}).first();
  await expect(lesson).toBeVisible();
  // Marked Premium from the catalog; a free lesson's result is not.
  await expect(lesson.getByText('Premium', {exact: true})).toBeVisible();
  await expect((await resultsFor(dialog, 'meta-analysis')).filter({hasText: 'Statistical Foundations'}).getByText('Premium', {exact: true})).toHaveCount(0);
  // A sentence from the body (its "Common mistakes") is not in the index at all.
  const bodyPhrase = phraseFromCommonMistakes('systematic-review/meta-analysis.mdx');
  expect(bodyPhrase.split(' ').length).toBe(6);
  await dialog.getByRole('combobox').fill(`"${bodyPhrase}"`);
  await resultsFor(dialog, `"${bodyPhrase}"`);
  await expect(dialog.getByRole('status')).toHaveText(/No results/);
});

test('"PRISMA" lists the best 8, the lesson with the flow diagram by its text, and "Show all" lists every result', async ({page}) => {
  const dialog = await openSearch(page);
  await page.keyboard.type('PRISMA');
  const results = await resultsFor(dialog, 'PRISMA');
  await expect(results).toHaveCount(8);
  const status = await dialog.getByRole('status').textContent();
  const total = Number(/^(\d+) results, the best 8 listed\./.exec(status ?? '')?.[1]);
  expect(total).toBeGreaterThan(8);
  // Full-Text Screening teaches the PRISMA 2020 flow diagram; it is found by its text, not by its
  // references list (indexed low), which names PRISMA too.
  const flow = results.filter({hasText: 'Full-Text Screening'});
  await expect(flow).toHaveCount(1);
  await expect(flow.locator('span').first()).not.toContainText('References');
  await dialog.getByRole('button', {name: `Show all ${total} results`}).click();
  await expect(results).toHaveCount(total, SEARCH_ANSWER);
  await expect(dialog.getByRole('status')).toHaveText(`${total} results. Use the arrow keys and Enter to open one.`);
  await expect(dialog.getByRole('combobox')).toBeFocused();
});

test('an answer to an older query that the index delays never replaces the newer query’s results', async ({page}) => {
  const dialog = await openSearch(page);
  // A first search loads Pagefind and the index chunk "MeSH" shares with "PICO".
  await page.keyboard.type('PICO');
  await resultsFor(dialog, 'PICO');
  // Then the index is slow for "kappa": its fetches are held until the test lets them go.
  const held: Route[] = [];
  let holding = true;
  let pending = 0;
  page.on('request', (request) => {
    if (request.url().includes('/pagefind/')) pending += 1;
  });
  const settled = (request: {url(): string}) => {
    if (request.url().includes('/pagefind/')) pending -= 1;
  };
  page.on('requestfinished', settled);
  page.on('requestfailed', settled);
  await page.route(/\/pagefind\/(index|fragment)\//, (route) => (holding ? held.push(route) : route.fallback()));
  const box = dialog.getByRole('combobox');
  await box.fill('kappa');
  await expect.poll(() => held.length).toBeGreaterThan(0);
  holding = false;
  await box.fill('MeSH');
  const results = await resultsFor(dialog, 'MeSH');
  await expect(results.first()).toContainText('Developing Search Strategies');
  expect(held.length).toBeGreaterThan(0); // "kappa" is still unanswered
  // Now "kappa" is answered, late: every fetch it makes completes, and the page handles them.
  for (const route of held.splice(0)) await route.fallback();
  await expect.poll(() => pending).toBe(0);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await expect(dialog.getByRole('listbox')).toHaveAttribute('data-query', 'MeSH');
  await expect(results.first()).toContainText('Developing Search Strategies');
  await expect(dialog.locator('mark', {hasText: /^kappa$/i})).toHaveCount(0);
});

test('the authors’ guide to VideoEmbed is in neither the learners’ sidebar nor search, and its address works', async ({page}) => {
  const dialog = await openSearch(page);
  // Lessons that show a video are found; the guide on how to embed one is not.
  await page.keyboard.type('video');
  const results = await resultsFor(dialog, 'video');
  await expect(results.first()).toBeVisible();
  await expect(results.filter({hasText: 'Video in Lessons'})).toHaveCount(0);
  await dialog.getByRole('combobox').fill('VideoEmbed');
  await expect((await resultsFor(dialog, 'VideoEmbed')).filter({hasText: 'Video in Lessons'})).toHaveCount(0);
  await page.goto('/docs/intro');
  await expect(page.locator('.theme-doc-sidebar-menu').getByRole('link', {name: 'Academic Writing Essentials'})).toBeVisible();
  await expect(page.locator('.theme-doc-sidebar-menu').getByRole('link', {name: 'Video in Lessons'})).toHaveCount(0);
  await page.goto('/docs/video-integration');
  await expect(page.getByRole('heading', {level: 1, name: 'Video in Lessons'})).toBeVisible();
});

test('no results suggests the modules', async ({page}) => {
  const dialog = await openSearch(page);
  await page.keyboard.type('zzqxjv');
  await resultsFor(dialog, 'zzqxjv');
  await expect(dialog.getByRole('status')).toHaveText('No results for “zzqxjv”.');
  await expect(dialog.getByRole('navigation', {name: 'Modules'}).getByRole('link', {name: 'Systematic Review'})).toBeVisible();
});

// Pagefind searches without an index file it could not fetch, as if no page held the word; the
// dialog must not pass that off as "no results".
for (const [files, what] of [
  ['index', 'an index file'],
  ['fragment', 'a result’s text'],
] as const) {
  test(`the connection dropping ${what} once does not hide the lesson`, async ({page}) => {
    let dropped = 0;
    await page.route(`**/pagefind/${files}/**`, (route) => (dropped++ === 0 ? route.abort('connectionreset') : route.fallback()));
    const dialog = await openSearch(page, '/');
    await page.keyboard.type('PICO');
    const results = await resultsFor(dialog, 'PICO');
    await expect(results.filter({hasText: 'Formulating a Research Question'}).first()).toBeVisible();
    expect(dropped).toBeGreaterThan(1);
  });
}

test('offline before the index has loaded: the dialog says so, and Retry finds the lesson once back', async ({page}) => {
  const dialog = await openSearch(page);
  await page.route('**/pagefind/**', (route) => route.abort('internetdisconnected'));
  await page.keyboard.type('kappa');
  const alert = dialog.getByRole('alert');
  await expect(alert).toHaveText(/Search is not available right now\. Check your connection and try again\./);
  await expect(dialog.getByRole('option')).toHaveCount(0);
  await expectNoAxeViolations(page, '[role="dialog"]');
  await page.unroute('**/pagefind/**');
  await alert.getByRole('button', {name: 'Retry'}).click();
  const results = await resultsFor(dialog, 'kappa');
  await expect(results.filter({hasText: 'Screening Titles and Abstracts'}).first()).toBeVisible();
  await expect(dialog.getByRole('combobox')).toBeFocused();
  await expect(alert).toBeHidden();
});

test('search opens from the mobile menu', async ({page}) => {
  await page.setViewportSize({width: 390, height: 800});
  await page.goto('/');
  await waitForHydration(page);
  await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
  await page.locator('.navbar-sidebar').getByRole('button', {name: 'Search'}).filter({visible: true}).click();
  await expect(searchDialog(page)).toBeVisible();
});

for (const mode of ['light', 'dark'] as const) {
  test(`the search dialog passes axe in ${mode} mode`, async ({page}) => {
    if (mode === 'dark') await useDarkMode(page);
    const dialog = await openSearch(page);
    await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
    await expectNoAxeViolations(page, '[role="dialog"]');
    await page.keyboard.type('kappa');
    await expect((await resultsFor(dialog, 'kappa')).first()).toBeVisible();
    await expectNoAxeViolations(page, '[role="dialog"]');
    await dialog.getByRole('combobox').fill('meta-analysis');
    // A Premium mark and "Show all" on screen.
    await expect((await resultsFor(dialog, 'meta-analysis')).getByText('Premium', {exact: true}).first()).toBeVisible();
    await expect(dialog.getByRole('button', {name: /Show all \d+ results/})).toBeVisible();
    await expectNoAxeViolations(page, '[role="dialog"]');
    await dialog.getByRole('combobox').fill('zzqxjv');
    await resultsFor(dialog, 'zzqxjv');
    await expect(dialog.getByRole('status')).toHaveText(/No results/);
    await expectNoAxeViolations(page, '[role="dialog"]');
  });
}
