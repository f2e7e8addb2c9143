// Diagrams arrive as SVG inside the page: no diagram library is downloaded, the picture is named
// and described for screen readers, it follows the colour mode, and its text is readable on a
// phone and on a desktop (issue 27): never below 12 px, a diagram too wide for the column scrolls
// inside its own region instead of shrinking, and offers a full-size view that keyboard users open
// and close.
import type {Browser, Page} from '@playwright/test';
import {test, expect, waitForHydration} from './fixtures';
import {expectNoAxeViolations} from './axe';

const PAGE = '/docs/intro';
const PRISMA_PAGE = '/docs/modules/systematic-review/full-text-screening';
const PRISMA_TITLE = /^PRISMA 2020 flow diagram/;

/** The free pages with a diagram (Premium lessons' diagrams are sized by the same component). */
const DIAGRAM_PAGES = [
  PAGE,
  PRISMA_PAGE,
  '/docs/modules/systematic-review',
  '/docs/modules/research-overview/research-design',
  '/docs/modules/data-analysis/analysis-tests',
  '/docs/modules/open-data/workflow',
  '/docs/modules/literature-review/methodology',
];

type Mode = 'light' | 'dark';

async function contextPage(browser: Browser, width: number, mode: Mode): Promise<Page> {
  const context = await browser.newContext({viewport: {width, height: 800}});
  await context.addInitScript((m) => {
    window.localStorage.setItem('rma.colorMode.initialised', '1');
    window.localStorage.setItem('theme', m);
  }, mode);
  return context.newPage();
}

/**
 * The size in CSS px at which every label of every diagram under `root` is drawn: its font size
 * times the scale its SVG is shown at (rendered width over viewBox width). Hidden diagrams (a
 * closed dialog) are skipped.
 */
function renderedLabelSizes(root: string): {label: string; px: number}[] {
  return Array.from(document.querySelectorAll<SVGSVGElement>(`${root} svg[role="img"]`)).flatMap((svg) => {
    const shown = svg.getBoundingClientRect().width;
    if (shown === 0) return [];
    const scale = shown / svg.viewBox.baseVal.width;
    return Array.from(svg.querySelectorAll('text')).map((text) => ({
      label: text.textContent ?? '',
      px: Math.round(parseFloat(getComputedStyle(text).fontSize) * scale * 100) / 100,
    }));
  });
}

test('a diagram page renders SVG and downloads no diagram library', async ({page, consoleErrors}) => {
  const scripts: string[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'script') scripts.push(await response.text().catch(() => ''));
  });
  await page.goto(PAGE);
  await waitForHydration(page);
  const diagram = page.getByRole('img', {name: 'A vague idea', exact: true});
  await expect(diagram).toBeVisible();
  await expect(diagram).toHaveAccessibleDescription(/A vague idea → Focused question: FINER and PICO/);
  await page.waitForLoadState('networkidle');
  // Mermaid's own code announces itself in every chunk with its parser's name.
  expect(scripts.filter((source) => /flowchart-elk|mermaidAPI|dagre-d3/.test(source))).toEqual([]);
  expect(consoleErrors.messages).toEqual([]);
});

test('a diagram follows the colour mode', async ({page}) => {
  await page.goto(PAGE);
  await waitForHydration(page);
  // A node's label, not an edge's (edge labels use the secondary text colour).
  const label = page.locator('figure svg[role="img"] text', {hasText: 'A vague idea'});
  const light = await label.evaluate((el) => getComputedStyle(el).fill);
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
  const dark = await label.evaluate((el) => getComputedStyle(el).fill);
  expect(light).toBe('rgb(28, 30, 33)');
  expect(dark).toBe('rgb(227, 227, 227)');
});

for (const width of [360, 1280]) {
  for (const mode of ['light', 'dark'] as const) {
    test(`every diagram's text is at least 12 px at ${width} px in ${mode} mode, and no page scrolls sideways`, async ({browser}) => {
      test.setTimeout(120_000);
      const page = await contextPage(browser, width, mode);
      const small: string[] = [];
      for (const path of DIAGRAM_PAGES) {
        await page.goto(path);
        await waitForHydration(page);
        await expect(page.locator('html'), path).toHaveAttribute('data-theme', mode);
        await expect(page.locator('figure svg[role="img"]').first(), path).toBeVisible();
        for (const {label, px} of await page.evaluate(renderedLabelSizes, 'article')) if (px < 12) small.push(`${path}: "${label}" at ${px} px`);
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), path).toBeLessThanOrEqual(0);
      }
      await page.context().close();
      expect(small).toEqual([]);
    });
  }
}

test('at 1280 px the PRISMA flow fits its column at a readable size, with no sideways scroll', async ({page}) => {
  await page.setViewportSize({width: 1280, height: 800});
  await page.goto(PRISMA_PAGE);
  await waitForHydration(page);
  const region = page.getByRole('region', {name: PRISMA_TITLE});
  await expect(region).toBeVisible();
  expect(await region.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
});

test('on a phone a wide diagram scrolls in its own focusable region, and its full-size view opens with the keyboard and closes with Esc', async ({browser}) => {
  const page = await contextPage(browser, 360, 'light');
  await page.goto(PRISMA_PAGE);
  await waitForHydration(page);
  const region = page.getByRole('region', {name: PRISMA_TITLE});
  await expect(region).toHaveAttribute('tabindex', '0');
  expect(await region.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);

  // Keyboard: Tab from the region reaches the button; Enter opens the view.
  await region.focus();
  await page.keyboard.press('Tab');
  const open = page.getByRole('button', {name: 'View full size'}).first();
  await expect(open).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', {name: PRISMA_TITLE});
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('img', {name: PRISMA_TITLE})).toBeVisible();
  const sizes = await page.evaluate(renderedLabelSizes, 'dialog[open]');
  expect(sizes.length).toBeGreaterThan(10);
  expect(sizes.filter(({px}) => px < 12)).toEqual([]);
  // The copy in the dialog has ids of its own: every id on the page is still unique.
  expect(await page.evaluate(() => {
    const ids = Array.from(document.querySelectorAll('[id]'), (el) => el.id);
    return ids.filter((id, i) => ids.indexOf(id) !== i);
  })).toEqual([]);
  await expectNoAxeViolations(page, 'dialog[open]');

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();
  await page.context().close();
});

test('a diagram that fits a phone gets no region and no button', async ({browser}) => {
  const page = await contextPage(browser, 360, 'light');
  await page.goto('/docs/modules/literature-review/methodology');
  await waitForHydration(page);
  const figure = page.locator('figure', {has: page.locator('svg[role="img"]')});
  await expect(figure).toBeVisible();
  await expect(figure.getByRole('region')).toHaveCount(0);
  await expect(figure.getByRole('button')).toHaveCount(0);
  await expectNoAxeViolations(page, 'article figure');
  await page.context().close();
});

test('on a touch screen the full-size view opens with a tap, scrolls both ways (what a finger pans) and closes with a tap', async ({browser}) => {
  const context = await browser.newContext({viewport: {width: 360, height: 740}, isMobile: true, hasTouch: true});
  const page = await context.newPage();
  await page.goto(PRISMA_PAGE);
  await waitForHydration(page);
  await page.getByRole('button', {name: 'View full size'}).first().tap();
  const dialog = page.getByRole('dialog', {name: PRISMA_TITLE});
  await expect(dialog).toBeVisible();
  const view = dialog.getByRole('region', {name: PRISMA_TITLE});
  // Larger than the screen both ways, so a finger pans it (native scrolling, no gesture code).
  expect(await view.evaluate((el) => ({x: el.scrollWidth > el.clientWidth, y: el.scrollHeight > el.clientHeight}))).toEqual({x: true, y: true});
  await view.evaluate((el) => el.scrollTo({left: el.scrollWidth, top: el.scrollHeight}));
  await expect.poll(() => view.evaluate((el) => el.scrollLeft > 0 && el.scrollTop > 0)).toBe(true);
  await dialog.getByRole('button', {name: 'Close'}).tap();
  await expect(dialog).toBeHidden();
  await context.close();
});
