// `npm run bench`: prints figures (no thresholds). Flags: --skip-build,
// --only site|lighthouse|accounts|search|premium|rest|startup|auth (lighthouse audits the existing build/).
import {siteBench} from './site-bench';
import {lighthouseBench} from './lighthouse-bench';
import {accountsBench} from './accounts-bench';
import {restBench} from './rest-bench';
import {authBench} from './auth-bench';
import {startupBench} from './startup-bench';
import {searchBench} from './search-bench';
import {premiumBench} from './premium-bench';

const args = process.argv.slice(2);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
const wanted = (name: string) => !only || only === name;

async function main(): Promise<void> {
  if (wanted('site')) await siteBench({skipBuild: args.includes('--skip-build')});
  if (wanted('site') || only === 'lighthouse') await lighthouseBench();
  if (wanted('site') || only === 'accounts') await accountsBench();
  if (wanted('site') || only === 'search') await searchBench();
  if (wanted('rest')) await restBench();
  if (wanted('startup')) await startupBench();
  if (wanted('auth')) await authBench();
  if (wanted('premium')) await premiumBench();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
