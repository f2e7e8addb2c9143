// `npm run backend`: local-supabase alone. Flags (config.ts): --port, --mailbox-port, --data-dir,
// --memory, --host, --site-url, --rate-limit-scale, --quiet-mail, --no-legacy-keys, --signing-algorithm;
// DATABASE_URL selects a PostgreSQL server.
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import fs from 'node:fs';
import {parseConfig} from './config';
import {openDatabase} from './db/open';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function main(): Promise<void> {
  const config = parseConfig(process.argv.slice(2), process.env, rootDir);
  const started = Date.now();
  // The database starts on its own thread first; the server's modules load meanwhile.
  fs.mkdirSync(config.dataDir, {recursive: true});
  const database = openDatabase(config);
  // Its failure is reported where startLocalSupabase awaits it, not as an unhandled rejection
  // while the modules load.
  database.catch(() => undefined);
  const {startLocalSupabase} = await import('./server');
  const running = await startLocalSupabase(config, database);
  const {status} = running;
  let where = '';
  if (!config.databaseUrl) where = config.memory ? ', in memory' : `, ${path.relative(process.cwd(), config.dataDir) || '.'}`;
  console.log(
    [
      `local-supabase ready in ${Date.now() - started} ms (${running.platform.db.kind}${where})`,
      `  API URL:     ${status.api_url}`,
      `  Mailbox:     ${status.mailbox_url}`,
      `  Publishable key: ${status.publishable_key}`,
      `  Secret key:      ${status.secret_key}`,
      status.anon_key
        ? `  Legacy anon key: ${status.anon_key}\n  Legacy service_role key: ${status.service_role_key}`
        : '  Legacy API keys: disabled (--no-legacy-keys / LEGACY_API_KEYS=false)',
      `  JWKS:        ${status.jwks_url}`,
      `  (also in ${path.join(config.dataDir, 'status.json')})`,
    ].join('\n'),
  );
  let shuttingDown = false;
  const shutdown = (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    console.log(`local-supabase: ${signal}, closing the database`);
    running
      .stop()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        console.error('local-supabase: error while closing', error);
        process.exit(1);
      });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(`local-supabase failed to start: ${(error as Error).message}`);
  process.exit(1);
});
