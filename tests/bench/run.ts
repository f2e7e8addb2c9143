// `npm run bench`: prints figures (no thresholds). Flags: --skip-build, --only site|accounts|rest.
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath, pathToFileURL} from 'node:url';
import {siteBench} from './site-bench';
import {accountsBench} from './accounts-bench';

const args = process.argv.slice(2);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
const here = path.dirname(fileURLToPath(import.meta.url));

async function main(): Promise<void> {
  if (!only || only === 'site') await siteBench({skipBuild: args.includes('--skip-build')});
  if (!only || only === 'site' || only === 'accounts') await accountsBench();
  const restBench = path.join(here, 'rest-bench.ts');
  if ((!only || only === 'rest') && fs.existsSync(restBench)) {
    const mod = (await import(pathToFileURL(restBench).href)) as {restBench?: () => Promise<void>};
    await mod.restBench?.();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
