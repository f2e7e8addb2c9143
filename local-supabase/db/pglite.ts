import {PGlite, parse, protocol, type Transaction} from '@electric-sql/pglite';
import {pgcrypto} from '@electric-sql/pglite/contrib/pgcrypto';
import {uuid_ossp} from '@electric-sql/pglite/contrib/uuid_ossp';
import type {Database, Queryable, QueryResult} from './database';
import {SerialQueue} from './serialQueue';
import {arrayLiteral} from './arrayLiteral';

type TextParam = string | null | undefined | (string | null)[];

function textParams(params: unknown[]): (string | null)[] | null {
  const out: (string | null)[] = [];
  for (const value of params as TextParam[]) {
    if (value === null || value === undefined) out.push(null);
    else if (typeof value === 'string') out.push(value);
    else if (Array.isArray(value) && value.every((v) => v === null || typeof v === 'string')) out.push(arrayLiteral(value));
    else return null;
  }
  return out;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const message = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    message.set(part, offset);
    offset += part.length;
  }
  return message;
}

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
    const values = textParams(params ?? []);
    if (values) return this.queue.run(() => this.queryOneTrip<R>(text, values));
    return this.queue.run(async () => toResult<R>(await this.pg.query(text, params)));
  }

  /**
   * PGlite's query() makes six protocol calls into WebAssembly (parse, describe, bind, describe,
   * execute, sync) so it can serialise parameters by their inferred types. Text parameters need no
   * type: Postgres parses them by the type it infers. Sending the whole exchange as one message
   * halves the cost of a statement, which is most of a REST request's time. Rows are parsed by
   * PGlite's own parsers, so results are the same as query()'s.
   */
  private async queryOneTrip<R>(text: string, values: (string | null)[]): Promise<QueryResult<R>> {
    const {serialize} = protocol;
    const message = concat([
      serialize.parse({text, types: []}),
      serialize.bind({values}),
      serialize.describe({type: 'P'}),
      serialize.execute({}),
      serialize.sync(),
    ]);
    const {messages} = await this.pg.execProtocol(message, {syncToFs: true, throwOnError: true});
    const [result] = parse.parseResults(messages, this.pg.parsers);
    return toResult<R>(result ?? {rows: [], fields: []});
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
