// A negative ("nothing was fetched", "no Intl call yet") is proven by events, never by a pause: the
// page's clock (installed before it loads) is run past every timer and idle callback the page
// could have set, then a sentinel request is sent from the page. Chromium reports a renderer's
// requests in the order it issues them, so once the sentinel is seen, every request started
// before it has been seen too.
import type {Page} from '@playwright/test';

const SENTINEL = '/__e2e-settled';

/** Installs Playwright's clock; call before the page's first navigation. */
export async function installClock(page: Page): Promise<void> {
  await page.clock.install();
  await page.route(`**${SENTINEL}*`, (route) => route.fulfill({status: 204}));
}

/** Runs every timer due in the next `ms` and waits until requests issued by then have been reported. */
export async function settle(page: Page, ms = 30_000): Promise<void> {
  await page.clock.runFor(ms);
  const seen = page.waitForRequest((request) => new URL(request.url()).pathname === SENTINEL);
  await page.evaluate((url) => void fetch(`${url}?${Math.random()}`), SENTINEL);
  await seen;
}
