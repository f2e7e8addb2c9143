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
  // Which files the browser fetched, and how; their bytes are read from the server afterwards,
  // because Chromium does not hand a prefetched response's body to Playwright once it came
  // compressed. A file fetched twice (a route chunk the page also prefetches) is downloaded once:
  // the second fetch comes from the HTTP cache.
  const fetched = new Map<string, boolean>();
  page.on('requestfinished', (request) => {
    if (isJs(request.url()) && !fetched.has(request.url())) fetched.set(request.url(), request.resourceType() !== 'script');
  });
  await page.goto(new URL(path, baseUrl).toString(), {waitUntil: 'load'});
  await page.waitForTimeout(AFTER_LOAD_MS);
  await context.close();
  const files = await Promise.all(
    [...fetched].map(async ([url, prefetch]) => ({url, prefetch, body: Buffer.from(await (await fetch(url)).arrayBuffer())})),
  );
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
