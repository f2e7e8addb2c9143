// Offline search in Chromium against the production build and its Pagefind index: the keyboard
// opens it, a phrase from a lesson's text and a glossary term both find the lesson, Enter goes
// there, nothing from a Premium lesson's body is findable, a connection that drops the index's
// files neither hides a lesson nor strands the visitor, and the dialog passes axe in both modes.
import fs from 'node:fs';
import path from 'node:path';
import type {Page} from '@playwright/test';
import {test, expect, waitForHydration} from './fixtures';
import {expectNoAxeViolations} from './axe';
import {useDarkMode} from './accounts';

const DOCS = path.resolve(__dirname, '../../docs/modules');

function searchDialog(page: Page) {
  return page.getByRole('dialog', {name: 'Search the course'});
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
  await expect(dialog.getByRole('status')).toContainText(/\d+ results?/);
  const lesson = dialog.getByRole('option').filter({hasText: 'Statistical Foundations'});
  await expect(lesson).toBeVisible();
  await expect(lesson.locator('mark').first()).toBeVisible();
  const options = await dialog.getByRole('option').allTextContents();
  const target = options.findIndex((text) => text.includes('Statistical Foundations'));
  for (let i = 0; i < target; i += 1) await page.keyboard.press('ArrowDown');
  await expect(dialog.getByRole('option', {selected: true})).toContainText('Statistical Foundations');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/docs\/modules\/data-analysis\/overview/);
  expect(consoleErrors.messages).toEqual([]);
});

// Each term with a lesson that teaches it: a free lesson by its text, the Premium Meta-Analysis by
// its public part (its I² and forest plots are named in the description and outline).
const TERMS: ReadonlyArray<readonly [term: string, lesson: string]> = [
  ['PICO', 'Formulating a Research Question'],
  ['kappa', 'Screening Titles and Abstracts'],
  ['MeSH', 'Developing Search Strategies'],
  ['I²', 'Meta-Analysis'],
  ['forest plots', 'Meta-Analysis'],
];

for (const [term, lesson] of TERMS) {
  test(`"/" opens search and the term "${term}" finds "${lesson}"`, async ({page}) => {
    const dialog = await openSearch(page, '/');
    await page.keyboard.type(term);
    await expect(dialog.getByRole('status')).toContainText(/\d+ results?/);
    await expect(dialog.getByRole('option').filter({hasText: lesson}).first()).toBeVisible();
  });
}

test('arrow keys move through results and the list names the section', async ({page}) => {
  const dialog = await openSearch(page);
  await page.keyboard.type('risk of bias');
  await expect(dialog.getByRole('status')).toContainText(/\d+ results?/);
  await expect(dialog.getByRole('option').nth(1)).toBeVisible();
  const first = await dialog.getByRole('option', {selected: true}).textContent();
  await page.keyboard.press('ArrowDown');
  await expect(dialog.getByRole('option', {selected: true})).not.toHaveText(first ?? '');
  await expect(dialog.getByRole('option').filter({hasText: '›'}).first()).toBeVisible();
});

test('a Premium lesson is found by its public part but never by its body', async ({page}) => {
  const dialog = await openSearch(page);
  // The title and the opening are public.
  await page.keyboard.type('meta-analysis');
  await expect(dialog.getByRole('option').filter({hasText: /^Meta-Analysis\b/}).first()).toBeVisible();
  // A sentence from the body (its "Common mistakes") is not in the index at all.
  const bodyPhrase = phraseFromCommonMistakes('systematic-review/meta-analysis.mdx');
  expect(bodyPhrase.split(' ').length).toBe(6);
  await dialog.getByRole('combobox').fill(`"${bodyPhrase}"`);
  await expect(dialog.getByRole('status')).toHaveText(/No results/);
});

test('no results suggests the modules', async ({page}) => {
  const dialog = await openSearch(page);
  await page.keyboard.type('zzqxjv');
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
    await expect(dialog.getByRole('status')).toContainText(/\d+ results?/);
    await expect(dialog.getByRole('option').filter({hasText: 'Formulating a Research Question'}).first()).toBeVisible();
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
  await expect(dialog.getByRole('status')).toContainText(/\d+ results?/);
  await expect(dialog.getByRole('option').filter({hasText: 'Screening Titles and Abstracts'}).first()).toBeVisible();
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
    await expect(dialog.getByRole('option').first()).toBeVisible();
    await expectNoAxeViolations(page, '[role="dialog"]');
    await dialog.getByRole('combobox').fill('zzqxjv');
    await expect(dialog.getByRole('status')).toHaveText(/No results/);
    await expectNoAxeViolations(page, '[role="dialog"]');
  });
}
