// Measures the JavaScript a first visit downloads: every .js file the browser fetches from page
// start until 3 s after the load event (script tags, lazily loaded chunks and <link rel=prefetch>
// alike), each distinct file once, gzip-compressed as a CDN would serve it.
import {gzipSync} from 'node:zlib';
import {chromium, type Browser, type BrowserContextOptions} from 'playwright-core';
import {CHROMIUM_ARGS, CHROMIUM_PATH} from '../chromium';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS});
}

/** The two screens a visit is measured on: Playwright's default desktop and Lighthouse's phone. */
export const VIEWPORTS = {
  desktop: {viewport: {width: 1280, height: 720}},
  mobile: {viewport: {width: 412, height: 823}, isMobile: true, hasTouch: true, deviceScaleFactor: 1.75},
} satisfies Record<string, BrowserContextOptions>;
export type ViewportName = keyof typeof VIEWPORTS;

/** How long after the load event fetches still count (the "within 3 s of load"). */
const AFTER_LOAD_MS = 3000;

export interface JsFigure {
  path: string;
  files: number;
  rawBytes: number;
  gzipBytes: number;
  /** Of which fetched as prefetches (link rel=prefetch), not executed on this page. */
  prefetchGzipBytes: number;
  /** Each file: its path, gzip size and whether it came as a prefetch. */
  details: {path: string; gzipBytes: number; prefetch: boolean}[];
}

const isJs = (url: string) => new URL(url).pathname.endsWith('.js');

export async function firstVisitJs(browser: Browser, baseUrl: string, path: string, viewport: ViewportName = 'desktop'): Promise<JsFigure> {
  const context = await browser.newContext(VIEWPORTS[viewport]);
  const page = await context.newPage();
  const fetched: Promise<{url: string; prefetch: boolean; body: Buffer} | null>[] = [];
  page.on('requestfinished', (request) => {
    if (!isJs(request.url())) return;
    const prefetch = request.resourceType() !== 'script';
    fetched.push(
      request.response().then(
        async (response) => (response ? {url: request.url(), prefetch, body: await response.body()} : null),
        () => null,
      ).catch(() => null),
    );
  });
  await page.goto(new URL(path, baseUrl).toString(), {waitUntil: 'load'});
  await page.waitForTimeout(AFTER_LOAD_MS);
  // A file fetched twice (a route chunk the page also prefetches) is downloaded once: the second
  // fetch comes from the HTTP cache.
  const byUrl = new Map<string, {url: string; prefetch: boolean; body: Buffer}>();
  for (const f of await Promise.all(fetched)) if (f && !byUrl.has(f.url)) byUrl.set(f.url, f);
  const files = [...byUrl.values()];
  await context.close();
  const details = files.map((f) => ({path: new URL(f.url).pathname, gzipBytes: gzipSync(f.body, {level: 9}).length, prefetch: f.prefetch}));
  const sum = (list: {gzipBytes: number}[]) => list.reduce((n, f) => n + f.gzipBytes, 0);
  return {
    path,
    files: files.length,
    rawBytes: files.reduce((n, f) => n + f.body.length, 0),
    gzipBytes: sum(details),
    prefetchGzipBytes: sum(details.filter((f) => f.prefetch)),
    details,
  };
}
