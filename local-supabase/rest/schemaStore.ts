import type {Database} from '../db/database';
import {loadSchemaCache, type SchemaCache} from './schemaCache';

// Migrations run only at start-up, so the cache loads once; a miss (unknown table or function)
// reloads it in case the schema changed underneath (e.g. `psql` on Postgres), at most once per
// interval however many misses arrive, so a stream of requests for unknown names cannot keep
// the database busy reloading.
const MIN_RELOAD_MS = 5000;

// PGlite runs no autovacuum, so a table is never analyzed and the planner guesses its size from
// a minimum page count: thousands of rows for a table of three, which priced ordinary anonymous
// embeds over PGlite's cost budget (runner.ts). Analyzing each table once gives real estimates;
// the planner scales them by the table's current size as it grows, as after autovacuum's analyze.
const ANALYZE_NEW_TABLES = `
do $$
declare
  r record;
begin
  for r in
    select c.oid::regclass as rel from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p', 'm') and c.reltuples < 0
  loop
    execute format('analyze %s', r.rel);
  end loop;
end
$$`;

export class SchemaStore {
  /** The cache every request uses; replaced only once a reload has finished. */
  private current: Promise<SchemaCache> | undefined;
  private reloading: Promise<SchemaCache | null> | undefined;
  private lastReload = 0;
  /** Bumped whenever the current cache changes; keys the compiled-SQL cache. */
  version = 0;

  constructor(private readonly db: Database) {}

  get(): Promise<SchemaCache> {
    if (!this.current) {
      this.current = this.load().then(
        (cache) => {
          this.version += 1;
          return cache;
        },
        (error: unknown) => {
          this.current = undefined;
          throw error;
        },
      );
    }
    return this.current;
  }

  /**
   * After a miss: the fresh cache, or null when one was loaded too recently. Only the request
   * that missed waits (and any that miss while it runs); the others keep using the current cache.
   */
  reloadAfterMiss(): Promise<SchemaCache | null> {
    if (this.reloading) return this.reloading;
    if (Date.now() - this.lastReload < MIN_RELOAD_MS) return Promise.resolve(null);
    this.lastReload = Date.now();
    this.reloading = this.load()
      .then(
        (cache) => {
          this.current = Promise.resolve(cache);
          this.version += 1;
          return cache;
        },
        (error: unknown) => {
          console.error('[local-supabase] rest: schema cache reload failed', error);
          return null;
        },
      )
      .finally(() => {
        this.reloading = undefined;
      });
    return this.reloading;
  }

  private load(): Promise<SchemaCache> {
    this.lastReload = Date.now();
    return this.db.transaction(async (tx) => {
      if (this.db.kind === 'pglite') await tx.exec(ANALYZE_NEW_TABLES);
      return loadSchemaCache(tx);
    });
  }
}
