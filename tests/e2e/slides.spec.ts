// The /slides page against the production build: keyboard navigation, deep links in the URL
// hash, and no console errors along the way.
import {expectNoAxeViolations} from './axe';
import type {Page} from '@playwright/test';
import {test, expect, waitForHydration} from './fixtures';
import path from 'node:path';
import {courseDecks, type SlideDeckData} from '../../src/data/slides';
import {readCatalog} from '../../src/catalog/readCatalog';

const decks = new Map(courseDecks(readCatalog(path.resolve(__dirname, '../../docs'))).map((d) => [d.slug, d]));
function deckOf(slug: string): SlideDeckData {
  const found = decks.get(slug);
  if (!found) throw new Error(`no deck for ${slug}`);
  return found;
}
const overview = deckOf('research-overview');
const review = deckOf('systematic-review');

function counter(page: Page) {
  return page.getByText(/^Slide \d+ of \d+$/);
}

function slide(page: Page) {
  return page.locator('section[aria-roledescription="slide"]');
}

function titleOf(slug: string, number: number): string {
  const s = deckOf(slug).slides[number - 1];
  if (!s) throw new Error(`${slug} has no slide ${number}`);
  return s.title;
}

test.describe('/slides', () => {
  test('is navigable by keyboard and keeps the slide in the hash', async ({page, consoleErrors}) => {
    const total = overview.slides.length;
    await page.goto('/slides');
    await waitForHydration(page);
    await expect(counter(page)).toHaveText(`Slide 1 of ${total}`);
    const historyLength = await page.evaluate(() => window.history.length);

    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(counter(page)).toHaveText(`Slide 3 of ${total}`);
    await expect(page).toHaveURL(/\/slides#research-overview\/3$/);
    await expect(slide(page).getByRole('heading', {name: titleOf('research-overview', 3)})).toBeVisible();
    await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '3');

    await page.keyboard.press('End');
    await expect(counter(page)).toHaveText(`Slide ${total} of ${total}`);
    await expect(page).toHaveURL(new RegExp(`#research-overview/${total}$`));
    await expect(page.getByRole('button', {name: /next/i})).toBeDisabled();

    await page.keyboard.press('Home');
    await expect(counter(page)).toHaveText(`Slide 1 of ${total}`);
    await expect(page).toHaveURL(/#research-overview\/1$/);
    await expect(page.getByRole('button', {name: /previous/i})).toBeDisabled();

    // Slides replace the history entry rather than adding one each.
    expect(await page.evaluate(() => window.history.length)).toBe(historyLength);
    expect(consoleErrors.messages).toEqual([]);
  });

  test('opens a deep link at the right deck and slide', async ({page, consoleErrors}) => {
    await page.goto('/slides#systematic-review/4');
    await waitForHydration(page);
    const title = titleOf('systematic-review', 4);
    await expect(slide(page)).toHaveAttribute('aria-label', `4 of ${review.slides.length}: ${title}`);
    await expect(slide(page).getByRole('heading', {name: title})).toBeVisible();
    await expect(page.getByRole('button', {name: /Systematic Review/, pressed: true})).toBeVisible();
    await expect(page.getByRole('link', {name: /Open the Systematic Review lessons/})).toHaveAttribute(
      'href',
      '/docs/modules/systematic-review/',
    );

    await page.keyboard.press('ArrowLeft');
    await expect(page).toHaveURL(/#systematic-review\/3$/);
    expect(consoleErrors.messages).toEqual([]);
  });

  test('follows hash changes and falls back on an invalid hash', async ({page, consoleErrors}) => {
    await page.goto('/slides#no-such-module/3');
    await waitForHydration(page);
    await expect(counter(page)).toHaveText(`Slide 1 of ${overview.slides.length}`);
    await expect(page).toHaveURL(/#research-overview\/1$/);

    await page.evaluate(() => {
      window.location.hash = '#open-data/2';
    });
    await expect(slide(page).getByRole('heading', {name: titleOf('open-data', 2)})).toBeVisible();
    expect(consoleErrors.messages).toEqual([]);
  });

  test('switches decks from the picker and updates the hash', async ({page, consoleErrors}) => {
    await page.goto('/slides');
    await waitForHydration(page);
    await page.getByRole('button', {name: /Publishing/}).click();
    await expect(page).toHaveURL(/#publishing\/1$/);
    await expect(slide(page).getByRole('heading', {name: titleOf('publishing', 1)})).toBeVisible();
    // Focus is on the picker button; arrows still move the slides.
    await page.keyboard.press('ArrowRight');
    await expect(page).toHaveURL(/#publishing\/2$/);
    expect(consoleErrors.messages).toEqual([]);
  });

  test('toggles fullscreen on the deck', async ({page, consoleErrors}) => {
    await page.goto('/slides');
    await waitForHydration(page);
    const enabled = await page.evaluate(() => document.fullscreenEnabled);
    test.skip(!enabled, 'this browser does not allow fullscreen');

    await page.getByRole('button', {name: 'Fullscreen'}).click();
    await expect(page.getByRole('button', {name: 'Exit fullscreen'})).toBeVisible();
    expect(await page.evaluate(() => document.fullscreenElement?.getAttribute('aria-roledescription'))).toBe('slide deck');
    await page.keyboard.press('ArrowRight');
    await expect(page).toHaveURL(/#research-overview\/2$/);

    await page.getByRole('button', {name: 'Exit fullscreen'}).click();
    await expect(page.getByRole('button', {name: 'Fullscreen'})).toBeVisible();
    expect(await page.evaluate(() => document.fullscreenElement)).toBeNull();
    expect(consoleErrors.messages).toEqual([]);
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`has no axe violations in ${theme} mode`, async ({page}) => {
      await page.addInitScript((value) => window.localStorage.setItem('theme', value), theme);
      await page.goto('/slides#systematic-review/2');
      await waitForHydration(page);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expectNoAxeViolations(page, 'main');
    });
  }
});
