import fs from 'node:fs';
import {PGlite, parse, protocol, type Transaction} from '@electric-sql/pglite';
import {pgcrypto} from '@electric-sql/pglite/contrib/pgcrypto';
import {uuid_ossp} from '@electric-sql/pglite/contrib/uuid_ossp';
import {isPgError, type Database, type PipelineStep, type Queryable, type QueryResult} from './database';
import {SerialQueue} from './serialQueue';
import {arrayLiteral} from './arrayLiteral';
import {PreparedStatements} from './preparedStatements';
import {DEFAULT_TEMPLATE_DIR, discardTemplate, readTemplate, saveTemplate} from './pgliteTemplate';

type TextParam = string | null | undefined | (string | null)[];

/** Room for every request shape a site uses, with a bound on what odd requests can make it hold. */
const PREPARED_CAPACITY = 500;

interface Step {
  text: string;
  values: (string | null)[];
  types?: number[];
}

const BEGIN: Step = {text: 'begin', values: []};
const COMMIT: Step = {text: 'commit', values: []};
const ROLLBACK: Step = {text: 'rollback', values: []};

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

/** A statement prepared before a schema change that altered its result columns: parse it again. */
function isStalePlan(error: unknown): boolean {
  return isPgError(error) && error.code === '0A000' && error.message.includes('cached plan must not change result type');
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
  private readonly statements = new PreparedStatements(PREPARED_CAPACITY);
  private closed = false;

  constructor(private readonly pg: PGlite) {}

  query<R>(text: string, params?: unknown[]): Promise<QueryResult<R>> {
    const values = textParams(params ?? []);
    if (values) return this.queue.run(async () => toResult<R>(await this.exchange([{text, values}], false)));
    return this.queue.run(async () => toResult<R>(await this.pg.query(text, params)));
  }

  pipeline<R>(steps: PipelineStep[], check?: (result: QueryResult<R>) => void): Promise<QueryResult<R>> {
    const textSteps = steps.map((step): Step => {
      const values = textParams(step.values);
      if (!values) throw new TypeError('pipeline values must be text, null or arrays of them');
      return {text: step.text, values, types: step.types};
    });
    return this.queue.run(async () => {
      try {
        return await this.pipelineOnce<R>(textSteps, check);
      } catch (error) {
        if (!isStalePlan(error)) throw error;
        this.statements.clear();
        return this.pipelineOnce<R>(textSteps, check);
      }
    });
  }

  /**
   * Without a check the steps run in Postgres's implicit transaction (the extended protocol's:
   * until Sync, rolled back at the first error). A check needs the result before the commit, so
   * then an explicit BEGIN opens the exchange and a second one commits or rolls back.
   */
  private async pipelineOnce<R>(steps: Step[], check?: (result: QueryResult<R>) => void): Promise<QueryResult<R>> {
    if (!check) return toResult<R>(await this.exchange(steps, true));
    try {
      const result = toResult<R>(await this.exchange([BEGIN, ...steps], true));
      check(result);
      await this.exchange([COMMIT], true);
      return result;
    } catch (error) {
      await this.exchange([ROLLBACK], true).catch(() => undefined);
      throw error;
    }
  }

  /**
   * Sends the steps as one message and returns the last step's result. PGlite's own query()
   * makes six calls into WebAssembly per statement (it serialises parameters by inferred types);
   * text parameters need no type, since Postgres parses them as the type it infers, so one call
   * does. With `prepared`, each text is parsed and planned once and later only bound (Postgres
   * re-plans it by itself after DDL, or when the role changes and row security applies).
   */
  private async exchange(steps: Step[], prepared: boolean) {
    const {serialize} = protocol;
    const parts: Uint8Array[] = [];
    if (prepared) for (const name of this.statements.takeClosing()) parts.push(serialize.close({type: 'S', name}));
    for (const step of steps) {
      let name = prepared ? this.statements.lookup(step.text) : '';
      if (name === undefined) {
        name = this.statements.prepare(step.text);
        parts.push(serialize.parse({name, text: step.text, types: step.types ?? []}));
      } else if (!prepared) {
        parts.push(serialize.parse({text: step.text, types: step.types ?? []}));
      }
      parts.push(serialize.bind({statement: name, values: step.values}), serialize.describe({type: 'P'}), serialize.execute({}));
    }
    parts.push(serialize.sync());
    let messages;
    try {
      // No syncToFs: it flushes browser filesystems (IndexedDB, OPFS). On Node's filesystem and in
      // memory, the only two this server opens, Postgres's writes are already there, and asking
      // costs every request a pass through PGlite's filesystem lock.
      ({messages} = await this.pg.execProtocol(concat(parts), {syncToFs: false, throwOnError: true}));
    } catch (error) {
      if (prepared) this.statements.retire();
      throw error;
    }
    if (prepared) this.statements.confirm();
    const results = parse.parseResults(messages, this.pg.parsers);
    return results[results.length - 1] ?? {rows: [], fields: []};
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

function isEmptyOrMissing(dir: string): boolean {
  try {
    return fs.readdirSync(dir).length === 0;
  } catch {
    return true;
  }
}

async function start(dataDir: string | undefined, loadDataDir: Blob | undefined): Promise<PGlite> {
  const pg = new PGlite({dataDir, loadDataDir, extensions: {pgcrypto, uuid_ossp}});
  await pg.waitReady;
  return pg;
}

/**
 * `dataDir` undefined → an in-memory database that disappears with the process. A new database
 * starts from the saved initdb template when there is one (see pgliteTemplate.ts); the first
 * saves it.
 */
export async function openPGlite(dataDir: string | undefined, templateDir = DEFAULT_TEMPLATE_DIR): Promise<Database> {
  const fresh = dataDir === undefined || isEmptyOrMissing(dataDir);
  if (!fresh) return new PGliteDatabase(await start(dataDir, undefined));
  const template = readTemplate(templateDir);
  if (template) {
    try {
      return new PGliteDatabase(await start(dataDir, template));
    } catch (error) {
      console.warn(`[local-supabase] PGlite initdb template unusable, running initdb: ${(error as Error).message}`);
      discardTemplate(templateDir);
      if (dataDir !== undefined) fs.rmSync(dataDir, {recursive: true, force: true});
    }
  }
  const pg = await start(dataDir, undefined);
  await saveTemplate(pg, templateDir);
  return new PGliteDatabase(pg);
}
