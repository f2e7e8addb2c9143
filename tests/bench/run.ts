// `npm run bench`: prints figures (no thresholds). Flags: --skip-build,
// --only site|lighthouse|accounts|search|premium|rest|startup|auth|workbench (lighthouse audits the existing build/).
import {parseArgs} from 'node:util';
import {siteBench} from './site-bench';
import {lighthouseBench} from './lighthouse-bench';
import {accountsBench} from './accounts-bench';
import {restBench} from './rest-bench';
import {authBench} from './auth-bench';
import {startupBench} from './startup-bench';
import {searchBench} from './search-bench';
import {premiumBench} from './premium-bench';
import {workbenchBench} from './workbench-bench';

const BENCHES = ['site', 'lighthouse', 'accounts', 'search', 'premium', 'rest', 'startup', 'auth', 'workbench'] as const;
type Bench = (typeof BENCHES)[number];

/** The flags, or an error naming what is known: a mistyped `--only` must not run nothing and exit 0. */
function parseFlags(args: string[]): {skipBuild: boolean; only: Bench | undefined} {
  const {values} = parseArgs({
    args,
    options: {'skip-build': {type: 'boolean', default: false}, only: {type: 'string'}},
    strict: true,
    allowPositionals: false,
  });
  const only = values.only;
  if (only !== undefined && !BENCHES.includes(only as Bench)) {
    throw new Error(`--only ${only}: not a bench`);
  }
  return {skipBuild: values['skip-build'], only: only as Bench | undefined};
}

async function main({skipBuild, only}: ReturnType<typeof parseFlags>): Promise<void> {
  const wanted = (name: Bench) => !only || only === name;
  // The site bench builds; lighthouse, accounts and search then measure that build.
  if (wanted('site')) await siteBench({skipBuild});
  if (wanted('lighthouse')) await lighthouseBench();
  if (wanted('accounts')) await accountsBench();
  if (wanted('search')) await searchBench();
  if (wanted('rest')) await restBench();
  if (wanted('startup')) await startupBench();
  if (wanted('auth')) await authBench();
  if (wanted('premium')) await premiumBench();
  if (wanted('workbench')) await workbenchBench();
}

let flags: ReturnType<typeof parseFlags>;
try {
  flags = parseFlags(process.argv.slice(2));
} catch (error) {
  console.error(`bench: ${(error as Error).message}; flags: --skip-build, --only ${BENCHES.join('|')}`);
  process.exit(2);
}

main(flags).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
