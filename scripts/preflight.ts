// `npm run preflight -- [<project-url>]`: checks a project before and after a deploy the way a
// visitor's browser meets it (scripts/lib/preflightChecks.ts) and exits 1 when a check fails,
// printing what to fix. The URL is the argument, else SUPABASE_URL, else the running
// local-supabase's (status.json). The key is SUPABASE_PUBLISHABLE_KEY (legacy: SUPABASE_ANON_KEY),
// else status.json's when the target is that local-supabase. SMTP and the site URL are visible
// only through the Management API: with SUPABASE_ACCESS_TOKEN (and SUPABASE_PROJECT_REF, or a
// https://<ref>.supabase.co URL) they are read from https://api.supabase.com (or
// SUPABASE_MANAGEMENT_API_URL); without one they are skipped. local-supabase serves the same
// endpoint and takes its secret key as the token, which this script uses by itself for the
// local-supabase whose status.json it read.
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {parseArgs} from 'node:util';
import {localDataDir, localPublishableKey, localSecretKey, readLocalStatus} from '../shared/localStatus';
import {describeResults, expectedFromRepository, runPreflight, type ManagementAccess, type PreflightTarget} from './lib/preflightChecks';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const USAGE = `usage: npm run preflight -- [<project-url>] [--data-dir <dir>]
  SUPABASE_PUBLISHABLE_KEY   the project's publishable key (local-supabase: read from its status.json)
  SUPABASE_ACCESS_TOKEN      optional: a personal access token, for the SMTP and site URL checks
  SUPABASE_PROJECT_REF       the project ref, when the URL is not https://<ref>.supabase.co`;

export class UsageError extends Error {}

const sameOrigin = (a: string, b: string) => {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
};

/** Where and how to check, from the argument, the environment and a local status.json. */
export function resolveTarget(argument: string | undefined, env: NodeJS.ProcessEnv, dataDir?: string): PreflightTarget {
  const status = readLocalStatus(localDataDir(dataDir, env));
  const url = (argument ?? env.SUPABASE_URL ?? status?.api_url)?.replace(/\/+$/, '');
  if (!url) throw new UsageError(`name the project: npm run preflight -- https://<ref>.supabase.co (or start local-supabase: npm run backend)\n${USAGE}`);
  try {
    new URL(url);
  } catch {
    throw new UsageError(`${url} is not a URL\n${USAGE}`);
  }
  const local = status && sameOrigin(status.api_url, url) ? status : null;
  const publishableKey = env.SUPABASE_PUBLISHABLE_KEY || env.SUPABASE_ANON_KEY || (local ? localPublishableKey(local) : undefined);
  if (!publishableKey) throw new UsageError(`set SUPABASE_PUBLISHABLE_KEY to the project's publishable key (Project Settings → API Keys)\n${USAGE}`);
  const hostedRef = /^([a-z0-9]+)\.supabase\.co$/.exec(new URL(url).hostname)?.[1];
  const token = env.SUPABASE_ACCESS_TOKEN || (local ? localSecretKey(local) : undefined);
  let management: ManagementAccess | undefined;
  if (token) {
    const ref = env.SUPABASE_PROJECT_REF || hostedRef;
    const base = env.SUPABASE_MANAGEMENT_API_URL || (local || !ref ? url : 'https://api.supabase.com');
    management = {base, ref: ref ?? 'local', token};
  }
  return {url, publishableKey, management};
}

async function main(): Promise<number> {
  const {values, positionals} = parseArgs({
    options: {'data-dir': {type: 'string'}, help: {type: 'boolean', short: 'h'}},
    strict: true,
    allowPositionals: true,
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (positionals.length > 1) throw new UsageError(`one project URL at most\n${USAGE}`);
  const target = resolveTarget(positionals[0], process.env, values['data-dir']);
  const results = await runPreflight(target, expectedFromRepository(ROOT));
  console.log(describeResults(target.url, results).join('\n'));
  return results.some((r) => r.status === 'fail') ? 1 : 0;
}

const invokedDirectly = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof UsageError ? error.message : `preflight failed: ${error instanceof Error ? error.stack : String(error)}`);
      process.exit(2);
    },
  );
}
