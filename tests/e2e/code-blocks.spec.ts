// Code blocks: the static HTML arrives highlighted, Prism is fetched only when a block comes near
// the screen (src/theme/CodeBlock), and then the block works as the theme's does: highlighted in
// the reader's colour mode, with a copy button.
import type {Page} from '@playwright/test';
import {darkCodeTheme} from '../../src/config/prismThemes';
import {useDarkMode} from './accounts';
import {test, expect, waitForHydration} from './fixtures';
import {installClock, settle} from './settle';

// Its first code blocks (R and Python, in tabs) sit far below a phone's first screen.
const LESSON = '/docs/modules/data-analysis/analysis-tests';
const PHONE = {width: 412, height: 823};

/**
 * How many scripts the page fetched so far are Prism (its tokenizer names itself); `read()` waits
 * until every script requested so far has arrived and been looked at.
 */
function prismArrivals(page: Page): {count: () => number; read: () => Promise<unknown>} {
  let count = 0;
  const reading: Promise<void>[] = [];
  page.on('request', (request) => {
    if (request.resourceType() !== 'script') return;
    reading.push(
      request.response().then(async (response) => {
        const source = (await response?.text().catch(() => '')) ?? '';
        if (/\btokenize\b/.test(source) && source.includes('prism-code')) count += 1;
      }),
    );
  });
  return {count: () => count, read: () => Promise.all(reading)};
}

test.use({viewport: PHONE, permissions: ['clipboard-read', 'clipboard-write']});

test('a lesson fetches Prism only when its code comes near the screen, and the code works then', async ({page, consoleErrors}) => {
  const prism = prismArrivals(page);
  await installClock(page);
  await page.goto(LESSON);
  await waitForHydration(page);
  const block = page.locator('.theme-code-block.language-r').first();
  await expect(block).toContainText('chisq.test(tab, correct = FALSE)');
  await settle(page);
  await prism.read();
  expect(prism.count(), 'Prism fetched for code nobody can see yet').toBe(0);

  await block.scrollIntoViewIfNeeded();
  await expect.poll(prism.count).toBe(1);
  await expect(block.locator('.token.string').first()).toBeVisible();
  await expect(block.locator('.token.comment').filter({hasText: '# X-squared = 4.878'})).toBeVisible();
  await block.hover();
  await block.getByRole('button', {name: 'Copy code to clipboard'}).click();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/^d <- read\.csv\("wound_trial\.csv"\)\ntab <- table\(/);
  expect(copied).toContain('fisher.test(tab)                     # exact p = 0.042');
  expect(consoleErrors.messages).toEqual([]);
});

test('code reached by a client-side navigation, and in a tab opened later, is highlighted', async ({page, consoleErrors}) => {
  await page.goto('/docs/modules/data-analysis/overview');
  await waitForHydration(page);
  await page.locator(`a[href="${LESSON}"]`).first().click();
  await expect(page).toHaveURL(LESSON);
  const r = page.locator('.theme-code-block.language-r').first();
  // After a client-side navigation the block first renders plain and is replaced by the
  // highlighted one as it nears the screen, which can be in the middle of the scroll: scroll
  // again to whichever block is attached until one stays.
  await expect(async () => r.scrollIntoViewIfNeeded({timeout: 2_000})).toPass();
  await expect(r.locator('.token.comment').first()).toBeVisible();
  // The Python tab's block was hidden when the page rendered.
  const tabs = page.getByRole('tablist').first();
  await tabs.getByRole('tab', {name: 'Python'}).click();
  const python = page.locator('.theme-code-block.language-python').first();
  await expect(python.locator('.token.keyword').first()).toBeVisible();
  expect(consoleErrors.messages).toEqual([]);
});

test('code follows the dark colour mode once highlighted', async ({page}) => {
  await useDarkMode(page);
  await page.goto(LESSON);
  await waitForHydration(page);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const block = page.locator('.theme-code-block.language-r').first();
  await block.scrollIntoViewIfNeeded();
  await expect(block.locator('.token.comment').first()).toBeVisible();
  // The dark theme's background (src/config/prismThemes.ts), not the light one the server wrote.
  const background = () => block.evaluate((el) => getComputedStyle(el).getPropertyValue('--prism-background-color').trim());
  await expect.poll(background).toBe(darkCodeTheme.plain.backgroundColor);
});
