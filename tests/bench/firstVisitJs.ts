// Measures the JavaScript a first visit downloads: every script the browser actually requests
// while loading a page and waiting for hydration, gzip-compressed as a CDN would serve it.
import {gzipSync} from 'node:zlib';
import {chromium, type Browser} from 'playwright-core';
import {CHROMIUM_ARGS, CHROMIUM_PATH} from '../chromium';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS});
}

export interface JsFigure {
  path: string;
  files: number;
  rawBytes: number;
  gzipBytes: number;
}

export async function firstVisitJs(browser: Browser, baseUrl: string, path: string): Promise<JsFigure> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const bodies: Promise<Buffer | null>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') bodies.push(response.body().catch(() => null));
  });
  await page.goto(new URL(path, baseUrl).toString(), {waitUntil: 'networkidle'});
  await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true');
  const files = (await Promise.all(bodies)).filter((b): b is Buffer => b !== null);
  await context.close();
  return {
    path,
    files: files.length,
    rawBytes: files.reduce((n, b) => n + b.length, 0),
    gzipBytes: files.reduce((n, b) => n + gzipSync(b, {level: 9}).length, 0),
  };
}
