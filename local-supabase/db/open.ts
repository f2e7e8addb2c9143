import path from 'node:path';
import type {LocalSupabaseConfig} from '../config';
import type {Database} from './database';
import {openPGlite} from './pglite';
import {openPostgres} from './postgres';

/** The database a configuration names: a PostgreSQL server (DATABASE_URL), else PGlite in memory or in the data directory. */
export function openDatabase(config: Pick<LocalSupabaseConfig, 'databaseUrl' | 'memory' | 'dataDir'>): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  return openPGlite(config.memory ? undefined : path.join(config.dataDir, 'pgdata'));
}
