import {PGlite, type Transaction} from '@electric-sql/pglite';
import {pgcrypto} from '@electric-sql/pglite/contrib/pgcrypto';
import {uuid_ossp} from '@electric-sql/pglite/contrib/uuid_ossp';
import type {Database, Queryable, QueryResult} from './database';
import {SerialQueue} from './serialQueue';

function toResult<R>(res: {rows: unknown[]; fields: {name: string; dataTypeID: number}[]; affectedRows?: number}): QueryResult<R> {
  return {
    rows: res.rows as R[],
    fields: res.fields,
    rowCount: res.affectedRows && res.affectedRows > 0 ? res.affectedRows : res.rows.length,
  };
}

function wrap(tx: Transaction): Queryable {
  return {
    async query<R>(text: string, params?: unknown[]) {
      return toResult<R>(await tx.query(text, params));
    },
    async exec(sql: string) {
      await tx.exec(sql);
    },
  };
}

class PGliteDatabase implements Database {
  readonly kind = 'pglite' as const;
  private readonly queue = new SerialQueue();
  private closed = false;

  constructor(private readonly pg: PGlite) {}

  query<R>(text: string, params?: unknown[]): Promise<QueryResult<R>> {
    return this.queue.run(async () => toResult<R>(await this.pg.query(text, params)));
  }

  exec(sql: string): Promise<void> {
    return this.queue.run(async () => {
      await this.pg.exec(sql);
    });
  }

  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.queue.run(() => this.pg.transaction((tx) => fn(wrap(tx))));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.queue.drain();
    await this.pg.close();
  }
}

/** `dataDir` undefined → an in-memory database that disappears with the process. */
export async function openPGlite(dataDir: string | undefined): Promise<Database> {
  const pg = new PGlite({dataDir, extensions: {pgcrypto, uuid_ossp}});
  await pg.waitReady;
  return new PGliteDatabase(pg);
}
