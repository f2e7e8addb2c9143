// First-visit JavaScript with and without the account system: the site as built in build/ next
// to the same pages built with RMA_WITHOUT_ACCOUNTS=1 (static signed-out navbar buttons, no auth
// provider; see docusaurus.config.ts). The budget: within 5 % of the build without it.
import os from 'node:os';
import path from 'node:path';
import {run} from '../../scripts/lib/run';
import {firstVisitJs, launchChromium, type JsFigure} from './firstVisitJs';
import {serveBuild} from './serveBuild';

const PAGES = ['/', '/docs/intro'];
const BUDGET = 0.05;

async function measure(dir: string, port: number): Promise<JsFigure[]> {
  const {base, stop} = await serveBuild(dir, port);
  try {
    const browser = await launchChromium();
    try {
      const figures: JsFigure[] = [];
      for (const page of PAGES) figures.push(await firstVisitJs(browser, base, page));
      return figures;
    } finally {
      await browser.close();
    }
  } finally {
    await stop();
  }
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

export async function accountsBench(): Promise<void> {
  const without = path.join(os.tmpdir(), 'rma-build-no-accounts');
  const code = await run('npx', ['docusaurus', 'build', '--out-dir', without], {RMA_WITHOUT_ACCOUNTS: '1'});
  if (code !== 0) throw new Error('build without accounts failed');
  const withAccounts = await measure('build', 3291);
  const withoutAccounts = await measure(without, 3292);
  PAGES.forEach((page, i) => {
    const a = withAccounts[i] as JsFigure;
    const b = withoutAccounts[i] as JsFigure;
    const growth = (a.gzipBytes - b.gzipBytes) / b.gzipBytes;
    console.log(
      `accounts: first visit ${page} (anonymous): ${kib(a.gzipBytes)} gzip in ${a.files} files with accounts, ${kib(b.gzipBytes)} in ${b.files} without (${
        growth >= 0 ? '+' : ''
      }${(growth * 100).toFixed(1)} %, budget ${BUDGET * 100} %${growth > BUDGET ? ' — OVER BUDGET' : ''})`,
    );
  });
}
