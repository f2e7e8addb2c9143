import path from 'node:path';
import {readProjectConfig, type AuthSettings} from './projectConfig';

/** How local-supabase is started; every field has a command-line flag or environment variable. */
export interface LocalSupabaseConfig {
  host: string;
  port: number;
  mailboxPort: number;
  dataDir: string;
  /** Throwaway in-memory PGlite database (keys and status.json still go to dataDir). */
  memory: boolean;
  /** Use this PostgreSQL server instead of PGlite. */
  databaseUrl?: string;
  /** The supabase/ project folder (migrations, seed.sql, functions). */
  supabaseDir: string;
  /** config.toml's [auth] settings; --site-url replaces site_url (the e2e site's origin). */
  auth: AuthSettings;
  /** config.toml's `[api] max_rows`. */
  apiMaxRows: number;
  /** `[functions.<name>] verify_jwt` from config.toml. */
  functionsVerifyJwt: Map<string, boolean>;
  /** Multiplier applied to GoTrue's per-IP rate limits; tests raise it, one test proves they bite. */
  rateLimitScale: number;
  smtpUrl?: string;
  /** Print e-mails to the console. */
  logMail: boolean;
  /** Extra environment for functions (PayPal credentials, …). */
  functionEnv: Record<string, string>;
}

export function apiUrl(config: LocalSupabaseConfig): string {
  return `http://${config.host}:${config.port}`;
}

export function mailboxUrl(config: LocalSupabaseConfig): string {
  return `http://${config.host}:${config.mailboxPort}`;
}

function flagValue(args: string[], name: string): string | undefined {
  const index = args.findIndex((a) => a === name || a.startsWith(`${name}=`));
  if (index === -1) return undefined;
  const arg = args[index] as string;
  if (arg.includes('=')) return arg.slice(name.length + 1);
  const next = args[index + 1];
  if (next === undefined || next.startsWith('--')) throw new Error(`${name} needs a value`);
  return next;
}

function intFlag(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`${name} must be a whole number from 0 to 65535`);
  return n;
}

function checkSiteUrl(value: string): void {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`site URL ${value} is not an absolute URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`site URL ${value} must be http(s)`);
}

const KNOWN_FLAGS = ['--port', '--mailbox-port', '--data-dir', '--memory', '--host', '--site-url', '--rate-limit-scale', '--quiet-mail'];

export function parseConfig(args: string[], env: NodeJS.ProcessEnv, rootDir: string): LocalSupabaseConfig {
  for (const arg of args) {
    if (arg.startsWith('--') && !KNOWN_FLAGS.includes(arg.split('=')[0] as string)) {
      throw new Error(`unknown flag ${arg}; known: ${KNOWN_FLAGS.join(', ')}`);
    }
  }
  const supabaseDir = path.join(rootDir, 'supabase');
  const project = readProjectConfig(path.join(supabaseDir, 'config.toml'), env);
  // An explicit site URL (the e2e site's origin) replaces config.toml's; it is allowed as an origin,
  // exactly like GoTrue's SITE_URL, never as a wildcard.
  const siteUrl = flagValue(args, '--site-url') ?? project.auth.siteUrl;
  checkSiteUrl(siteUrl);
  const scale = Number(flagValue(args, '--rate-limit-scale') ?? env.RATE_LIMIT_SCALE ?? '1');
  if (!(scale > 0)) throw new Error('--rate-limit-scale must be a positive number');
  const functionEnv: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) {
    if (key.startsWith('PAYPAL_') && value) functionEnv[key] = value;
  }
  return {
    host: flagValue(args, '--host') ?? env.HOST ?? '127.0.0.1',
    port: intFlag(flagValue(args, '--port') ?? env.PORT, 54321, '--port'),
    mailboxPort: intFlag(flagValue(args, '--mailbox-port') ?? env.MAILBOX_PORT, 54324, '--mailbox-port'),
    dataDir: path.resolve(rootDir, flagValue(args, '--data-dir') ?? env.DATA_DIR ?? '.data'),
    memory: args.includes('--memory'),
    databaseUrl: env.DATABASE_URL || undefined,
    supabaseDir,
    auth: {...project.auth, siteUrl},
    apiMaxRows: project.apiMaxRows,
    functionsVerifyJwt: project.verifyJwt,
    rateLimitScale: scale,
    smtpUrl: env.SMTP_URL || undefined,
    logMail: !args.includes('--quiet-mail'),
    functionEnv,
  };
}
