// Site figures: production build time, then first-visit JavaScript (gzip, prefetches included,
// see firstVisitJs.ts) on the issue's pages next to a stock Docusaurus classic site's
// /docs/intro, on a desktop and a phone screen, and every page of the sitemap on both.
// `--skip-build` measures an existing build/.
import os from 'node:os';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import type {Browser} from 'playwright-core';
import {run} from '../../scripts/lib/run';
import {firstVisitJs, launchChromium, VIEWPORTS, type JsFigure, type ViewportName} from './firstVisitJs';
import {serveBuild} from './serveBuild';
import {buildStockSite} from './stockSite';

// E2E_SITE_PORT moves the bench's servers, as it moves the e2e suite's.
export const BENCH_PORT = Number(process.env.E2E_SITE_PORT ?? 3290);
const PORT = BENCH_PORT;
const STOCK_PORT = BENCH_PORT + 1;
const RUNS = 3;

/** The issue's pages: home, a free lesson with a diagram, a Premium lesson (seen by a visitor). */
export const SITE_PAGES = [
  '/',
  '/docs/intro',
  '/docs/modules/research-overview/research-design',
  '/docs/modules/systematic-review/meta-analysis',
  '/pricing',
  '/modules',
  '/progress',
];

const kib = (bytes: number) => (bytes / 1024).toFixed(1);

export const loadAverage = () => `load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`;

/** Median of `RUNS` visits by total bytes: prefetch timing varies from run to run. */
async function medianVisit(browser: Browser, base: string, page: string, viewport: ViewportName): Promise<JsFigure> {
  const runs: JsFigure[] = [];
  for (let i = 0; i < RUNS; i += 1) runs.push(await firstVisitJs(browser, base, page, viewport));
  return runs.sort((a, b) => a.gzipBytes - b.gzipBytes)[Math.floor(RUNS / 2)] as JsFigure;
}

async function measure(dir: string, port: number, pages: string[], viewports: ViewportName[]): Promise<Map<string, JsFigure>> {
  const {base, stop} = await serveBuild(dir, port);
  try {
    const browser = await launchChromium();
    try {
      const figures = new Map<string, JsFigure>();
      for (const viewport of viewports) for (const page of pages) figures.set(`${viewport} ${page}`, await medianVisit(browser, base, page, viewport));
      return figures;
    } finally {
      await browser.close();
    }
  } finally {
    await stop();
  }
}

function sitemapPaths(buildDir: string): string[] {
  const xml = readFileSync(path.join(buildDir, 'sitemap.xml'), 'utf8');
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] as string).pathname);
}

export async function siteBench(options: {skipBuild: boolean}): Promise<void> {
  if (!options.skipBuild) {
    const started = Date.now();
    const code = await run('npx', ['docusaurus', 'build'], {});
    if (code !== 0) throw new Error('build failed');
    console.log(`site: production build time ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  const viewports = Object.keys(VIEWPORTS) as ViewportName[];
  const stock = await buildStockSite();
  let stockFigures: Map<string, JsFigure>;
  try {
    stockFigures = await measure(stock.buildDir, STOCK_PORT, ['/docs/intro'], viewports);
  } finally {
    stock.remove();
  }
  const ours = await measure('build', PORT, SITE_PAGES, viewports);

  console.log(`site: first-visit JS, gzip KiB within 3 s of load (of which prefetched), median of ${RUNS}; ${loadAverage()}`);
  const header = ['page', ...viewports.map((v) => `${v} (${VIEWPORTS[v].viewport.width}px)`)];
  const row = (label: string, figures: Map<string, JsFigure>, page: string) => [
    label,
    ...viewports.map((v) => {
      const f = figures.get(`${v} ${page}`) as JsFigure;
      return `${kib(f.gzipBytes)} (${kib(f.prefetchGzipBytes)}), ${f.files} files`;
    }),
  ];
  const rows = [header, row('stock Docusaurus 3.10 /docs/intro', stockFigures, '/docs/intro'), ...SITE_PAGES.map((p) => row(p, ours, p))];
  const widths = header.map((_, i) => Math.max(...rows.map((r) => (r[i] as string).length)));
  for (const r of rows) console.log(`  ${r.map((cell, i) => cell.padEnd(widths[i] as number)).join('  ')}`);

  // Every sitemap page once per screen, against the stock figure for the same screen.
  const all = sitemapPaths('build');
  const {base, stop} = await serveBuild('build', PORT);
  try {
    const browser = await launchChromium();
    try {
      for (const viewport of viewports) {
        const budget = (stockFigures.get(`${viewport} /docs/intro`) as JsFigure).gzipBytes;
        const sweep: JsFigure[] = [];
        for (const page of all) sweep.push(await firstVisitJs(browser, base, page, viewport));
        sweep.sort((a, b) => b.gzipBytes - a.gzipBytes);
        const over = sweep.filter((f) => f.gzipBytes > budget);
        console.log(
          `site: sitemap, ${viewport}, one visit each: ${all.length} pages, ${over.length} above stock /docs/intro (${kib(budget)} KiB); heaviest: ${sweep
            .slice(0, 5)
            .map((f) => `${f.path} ${kib(f.gzipBytes)}`)
            .join(', ')}; lightest ${kib((sweep.at(-1) as JsFigure).gzipBytes)}; ${loadAverage()}`,
        );
      }
    } finally {
      await browser.close();
    }
  } finally {
    await stop();
  }
}
