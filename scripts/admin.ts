// `npm run admin -- <command>`: operator tasks against local-supabase or a hosted project.
//   promote <email>       grant the admin role (app_metadata.role = 'admin') through the auth admin API
//   demote <email>        remove it
//   discount create <CODE> <percent> [--max N] [--expires YYYY-MM-DD]   (the last day it works; scripts/lib/adminDiscounts.ts)
//   discount list          active, disabled, expired or used up
//   discount disable <CODE>
//   reconcile <email> | --all   repair subscriptions from PayPal's records (safe to repeat)
//   certificate revoke <code> --reason TEXT | certificate list   (scripts/lib/adminCertificates.ts)
// Connection: SUPABASE_URL and SUPABASE_SECRET_KEY (legacy: SUPABASE_SERVICE_ROLE_KEY) from the
// environment, else the running local-supabase's status.json (scripts/lib/serviceClient.ts; --data-dir
// or DATA_DIR names the data folder). reconcile also needs PayPal: the PAYPAL_* variables the functions use,
// else the simulator's paypal-sim-credentials.json in the same folder.
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import type {User} from '@supabase/supabase-js';
import {localDataDir} from '../shared/localStatus';
import {MissingTargetError, createServiceClient, serviceTarget} from './lib/serviceClient';
import type {ServiceClient} from '../supabase/functions/_shared/supabase';
import {PayPalClient, paypalConfig, type Env} from '../supabase/functions/_shared/paypal';
import {reconcile} from './lib/reconcile';
import {CERTIFICATE_USAGE, runCertificateCommand} from './lib/adminCertificates';
import {discountLine, expiryFromDate} from './lib/adminDiscounts';

const USAGE = `usage: npm run admin -- <command> [--data-dir <dir>]
  promote <email>
  demote <email>
  discount create <CODE> <percent> [--max N] [--expires YYYY-MM-DD]
  discount list
  discount disable <CODE>
  reconcile <email> | --all
${CERTIFICATE_USAGE}`;

export class UsageError extends Error {}

export interface Connection {
  url: string;
  /** A secret key (sb_secret_…) or the legacy service_role JWT: either acts as service_role. */
  serviceRoleKey: string;
  /** PAYPAL_* settings (reconcile only). */
  paypal?: Env;
}

/** `dataDir` is the --data-dir flag: the local-supabase data folder, as for the other scripts. */
export function resolveConnection(env: NodeJS.ProcessEnv, dataDir?: string): Connection {
  const simFile = path.join(localDataDir(dataDir, env), 'paypal-sim-credentials.json');
  const paypal: Env | undefined = env.PAYPAL_CLIENT_ID ? env : fs.existsSync(simFile) ? (JSON.parse(fs.readFileSync(simFile, 'utf8')) as Env) : undefined;
  try {
    const {url, key} = serviceTarget(env, dataDir);
    return {url, serviceRoleKey: key, paypal};
  } catch (error) {
    if (error instanceof MissingTargetError) throw new UsageError(error.message);
    throw error;
  }
}

async function findUser(admin: ServiceClient, email: string): Promise<User> {
  const wanted = email.trim().toLowerCase();
  for (let page = 1; ; page++) {
    const {data, error} = await admin.auth.admin.listUsers({page, perPage: 1000});
    if (error) throw new Error(`listing users failed: ${error.message}`);
    const found = data.users.find((u) => u.email?.toLowerCase() === wanted);
    if (found) return found;
    if (data.users.length < 1000) throw new UsageError(`No user with e-mail ${email}`);
  }
}

/** Removes `name` and its value from `args`; the value, or undefined when absent. */
export function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  if (i === -1) return undefined;
  const value = args[i + 1];
  if (value === undefined || value.startsWith('--')) throw new UsageError(`${name} needs a value`);
  args.splice(i, 2);
  return value;
}

/** Runs one command; returns the lines to print. Throws UsageError for the operator's mistakes. */
export async function runAdmin(argv: string[], connection: Connection, now: Date = new Date()): Promise<string[]> {
  const args = [...argv];
  const admin = createServiceClient({url: connection.url, key: connection.serviceRoleKey});
  const [command, ...rest] = args;
  if (command === 'promote' || command === 'demote') {
    const email = rest[0];
    if (!email || rest.length !== 1) throw new UsageError(USAGE);
    const user = await findUser(admin, email);
    // GoTrue merges app_metadata keys; null removes one.
    const role = command === 'promote' ? 'admin' : null;
    const {error} = await admin.auth.admin.updateUserById(user.id, {app_metadata: {role}});
    if (error) throw new Error(`updating ${email} failed: ${error.message}`);
    return [
      command === 'promote'
        ? `${email} is now an admin (takes effect at their next sign-in or token refresh).`
        : `${email} is no longer an admin (takes effect at their next token refresh).`,
    ];
  }
  if (command === 'certificate') return runCertificateCommand(admin, rest, (message) => new UsageError(message));
  if (command === 'discount') {
    const [sub, ...params] = rest;
    if (sub === 'create') {
      const max = option(params, '--max');
      const expires = option(params, '--expires');
      const [rawCode, rawPercent] = params;
      if (!rawCode || !rawPercent || params.length !== 2) throw new UsageError(USAGE);
      const code = rawCode.toUpperCase();
      if (!/^[A-Z0-9_-]{3,40}$/.test(code)) throw new UsageError('CODE must be 3 to 40 letters, digits, - or _');
      const percent = Number(rawPercent);
      if (!Number.isInteger(percent) || percent < 1 || percent > 99) throw new UsageError('percent must be a whole number from 1 to 99');
      const maxRedemptions = max === undefined ? null : Number(max);
      if (maxRedemptions !== null && (!Number.isInteger(maxRedemptions) || maxRedemptions < 1)) throw new UsageError('--max must be a whole number of at least 1');
      let expiresAt: string | null = null;
      if (expires !== undefined) {
        const expiry = expiryFromDate(expires, now);
        if ('error' in expiry) throw new UsageError(expiry.error);
        expiresAt = expiry.expiresAt;
      }
      const {error} = await admin.from('discount_codes').insert({code, percent_off: percent, max_redemptions: maxRedemptions, expires_at: expiresAt});
      if (error) throw new UsageError(error.code === '23505' ? `Discount code ${code} already exists` : `creating ${code} failed: ${error.message}`);
      return [`Created ${code}: ${percent}% off${maxRedemptions ? `, ${maxRedemptions} uses` : ''}${expiresAt ? `, until ${expires} (UTC)` : ''}.`];
    }
    if (sub === 'list' && params.length === 0) {
      const {data, error} = await admin.from('discount_codes').select('*').order('created_at');
      if (error) throw new Error(error.message);
      return data.map((d) => discountLine(d, now));
    }
    if (sub === 'disable' && params.length === 1) {
      const code = (params[0] as string).toUpperCase();
      const {data, error} = await admin.from('discount_codes').update({active: false}).eq('code', code).select('code');
      if (error) throw new Error(error.message);
      if (!data || data.length === 0) throw new UsageError(`No discount code ${code}`);
      return [`Disabled ${code}.`];
    }
  }
  if (command === 'reconcile') {
    const [target] = rest;
    if (!target || rest.length !== 1) throw new UsageError(USAGE);
    if (!connection.paypal) throw new UsageError('reconcile needs PayPal: set the PAYPAL_* variables, or start local-supabase so its simulator credentials exist.');
    const userId = target === '--all' ? null : (await findUser(admin, target)).id;
    const report = await reconcile(admin, new PayPalClient(paypalConfig(connection.paypal)), userId);
    return [...report.lines, `Checked ${report.checked} subscription${report.checked === 1 ? '' : 's'}; ${report.lines.length === 0 ? 'everything already matched PayPal' : `${report.lines.length} changed`}.`];
  }
  throw new UsageError(USAGE);
}

const invokedDirectly = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) {
  (async () => {
    try {
      const args = process.argv.slice(2);
      const dataDir = option(args, '--data-dir');
      const lines = await runAdmin(args, resolveConnection(process.env, dataDir));
      for (const line of lines) console.log(line);
    } catch (error) {
      console.error((error as Error).message);
      process.exit(error instanceof UsageError ? 2 : 1);
    }
  })();
}
