// Finding your way (issue 27) in Chromium against the production build: no page scrolls sideways
// at 360 px or 1280 px in either colour mode (every sitemap page and the 404), the announcement
// bar follows the colour mode, the navbar keeps the site name and avatar on a phone, and the
// signed-in roles find their pages: "My learning", the home page's "Continue where you left off",
// and "Admin" for an administrator promoted while signed in; a lesson table wider than a phone
// scrolls from the keyboard.
import type {Browser, Page} from '@playwright/test';
import {test, expect, waitForHydration} from './fixtures';
import {e2eBackend} from './backend';
import {expectNoAxeViolations} from './axe';
import {createConfirmedUser, navbar, signInThroughModal, uniqueEmail} from './accounts';

const PASSWORD = 'Correct-Horse-42';
type Mode = 'light' | 'dark';

async function sitemapPaths(baseURL: string): Promise<string[]> {
  const xml = await (await fetch(`${baseURL}/sitemap.xml`)).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] as string).pathname);
}

/** One browser context per width and mode, the colour mode chosen as a returning visitor would. */
async function contextPage(browser: Browser, width: number, mode: Mode): Promise<Page> {
  const context = await browser.newContext({viewport: {width, height: 800}});
  await context.addInitScript((m) => {
    window.localStorage.setItem('rma.colorMode.initialised', '1');
    window.localStorage.setItem('theme', m);
  }, mode);
  return context.newPage();
}

/** How far the page scrolls sideways, and the widest element past the right edge (to name the culprit). */
function horizontalOverflow(): {excess: number; culprit: string} {
  const width = window.innerWidth;
  const excess = document.documentElement.scrollWidth - width;
  let culprit = '';
  if (excess > 0) {
    let widest = width;
    for (const el of Array.from(document.querySelectorAll('body *'))) {
      const right = el.getBoundingClientRect().right;
      // Fixed elements (the skip link waits off-screen) do not scroll the page.
      if (right > widest && getComputedStyle(el).position !== 'fixed') {
        widest = right;
        culprit = `${el.tagName.toLowerCase()}.${(el.getAttribute('class') ?? '').split(' ').join('.')} (${Math.round(right)} px)`;
      }
    }
  }
  return {excess, culprit};
}

for (const width of [360, 1280]) {
  for (const mode of ['light', 'dark'] as const) {
    test(`no page scrolls sideways at ${width} px in ${mode} mode`, async ({browser, baseURL}) => {
      test.setTimeout(300_000);
      const paths = [...(await sitemapPaths(baseURL as string)), '/no-such-page/prisma-flow'];
      expect(paths.length).toBeGreaterThan(40);
      const page = await contextPage(browser, width, mode);
      const wide: string[] = [];
      for (const path of paths) {
        await page.goto(path);
        await waitForHydration(page);
        await expect(page.locator('html'), path).toHaveAttribute('data-theme', mode);
        const {excess, culprit} = await page.evaluate(horizontalOverflow);
        if (excess > 0) wide.push(`${path}: ${excess} px, ${culprit}`);
      }
      await page.context().close();
      expect(wide).toEqual([]);
    });
  }
}

test('the announcement bar follows the colour mode', async ({browser}) => {
  const colours: Record<Mode, {background: string; text: string}> = {} as never;
  for (const mode of ['light', 'dark'] as const) {
    const page = await contextPage(browser, 1280, mode);
    await page.goto('/');
    await waitForHydration(page);
    const bar = page.locator('[class*="announcementBar"]').first();
    await expect(bar).toBeVisible();
    colours[mode] = await bar.evaluate((el) => ({background: getComputedStyle(el).backgroundColor, text: getComputedStyle(el).color}));
    await page.context().close();
  }
  const luminance = (rgb: string) => {
    const [r = 0, g = 0, b = 0] = (rgb.match(/\d+/g) ?? []).map(Number);
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  expect(luminance(colours.light.background)).toBeGreaterThan(200);
  expect(luminance(colours.dark.background)).toBeLessThan(80);
  expect(luminance(colours.dark.text)).toBeGreaterThan(180);
});

for (const mode of ['light', 'dark'] as const) {
  test(`axe-core finds no WCAG 2.2 AA violations on /pricing, a locked Premium lesson and the 404 (${mode}, phone)`, async ({browser}) => {
    const page = await contextPage(browser, 360, mode);
    for (const path of ['/pricing', '/docs/modules/publishing/cover-letter', '/no-such-page']) {
      await page.goto(path);
      await waitForHydration(page);
      await expectNoAxeViolations(page);
    }
    await page.context().close();
  });
}

test('on a phone a lesson table wider than the page is reached with Tab and scrolled with the arrow keys', async ({browser}) => {
  const page = await contextPage(browser, 360, 'light');
  await page.goto('/docs/modules/open-data/overview');
  await waitForHydration(page);
  const table = page.locator('article table').filter({hasText: 'nhs_number'});
  expect(await table.evaluate((t) => t.scrollWidth > t.clientWidth)).toBe(true);
  // Tab from the top of the page until the focus lands on the table, as a keyboard user would.
  let reached = false;
  for (let press = 0; press < 200 && !reached; press++) {
    await page.keyboard.press('Tab');
    reached = await table.evaluate((t) => document.activeElement === t);
  }
  expect(reached).toBe(true);
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => table.evaluate((t) => t.scrollLeft)).toBeGreaterThan(0);
  await expectNoAxeViolations(page, 'article');
  await page.context().close();
});

test('on a phone every knowledge-check prompt wraps inside its box', async ({browser}) => {
  // The free lesson with the longest prompts in its pool; the draw is random, every drawn one must fit.
  const page = await contextPage(browser, 360, 'light');
  await page.goto('/docs/modules/literature-review/accessing-full-text-articles');
  await waitForHydration(page);
  const panel = page.getByTestId('knowledge-check');
  await panel.getByRole('button', {name: 'Start the knowledge check'}).click();
  await expect(panel.getByRole('group').first()).toBeVisible();
  const outside = await page.evaluate(() =>
    [...document.querySelectorAll('fieldset')].flatMap((box) => {
      const legend = box.querySelector('legend');
      return legend && legend.getBoundingClientRect().right > box.getBoundingClientRect().right ? [legend.textContent ?? ''] : [];
    }),
  );
  expect(outside).toEqual([]);
  expect((await page.evaluate(horizontalOverflow)).excess).toBeLessThanOrEqual(0);
  await page.context().close();
});

test.describe('signed in', () => {
  test.describe.configure({mode: 'serial'});
  const email = uniqueEmail('finding-your-way');
  let userId = '';

  test.beforeAll(async () => {
    userId = await createConfirmedUser(email, PASSWORD, 'Hypatia of Alexandria');
  });

  test('on a phone the site name and the avatar keep their size', async ({browser}) => {
    const page = await contextPage(browser, 360, 'light');
    await page.goto('/');
    await waitForHydration(page);
    await signInThroughModal(page, email, PASSWORD);
    const account = navbar(page).getByRole('button', {name: 'Hypatia of Alexandria'});
    await expect(account).toBeVisible();
    const avatar = account.getByTestId('avatar');
    const box = await avatar.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThanOrEqual(24);
    // The title is shown whole, or left out on purpose: never clipped to a letter or two.
    const title = navbar(page).locator('.navbar__title');
    const clipped = await title.evaluate((el) => getComputedStyle(el).display !== 'none' && el.scrollWidth > el.clientWidth + 1);
    expect(clipped).toBe(false);
    const logo = await navbar(page).locator('.navbar__logo').boundingBox();
    expect(logo?.width ?? 0).toBeGreaterThanOrEqual(28);
    expect(await page.evaluate(horizontalOverflow)).toEqual({excess: 0, culprit: ''});
    await page.context().close();
  });

  test('a learner finds "My learning" and where they left off; a promoted admin finds Admin', async ({browser}) => {
    const page = await contextPage(browser, 1280, 'light');
    await page.goto('/');
    await waitForHydration(page);
    await expect(navbar(page).getByRole('link', {name: 'My learning'})).toHaveCount(0);
    await signInThroughModal(page, email, PASSWORD);
    await navbar(page).getByRole('link', {name: 'My learning'}).click();
    await expect(page).toHaveURL(/\/progress\/?$/);
    await expect(page.getByRole('heading', {level: 1, name: 'My progress'})).toBeVisible();
    await navbar(page).getByRole('link', {name: /Research Methods Academy/}).first().click();
    await expect(page.getByRole('heading', {name: 'Continue where you left off'})).toBeVisible();
    await expectNoAxeViolations(page);
    await expect(navbar(page).getByRole('link', {name: 'Admin'})).toHaveCount(0);

    // Promoted while signed in: the admin page renews the session instead of refusing.
    const {url, serviceRoleKey} = e2eBackend();
    const response = await fetch(`${url}/auth/v1/admin/users/${userId}`, {
      method: 'PUT',
      headers: {apikey: serviceRoleKey, Authorization: `Bearer ${serviceRoleKey}`, 'Content-Type': 'application/json'},
      body: JSON.stringify({app_metadata: {role: 'admin'}}),
    });
    expect(response.status).toBe(200);
    await page.goto('/admin-transactions');
    await waitForHydration(page);
    await expect(page.getByRole('form', {name: 'Filter transactions'})).toBeVisible();
    await expect(page.getByRole('heading', {name: 'Access denied'})).toHaveCount(0);
    await expect(navbar(page).getByRole('link', {name: 'Admin'})).toHaveAttribute('href', '/admin-transactions');
    await page.context().close();
  });
});
