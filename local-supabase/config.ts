import path from 'node:path';
import {parseArgs} from 'node:util';
import {readProjectConfig, type AuthSettings} from './projectConfig';
import {LOCAL_API_PORT, LOCAL_MAILBOX_PORT} from '../shared/localPorts';

/** The asymmetric JWT signing algorithms hosted offers (besides EdDSA, which supabase-js cannot verify). */
export const SIGNING_ALGORITHMS = ['ES256', 'RS256'] as const;
export type SigningAlgorithm = (typeof SIGNING_ALGORITHMS)[number];

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
  /** config.toml's `[api] schemas` (PostgREST's db-schemas). */
  apiSchemas: string[];
  /** `[functions.<name>] verify_jwt` from config.toml. */
  functionsVerifyJwt: Map<string, boolean>;
  /** Multiplier applied to GoTrue's per-IP rate limits; tests raise it, one test proves they bite. */
  rateLimitScale: number;
  smtpUrl?: string;
  /** Print e-mails to the console. */
  logMail: boolean;
  /** Extra environment for functions (PayPal credentials, …). */
  functionEnv: Record<string, string>;
  /**
   * The dashboard's "legacy API keys" switch: when off, the legacy anon/service_role keys and
   * tokens signed with the legacy JWT secret are refused, as hosted refuses them.
   */
  legacyKeys: boolean;
  /** Algorithm of a new data directory's first JWT signing key (and of keys created later). */
  signingAlgorithm: SigningAlgorithm;
}

export function apiUrl(config: LocalSupabaseConfig): string {
  return `http://${config.host}:${config.port}`;
}

export function mailboxUrl(config: LocalSupabaseConfig): string {
  return `http://${config.host}:${config.mailboxPort}`;
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

const FLAGS = {
  port: {type: 'string'},
  'mailbox-port': {type: 'string'},
  'data-dir': {type: 'string'},
  memory: {type: 'boolean'},
  host: {type: 'string'},
  'site-url': {type: 'string'},
  'rate-limit-scale': {type: 'string'},
  'quiet-mail': {type: 'boolean'},
  /** --no-legacy-keys turns the legacy keys off. */
  'legacy-keys': {type: 'boolean'},
  'signing-algorithm': {type: 'string'},
} as const;

function parseFlags(args: string[]) {
  try {
    return parseArgs({args, options: FLAGS, strict: true, allowPositionals: false, allowNegative: true}).values;
  } catch (error) {
    const known = Object.keys(FLAGS).map((name) => (name === 'legacy-keys' ? '--no-legacy-keys' : `--${name}`));
    throw new Error(`${(error as Error).message}; known flags: ${known.join(', ')}`);
  }
}

export function parseConfig(args: string[], env: NodeJS.ProcessEnv, rootDir: string): LocalSupabaseConfig {
  const flags = parseFlags(args);
  const supabaseDir = path.join(rootDir, 'supabase');
  const project = readProjectConfig(path.join(supabaseDir, 'config.toml'), env);
  // An explicit site URL (the e2e site's origin) replaces config.toml's; it is allowed as an origin,
  // exactly like GoTrue's SITE_URL, never as a wildcard.
  const siteUrl = flags['site-url'] ?? project.auth.siteUrl;
  checkSiteUrl(siteUrl);
  const scale = Number(flags['rate-limit-scale'] ?? env.RATE_LIMIT_SCALE ?? '1');
  if (!(scale > 0)) throw new Error('--rate-limit-scale must be a positive number');
  const functionEnv: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) {
    if (key.startsWith('PAYPAL_') && value) functionEnv[key] = value;
  }
  const signingAlgorithm = flags['signing-algorithm'] ?? env.SIGNING_ALGORITHM ?? 'ES256';
  if (!SIGNING_ALGORITHMS.includes(signingAlgorithm as SigningAlgorithm)) throw new Error('--signing-algorithm must be ES256 or RS256');
  return {
    host: flags.host ?? env.HOST ?? '127.0.0.1',
    port: intFlag(flags.port ?? env.PORT, LOCAL_API_PORT, '--port'),
    mailboxPort: intFlag(flags['mailbox-port'] ?? env.MAILBOX_PORT, LOCAL_MAILBOX_PORT, '--mailbox-port'),
    dataDir: path.resolve(rootDir, flags['data-dir'] ?? env.DATA_DIR ?? '.data'),
    memory: flags.memory ?? false,
    databaseUrl: env.DATABASE_URL || undefined,
    supabaseDir,
    auth: {...project.auth, siteUrl},
    apiMaxRows: project.apiMaxRows,
    apiSchemas: project.apiSchemas,
    functionsVerifyJwt: project.verifyJwt,
    rateLimitScale: scale,
    smtpUrl: env.SMTP_URL || undefined,
    logMail: !flags['quiet-mail'],
    functionEnv,
    legacyKeys: flags['legacy-keys'] ?? booleanEnv(env.LEGACY_API_KEYS, 'LEGACY_API_KEYS') ?? true,
    signingAlgorithm: signingAlgorithm as SigningAlgorithm,
  };
}

function booleanEnv(value: string | undefined, name: string): boolean | undefined {
  if (value === undefined || value === '') return undefined;
  if (/^(1|true|on|enabled)$/i.test(value)) return true;
  if (/^(0|false|off|disabled)$/i.test(value)) return false;
  throw new Error(`${name} must be true or false`);
}
