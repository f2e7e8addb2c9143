// Lighthouse figures for the pages on the production build in build/ (mobile, default
// throttling): performance and accessibility scores, LCP and TBT, the median of 3 runs each.
// A stock Docusaurus classic site's /docs/intro is audited alongside: on a shared machine the
// performance score follows the load, and the stock row says how much.
import {medianFigure, startAuditBrowser, type AuditBrowser, type LighthouseFigure} from './lighthouse';
import {serveBuild} from './serveBuild';
import {BENCH_PORT, loadAverage, SITE_PAGES} from './site-bench';
import {buildStockSite} from './stockSite';

const STOCK_PORT = BENCH_PORT + 2;
const PORT = BENCH_PORT + 4;
const DEBUG_PORT = BENCH_PORT + 5;
const RUNS = 3;

async function report(browser: AuditBrowser, label: string, url: string): Promise<void> {
  const runs: LighthouseFigure[] = [];
  for (let i = 0; i < RUNS; i += 1) runs.push(await browser.audit(url));
  const m = medianFigure(runs);
  const failed = m.failedA11y.length > 0 ? `; failing: ${m.failedA11y.join(', ')}` : '';
  console.log(
    `  ${label.padEnd(50)} perf ${String(m.performance).padStart(3)}  a11y ${String(m.accessibility).padStart(3)}  LCP ${(m.lcpMs / 1000).toFixed(2)} s  TBT ${Math.round(m.tbtMs)} ms (perf runs ${runs.map((r) => r.performance).join('/')})${failed}`,
  );
}

export async function lighthouseBench(): Promise<void> {
  const stock = await buildStockSite();
  const browser = await startAuditBrowser(DEBUG_PORT);
  try {
    console.log(`lighthouse: mobile, median of ${RUNS} (performance, accessibility, LCP, TBT); ${loadAverage()}`);
    const stockServer = await serveBuild(stock.buildDir, STOCK_PORT);
    try {
      await report(browser, 'stock Docusaurus 3.10 /docs/intro', new URL('/docs/intro', stockServer.base).toString());
    } finally {
      await stockServer.stop();
      stock.remove();
    }
    const {base, stop} = await serveBuild('build', PORT);
    try {
      for (const page of SITE_PAGES) await report(browser, page, new URL(page, base).toString());
    } finally {
      await stop();
    }
    console.log(`lighthouse: done; ${loadAverage()}`);
  } finally {
    await browser.close();
  }
}
