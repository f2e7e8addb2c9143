// The one way a script (sync:courses, admin, benches) reaches a project with service-role rights:
// SUPABASE_URL + SUPABASE_SECRET_KEY (the project's sb_secret_… key; the legacy
// SUPABASE_SERVICE_ROLE_KEY JWT still works while the project's legacy keys are enabled), else
// the running local-supabase's status.json (shared/localStatus.ts).
import path from 'node:path';
import {createClient} from '@supabase/supabase-js';
import type {Database} from '../../shared/database.types';
import {SERVER_CLIENT_OPTIONS, type ServiceClient} from '../../supabase/functions/_shared/supabase';
import {localDataDir, localSecretKey, localStatusFile, readLocalStatus} from '../../shared/localStatus';

export interface ServiceTarget {
  url: string;
  /** A secret key (sb_secret_…), or the legacy service_role JWT. */
  key: string;
  /** Where the two came from, for the script's first line of output. */
  source: string;
}

export class MissingTargetError extends Error {}

/** The project to act on; `dataDir` is a script's --data-dir flag, if any. */
export function serviceTarget(env: NodeJS.ProcessEnv = process.env, dataDir?: string): ServiceTarget {
  const url = env.SUPABASE_URL || undefined;
  const key = env.SUPABASE_SECRET_KEY || env.SUPABASE_SERVICE_ROLE_KEY || undefined;
  const keyName = env.SUPABASE_SECRET_KEY ? 'SUPABASE_SECRET_KEY' : 'SUPABASE_SERVICE_ROLE_KEY';
  if (key && !env.SUPABASE_SECRET_KEY) console.warn('SUPABASE_SERVICE_ROLE_KEY is the legacy key; set SUPABASE_SECRET_KEY (an sb_secret_… key) instead.');
  if (url && key) return {url, key, source: `SUPABASE_URL / ${keyName}`};
  const dir = localDataDir(dataDir, env);
  const status = readLocalStatus(dir);
  if (!status) {
    throw new MissingTargetError(
      `Set SUPABASE_URL and SUPABASE_SECRET_KEY (a hosted project: Project Settings → API Keys → Secret keys), ` +
        `or start local-supabase (npm run backend) so ${localStatusFile(dir)} exists.`,
    );
  }
  const file = localStatusFile(dir);
  const relative = path.relative(process.cwd(), file);
  return {url: url ?? status.api_url, key: key ?? localSecretKey(status), source: relative.startsWith('..') ? file : relative};
}

/** A service-role client that keeps no session of its own. */
export function createServiceClient({url, key}: Pick<ServiceTarget, 'url' | 'key'>): ServiceClient {
  return createClient<Database>(url, key, SERVER_CLIENT_OPTIONS);
}
