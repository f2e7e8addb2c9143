// Search figures: the size of the Pagefind index in build/, what a visitor downloads for a first
// search, and the median time from query to rendered-ready results in Chromium.
import fs from 'node:fs';
import path from 'node:path';
import {launchChromium} from './firstVisitJs';
import {serveBuild} from './serveBuild';

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
    const times = await page.evaluate(async (queries) => {
      const load = new Function('u', 'return import(u)') as (u: string) => Promise<{init(): Promise<void>; search(q: string): Promise<{results: {data(): Promise<unknown>}[]}>}>;
      const pagefind = await load('/pagefind/pagefind.js');
      await pagefind.init();
      const measured: number[] = [];
      for (const query of queries) {
        const started = performance.now();
        const found = await pagefind.search(query);
        await Promise.all(found.results.slice(0, 8).map((r) => r.data()));
        measured.push(performance.now() - started);
      }
      return measured;
    }, QUERIES);
    await page.waitForLoadState('networkidle');
    console.log(`search: a visitor's searches downloaded ${(firstSearchBytes / 1024).toFixed(0)} KiB of runtime and index (${QUERIES.length} queries)`);
    console.log(`search: first query ${times[0]?.toFixed(0)} ms (cold), median of the rest ${median(times.slice(1)).toFixed(1)} ms`);
  } finally {
    await browser.close();
    await stop();
  }
}
