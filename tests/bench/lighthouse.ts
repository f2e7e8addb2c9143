// Lighthouse (npm) audits of a served build, driving the system Chromium: its default mobile
// run (emulated phone, simulated slow 4G and 4x CPU slowdown), performance and accessibility
// only. Lighthouse clears the origin's storage and cache before each run, so every run is an
// anonymous first visit.
//
// Lighthouse runs as its own CLI process: it evaluates some of its functions in the page from
// their source text, which breaks when tsx has rewritten them (`__name is not defined`).
import {execFile, spawn} from 'node:child_process';
import {mkdtempSync, rmSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {promisify} from 'node:util';
import type {Result} from 'lighthouse';
import {CHROMIUM_ARGS, CHROMIUM_PATH} from '../chromium';

const LIGHTHOUSE_CLI = path.resolve(__dirname, '../../node_modules/lighthouse/cli/index.js');

export interface LighthouseFigure {
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
  /** Ids of the accessibility audits that failed, to say what to fix. */
  failedA11y: string[];
}

export interface AuditBrowser {
  audit(url: string): Promise<LighthouseFigure>;
  close(): Promise<void>;
}

/** Starts Chromium with a DevTools port for Lighthouse to drive. */
export async function startAuditBrowser(debugPort: number): Promise<AuditBrowser> {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'rma-lighthouse-'));
  const chromium = spawn(
    CHROMIUM_PATH,
    ['--headless=new', `--remote-debugging-port=${debugPort}`, `--user-data-dir=${profile}`, ...CHROMIUM_ARGS, 'about:blank'],
    {stdio: 'ignore'},
  );
  // Chromium writes to its profile until it has exited: removing the folder sooner races it.
  const exited = new Promise<void>((resolve) => {
    if (chromium.exitCode !== null) resolve();
    else chromium.once('exit', () => resolve());
  });
  const close = async () => {
    chromium.kill();
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
    rmSync(profile, {recursive: true, force: true, maxRetries: 5, retryDelay: 200});
  };
  const devtools = `http://127.0.0.1:${debugPort}/json/version`;
  for (let i = 0; ; i += 1) {
    if (await fetch(devtools).then((r) => r.ok, () => false)) break;
    if (i === 100 || chromium.exitCode !== null) {
      await close();
      throw new Error('Chromium did not open its DevTools port');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    async audit(url) {
      const {stdout} = await promisify(execFile)(
        process.execPath,
        [LIGHTHOUSE_CLI, url, `--port=${debugPort}`, '--only-categories=performance,accessibility', '--output=json', '--output-path=stdout', '--quiet'],
        {maxBuffer: 64 * 1024 * 1024},
      );
      const {categories, audits} = JSON.parse(stdout) as Result;
      const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
      return {
        performance: score('performance'),
        accessibility: score('accessibility'),
        lcpMs: audits['largest-contentful-paint']?.numericValue ?? NaN,
        tbtMs: audits['total-blocking-time']?.numericValue ?? NaN,
        failedA11y: (categories.accessibility?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0 && audits[ref.id]?.score === 0)
          .map((ref) => ref.id),
      };
    },
    close,
  };
}

/** The median run of several (by performance score), with the median of each figure. */
export function medianFigure(runs: LighthouseFigure[]): LighthouseFigure {
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)] as number;
  };
  return {
    performance: median(runs.map((r) => r.performance)),
    accessibility: median(runs.map((r) => r.accessibility)),
    lcpMs: median(runs.map((r) => r.lcpMs)),
    tbtMs: median(runs.map((r) => r.tbtMs)),
    failedA11y: [...new Set(runs.flatMap((r) => r.failedA11y))],
  };
}
