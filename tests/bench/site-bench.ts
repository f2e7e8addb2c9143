// Site figures: production build time and first-visit JavaScript for / and /docs/intro.
// `--skip-build` measures an existing build/.
import {spawn} from 'node:child_process';
import {run} from '../../scripts/lib/run';
import {firstVisitJs, launchChromium} from './firstVisitJs';

const PORT = 3290;

export async function siteBench(options: {skipBuild: boolean}): Promise<void> {
  if (!options.skipBuild) {
    const started = Date.now();
    const code = await run('npx', ['docusaurus', 'build'], {});
    if (code !== 0) throw new Error('build failed');
    console.log(`site: production build time ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  const server = spawn('npx', ['docusaurus', 'serve', '--port', String(PORT), '--host', '127.0.0.1', '--no-open'], {stdio: 'ignore'});
  try {
    const base = `http://127.0.0.1:${PORT}`;
    for (let i = 0; i < 100; i += 1) {
      if (await fetch(base).then((r) => r.ok, () => false)) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const browser = await launchChromium();
    try {
      for (const path of ['/', '/docs/intro']) {
        const figure = await firstVisitJs(browser, base, path);
        console.log(
          `site: first visit ${path}: ${figure.files} JS files, ${(figure.gzipBytes / 1024).toFixed(1)} KiB gzip (${(
            figure.rawBytes / 1024
          ).toFixed(1)} KiB raw)`,
        );
      }
    } finally {
      await browser.close();
    }
  } finally {
    server.kill();
  }
}
