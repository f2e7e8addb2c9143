// Site figures: production build time and first-visit JavaScript for / and /docs/intro.
// `--skip-build` measures an existing build/.
import {run} from '../../scripts/lib/run';
import {firstVisitJs, launchChromium} from './firstVisitJs';
import {serveBuild} from './serveBuild';

const PORT = 3290;

export async function siteBench(options: {skipBuild: boolean}): Promise<void> {
  if (!options.skipBuild) {
    const started = Date.now();
    const code = await run('npx', ['docusaurus', 'build'], {});
    if (code !== 0) throw new Error('build failed');
    console.log(`site: production build time ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  const {base, stop} = await serveBuild('build', PORT);
  try {
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
    stop();
  }
}
