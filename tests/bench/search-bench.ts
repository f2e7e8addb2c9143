// Search figures: the size of the Pagefind index in build/, what a visitor downloads for a first
// search, and the time from a query typed in the search dialog to its results on screen, in Chromium.
import fs from 'node:fs';
import path from 'node:path';
import {waitForHydration} from '../hydration';
import {launchChromium} from './firstVisitJs';
import {serveBuild} from './serveBuild';
import {SEARCH_DEBOUNCE_MS} from '../../src/lib/search/searchCourse';

const PORT = 3291;
const QUERIES = ['PICO', 'kappa', 'MeSH', 'I²', 'forest plot', 'risk of bias', 'sample size', 'prediction interval', 'open data', 'cover letter', 'confounding', 'PRISMA flow diagram'];

function directoryBytes(dir: string): number {
  return fs.readdirSync(dir, {withFileTypes: true}).reduce((n, entry) => {
    const full = path.join(dir, entry.name);
    return n + (entry.isDirectory() ? directoryBytes(full) : fs.statSync(full).size);
  }, 0);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

export async function searchBench(buildDir = 'build'): Promise<void> {
  const indexDir = path.join(buildDir, 'pagefind');
  if (!fs.existsSync(indexDir)) throw new Error(`${indexDir} missing: build the site first`);
  console.log(`search: index in build/pagefind ${(directoryBytes(indexDir) / 1024).toFixed(0)} KiB on disk`);
  const {base, stop} = await serveBuild(buildDir, PORT);
  const browser = await launchChromium();
  try {
    const page = await (await browser.newContext()).newPage();
    let firstSearchBytes = 0;
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/pagefind/')) {
        void response.body().then((b) => (firstSearchBytes += b.length), () => undefined);
      }
    });
    await page.goto(`${base}/`, {waitUntil: 'networkidle'});
    await waitForHydration(page);
    // Pagefind searches on the page's main thread: the longest task while searching is what a
    // visitor could feel as a stuck keystroke.
    await page.evaluate(() => {
      const w = window as unknown as {longestTask: number};
      w.longestTask = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.longestTask = Math.max(w.longestTask, entry.duration);
      }).observe({type: 'longtask'});
    });
    await page.keyboard.press('/');
    const dialog = page.getByRole('dialog', {name: 'Search the course'});
    const box = dialog.getByRole('combobox');
    const status = dialog.getByRole('status');
    const times: number[] = [];
    for (const query of QUERIES) {
      const started = Date.now();
      await box.fill(query);
      // The list names the query its results belong to (src/components/search/SearchDialog).
      await dialog.locator(`[role="listbox"][aria-busy="false"][data-query="${query}"]`).waitFor({state: 'attached'});
      times.push(Date.now() - started);
      const text = (await status.textContent()) ?? '';
      if (!/\d+ results?[.,]/.test(text)) throw new Error(`search: "${query}" found nothing (${text})`);
    }
    const longestTask = await page.evaluate(() => (window as unknown as {longestTask: number}).longestTask);
    await page.waitForLoadState('networkidle');
    console.log(`search: a visitor's searches downloaded ${(firstSearchBytes / 1024).toFixed(0)} KiB of runtime and index (${QUERIES.length} queries)`);
    console.log(
      `search: query to results on screen (the dialog's ${SEARCH_DEBOUNCE_MS} ms typing pause included): first ${times[0]} ms (cold), median of the rest ${median(times.slice(1))} ms; ${longestTask > 0 ? `longest main-thread task ${longestTask.toFixed(0)} ms` : 'no main-thread task over 50 ms'}`,
    );
  } finally {
    await browser.close();
    await stop();
  }
}
