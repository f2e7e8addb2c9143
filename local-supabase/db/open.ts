import path from 'node:path';
import type {LocalSupabaseConfig} from '../config';
import type {Database} from './database';
import {openPGlite} from './pglite';

/** The database a configuration names: a PostgreSQL server (DATABASE_URL), else PGlite in memory or in the data directory. */
export async function openDatabase(config: Pick<LocalSupabaseConfig, 'databaseUrl' | 'memory' | 'dataDir'>): Promise<Database> {
  if (config.databaseUrl) {
    // Loaded only when used: node-postgres takes ~0.1 s to load, which would hold back PGlite's start.
    const {openPostgres} = await import('./postgres');
    return openPostgres(config.databaseUrl);
  }
  return openPGlite(config.memory ? undefined : path.join(config.dataDir, 'pgdata'));
}
