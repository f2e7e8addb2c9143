// The one reader of the status.json a running local-supabase writes into its data directory
// (local-supabase/server.ts), for the scripts, benches and test stacks that talk to it. The data
// directory is DATA_DIR (relative to the repository), else .data/ — the same rule local-supabase
// itself follows (local-supabase/config.ts), so a script finds the server `npm run backend` started.
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import type {StatusFile} from '../local-supabase/server';

export type LocalStatus = StatusFile;

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The data directory: `explicit` (a --data-dir flag), else DATA_DIR, else .data/, resolved from the repository root. */
export function localDataDir(explicit?: string, env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(ROOT, explicit ?? env.DATA_DIR ?? '.data');
}

export function localStatusFile(dataDir: string = localDataDir()): string {
  return path.join(dataDir, 'status.json');
}

/** The running local-supabase's status, or null when none has written one in `dataDir`. */
export function readLocalStatus(dataDir: string = localDataDir()): LocalStatus | null {
  const file = localStatusFile(dataDir);
  if (!fs.existsSync(file)) return null;
  const status = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<LocalStatus>;
  if (typeof status.api_url !== 'string') throw new Error(`${file} has no api_url`);
  return status as LocalStatus;
}

/** The key that acts as service_role: the secret key, else (an older data directory) the legacy JWT. */
export function localSecretKey(status: LocalStatus): string {
  const key = status.secret_key || status.service_role_key;
  if (!key) throw new Error('status.json has neither secret_key nor service_role_key');
  return key;
}

/** The key that acts as anon: the publishable key, else (an older data directory) the legacy JWT. */
export function localPublishableKey(status: LocalStatus): string {
  const key = status.publishable_key || status.anon_key;
  if (!key) throw new Error('status.json has neither publishable_key nor anon_key');
  return key;
}
