import type {Database} from '../db/database';
import {loadSchemaCache, type SchemaCache} from './schemaCache';

// Migrations run only at start-up, so the cache loads once; a miss (unknown table or function)
// reloads it at most once a second in case the schema changed underneath (e.g. `psql` on Postgres).
const MIN_RELOAD_MS = 1000;

export class SchemaStore {
  private current: Promise<SchemaCache> | undefined;
  private loadedAt = 0;
  /** Bumped on every reload; keys the compiled-SQL cache. */
  version = 0;

  constructor(private readonly db: Database) {}

  get(): Promise<SchemaCache> {
    if (!this.current) this.current = this.load();
    return this.current;
  }

  /** Reloads after a miss; resolves to the fresh cache, or null when reloaded too recently. */
  async reloadAfterMiss(): Promise<SchemaCache | null> {
    if (Date.now() - this.loadedAt < MIN_RELOAD_MS) return null;
    this.current = this.load();
    return this.current;
  }

  private async load(): Promise<SchemaCache> {
    this.loadedAt = Date.now();
    try {
      const cache = await this.db.transaction((tx) => loadSchemaCache(tx));
      this.version += 1;
      return cache;
    } catch (error) {
      this.current = undefined;
      throw error;
    }
  }
}
