// Docusaurus marks <html data-has-hydrated="true"> once React has hydrated the server HTML: the
// moment e2e tests and benchmarks may act on a page, as Docusaurus's own screenshot tests do.
import type {Page} from 'playwright-core';

export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true');
}
