// Starts a real local-supabase process for the test stacks (integration tests through
// tests/integration/harness.ts, the browser tests through e2eStack.ts, benches): PGlite in memory,
// or a fresh database on the PostgreSQL server when BACKEND_DB=postgres. Callers talk to it only
// over HTTP, with the real supabase-js client.
import {spawn, type ChildProcess} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import pg from 'pg';
import {publishKnowledgeChecksTo} from './publishKnowledgeChecks';
import {smtpSinkEnv} from './smtpSink';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface Backend {
  url: string;
  publishableKey: string;
  secretKey: string;
  /** The key clients use for the anon role: the publishable key. */
  anonKey: string;
  /** The key servers use for the service_role role: the secret key. */
  serviceRoleKey: string;
  /** The legacy JWT API keys and JWT secret, when started with legacyKeys (otherwise refused by the server). */
  legacy?: {anonKey: string; serviceRoleKey: string};
  mailboxUrl: string;
  dataDir: string;
  databaseUrl?: string;
  /** The PayPal simulator's per-start credentials (PAYPAL_* as handed to the functions). */
  paypal: Record<string, string>;
  process: ChildProcess;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export interface BackendOptions {
  /** 'pglite' (in memory unless dataDir is given) or 'postgres' (a fresh database). */
  db?: 'pglite' | 'postgres';
  dataDir?: string;
  /** Keep data on disk in dataDir instead of --memory. */
  persistent?: boolean;
  rateLimitScale?: number;
  env?: Record<string, string>;
  /** Honour the legacy anon/service_role keys and HS256 tokens (default: off, as a project that disabled them). */
  legacyKeys?: boolean;
  /** Algorithm of a new data directory's first JWT signing key. */
  signingAlgorithm?: 'ES256' | 'RS256';
  /** Existing Postgres database to reuse (restart tests). */
  databaseUrl?: string;
  /**
   * Run `npm run sync:courses` once the server is up, which publishes the Premium lesson bodies
   * from docs/ as it does for a hosted project (compiling them takes a few seconds).
   */
  premiumBodies?: boolean;
}

export const POSTGRES_ADMIN_URL = process.env.POSTGRES_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export async function createPostgresDatabase(): Promise<string> {
  const name = `rma_test_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const client = new pg.Client({connectionString: POSTGRES_ADMIN_URL});
  await client.connect();
  try {
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropPostgresDatabase(databaseUrl: string): Promise<void> {
  const name = new URL(databaseUrl).pathname.slice(1);
  const client = new pg.Client({connectionString: POSTGRES_ADMIN_URL});
  await client.connect();
  try {
    await client.query(`drop database if exists ${name} with (force)`);
  } finally {
    await client.end();
  }
}

/** `npm run sync:courses` against the backend, in its own process, as an operator would run it. */
async function syncCourses(url: string, secretKey: string): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/sync-courses.ts')], {
    cwd: ROOT,
    env: {...process.env, SUPABASE_URL: url, SUPABASE_SECRET_KEY: secretKey},
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`sync:courses failed (${code}):\n${output}`);
}

/** Names the directory every backend writes its log to; `npm test` reads them with backendLogFailures. */
export const BACKEND_LOG_DIR_ENV = 'RMA_BACKEND_LOG_DIR';

let logsOpened = 0;

function backendLog(db: string): fs.WriteStream | null {
  const dir = process.env[BACKEND_LOG_DIR_ENV];
  if (!dir) return null;
  fs.mkdirSync(dir, {recursive: true});
  logsOpened += 1;
  return fs.createWriteStream(path.join(dir, `local-supabase-${db}-${process.pid}-${logsOpened}.log`));
}

/** The lines of the backend logs in `dir` that report a failure (a function's error, a crash). */
export function backendLogFailures(dir: string, limit = 40): string[] {
  if (!fs.existsSync(dir)) return [];
  const lines = fs
    .readdirSync(dir)
    .filter((name) => name.startsWith('local-supabase-') && name.endsWith('.log'))
    .flatMap((name) =>
      fs
        .readFileSync(path.join(dir, name), 'utf8')
        .split('\n')
        .filter((line) => /error|failed|threw|could not|unavailable/i.test(line))
        .map((line) => `${name}: ${line}`),
    );
  return lines.slice(-limit);
}

export async function startBackend(options: BackendOptions = {}): Promise<Backend> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'rma-backend-'));
  const db = options.db ?? (process.env.BACKEND_DB === 'postgres' ? 'postgres' : 'pglite');
  const databaseUrl = db === 'postgres' ? (options.databaseUrl ?? (await createPostgresDatabase())) : undefined;
  // tsx's loader runs inside this one process (its CLI would add a wrapper process), so a signal,
  // SIGKILL included, reaches the server itself.
  const args = [
    '--import',
    'tsx',
    path.join(ROOT, 'local-supabase/main.ts'),
    '--port',
    '0',
    '--mailbox-port',
    '0',
    '--data-dir',
    dataDir,
    '--rate-limit-scale',
    String(options.rateLimitScale ?? 1000),
    '--quiet-mail',
  ];
  if (!options.persistent && db === 'pglite') args.push('--memory');
  if (!options.legacyKeys) args.push('--no-legacy-keys');
  if (options.signingAlgorithm) args.push('--signing-algorithm', options.signingAlgorithm);
  fs.rmSync(path.join(dataDir, 'status.json'), {force: true});
  fs.rmSync(path.join(dataDir, 'paypal-sim-credentials.json'), {force: true});
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl ?? '',
      // Custom SMTP, as production has it (else the built-in mailer's 2 mails an hour would apply).
      ...(await smtpSinkEnv()),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Its output is kept in memory until it is up (a failed start shows it); all of it goes to a
  // file in RMA_BACKEND_LOG_DIR when set, where `npm test` finds the functions' errors after a failure.
  let output = '';
  let started = false;
  const log = backendLog(db);
  const record = (c: Buffer) => {
    if (!started) output += c.toString();
    log?.write(c);
  };
  child.stdout?.on('data', record);
  child.stderr?.on('data', record);
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      log?.end();
      resolve(code);
    }),
  );

  const deadline = Date.now() + 60_000;
  const statusFile = path.join(dataDir, 'status.json');
  while (!fs.existsSync(statusFile) || !output.includes('ready')) {
    if (child.exitCode !== null) throw new Error(`local-supabase exited early:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`local-supabase did not start in time:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  started = true;
  output = '';
  const status = JSON.parse(fs.readFileSync(statusFile, 'utf8')) as {
    api_url: string;
    publishable_key: string;
    secret_key: string;
    anon_key?: string;
    service_role_key?: string;
    mailbox_url: string;
  };
  // What `npm run sync:courses` publishes from docs/: the knowledge checks (answers included)
  // always, and, for backends that serve Premium lessons, the Premium bodies through the script
  // itself (it publishes the checks too).
  if (options.premiumBodies) {
    try {
      await syncCourses(status.api_url, status.secret_key);
    } catch (error) {
      child.kill('SIGKILL');
      throw error;
    }
  } else {
    await publishKnowledgeChecksTo(status.api_url, status.secret_key, path.join(ROOT, 'docs'));
  }
  return {
    url: status.api_url,
    publishableKey: status.publishable_key,
    secretKey: status.secret_key,
    anonKey: status.publishable_key,
    serviceRoleKey: status.secret_key,
    legacy: status.anon_key && status.service_role_key ? {anonKey: status.anon_key, serviceRoleKey: status.service_role_key} : undefined,
    mailboxUrl: status.mailbox_url,
    paypal: JSON.parse(fs.readFileSync(path.join(dataDir, 'paypal-sim-credentials.json'), 'utf8')) as Record<string, string>,
    dataDir,
    databaseUrl,
    process: child,
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (child.exitCode === null) child.kill(signal);
      const code = await exited;
      if (databaseUrl && !options.databaseUrl) await dropPostgresDatabase(databaseUrl).catch(() => undefined);
      return code;
    },
  };
}
