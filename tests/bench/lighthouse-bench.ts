// Lighthouse figures for the pages on the production build in build/ (mobile, default
// throttling): performance and accessibility scores, LCP and TBT, the median of 3 runs each.
import {medianFigure, startAuditBrowser, type LighthouseFigure} from './lighthouse';
import {serveBuild} from './serveBuild';
import {BENCH_PORT, loadAverage, SITE_PAGES} from './site-bench';

const PORT = BENCH_PORT + 2;
const DEBUG_PORT = BENCH_PORT + 4;
const RUNS = 3;

export async function lighthouseBench(): Promise<void> {
  const {base, stop} = await serveBuild('build', PORT);
  try {
    const browser = await startAuditBrowser(DEBUG_PORT);
    try {
      console.log(`lighthouse: mobile, median of ${RUNS} (performance, accessibility, LCP, TBT); ${loadAverage()}`);
      for (const page of SITE_PAGES) {
        const runs: LighthouseFigure[] = [];
        for (let i = 0; i < RUNS; i += 1) runs.push(await browser.audit(new URL(page, base).toString()));
        const m = medianFigure(runs);
        const failed = m.failedA11y.length > 0 ? `; failing: ${m.failedA11y.join(', ')}` : '';
        console.log(
          `  ${page.padEnd(50)} perf ${String(m.performance).padStart(3)}  a11y ${String(m.accessibility).padStart(3)}  LCP ${(m.lcpMs / 1000).toFixed(2)} s  TBT ${Math.round(m.tbtMs)} ms (perf runs ${runs.map((r) => r.performance).join('/')})${failed}`,
        );
      }
      console.log(`lighthouse: done; ${loadAverage()}`);
    } finally {
      browser.close();
    }
  } finally {
    stop();
  }
}
