// The database thread. PGlite is Postgres compiled to WebAssembly: it runs every statement to the
// end on the thread that calls it. Here that is a worker of its own, so the server's thread keeps
// parsing, authorising and answering HTTP while Postgres works, and the two use both cores.
// Requests arrive as messages and run strictly one after another, cheap ones first
// (lightFirstQueue.ts); a transaction's steps keep their place, so the one connection's open
// transaction and the prepared-statement names belong to that order.
import fs from 'node:fs';
import {parentPort, workerData} from 'node:worker_threads';
import {PGlite, parse, protocol} from '@electric-sql/pglite';
import {pgcrypto} from '@electric-sql/pglite/contrib/pgcrypto';
import {uuid_ossp} from '@electric-sql/pglite/contrib/uuid_ossp';
import {isStalePlan, type QueryResult} from './database.ts';
import {PreparedStatements} from './preparedStatements.ts';
import {LightFirstQueue} from './lightFirstQueue.ts';
import {discardTemplate, readTemplate, saveTemplate} from './pgliteTemplate.ts';
import {serializeError, type WorkerInit, type WorkerReply, type WorkerRequest, type WorkerStep} from './pgliteWorkerProtocol.ts';

/** Room for every request shape a site uses, with a bound on what odd requests can make it hold. */
const PREPARED_CAPACITY = 500;

function concat(parts: Uint8Array[]): Uint8Array {
  const message = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    message.set(part, offset);
    offset += part.length;
  }
  return message;
}

function toResult(res: {rows: unknown[]; fields: {name: string; dataTypeID: number}[]; affectedRows?: number}): QueryResult<unknown> {
  return {
    rows: res.rows,
    fields: res.fields.map(({name, dataTypeID}) => ({name, dataTypeID})),
    rowCount: res.affectedRows && res.affectedRows > 0 ? res.affectedRows : res.rows.length,
  };
}

class Session {
  private readonly statements = new PreparedStatements(PREPARED_CAPACITY);
  readonly pg: PGlite;

  constructor(pg: PGlite) {
    this.pg = pg;
  }

  /**
   * Sends the steps as one message and returns the last step's result. PGlite's own query()
   * makes six calls into WebAssembly per statement (it serialises parameters by inferred types);
   * text parameters need no type, since Postgres parses them as the type it infers, so one call
   * does. With `prepared`, each text is parsed and planned once and later only bound (Postgres
   * re-plans it by itself after DDL, or when the role changes and row security applies).
   */
  async exchange(steps: WorkerStep[], prepared: boolean): Promise<QueryResult<unknown>> {
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
    return toResult(results[results.length - 1] ?? {rows: [], fields: []});
  }

  /** A self-contained pipeline; a plan made stale by DDL is parsed again once. */
  async pipeline(steps: WorkerStep[]): Promise<QueryResult<unknown>> {
    try {
      return await this.exchange(steps, true);
    } catch (error) {
      if (!isStalePlan(error)) throw error;
      this.statements.clear();
      return this.exchange(steps, true);
    }
  }

  async handle(request: WorkerRequest): Promise<unknown> {
    switch (request.op) {
      case 'exchange':
        return this.exchange(request.steps, request.prepared);
      case 'pipeline':
        return this.pipeline(request.steps);
      case 'forget':
        this.statements.clear();
        return null;
      case 'query':
        return toResult(await this.pg.query(request.text, request.params));
      case 'exec':
        await this.pg.exec(request.sql);
        return null;
      case 'close':
        await this.pg.close();
        return null;
    }
  }
}

function isEmptyOrMissing(dir: string): boolean {
  try {
    return fs.readdirSync(dir).length === 0;
  } catch {
    return true;
  }
}

/**
 * Postgres's default 128 MB of shared buffers costs a PGlite start about 0.4 s (WebAssembly
 * initialises every buffer's descriptor and memory) and the process about 50 MB more, for a
 * database whose working set is a few megabytes. Pages beyond these 16 MB are read from the data
 * directory's files (in memory: PGlite's in-memory ones) as on any Postgres.
 */
const SHARED_BUFFERS = '16MB';

async function start(dataDir: string | undefined, loadDataDir: Blob | undefined): Promise<PGlite> {
  const startParams = [...PGlite.defaultStartParams, '-c', `shared_buffers=${SHARED_BUFFERS}`];
  const pg = new PGlite({dataDir, loadDataDir, extensions: {pgcrypto, uuid_ossp}, startParams});
  await pg.waitReady;
  return pg;
}

/**
 * `dataDir` undefined → an in-memory database that disappears with the process. A new database
 * starts from the saved initdb template when there is one (see pgliteTemplate.ts); the first
 * saves it.
 */
async function open({dataDir, templateDir}: WorkerInit): Promise<PGlite> {
  const fresh = dataDir === undefined || isEmptyOrMissing(dataDir);
  if (!fresh) return start(dataDir, undefined);
  const template = readTemplate(templateDir);
  if (template) {
    try {
      return await start(dataDir, template);
    } catch (error) {
      console.warn(`[local-supabase] PGlite initdb template unusable, running initdb: ${(error as Error).message}`);
      discardTemplate(templateDir);
      if (dataDir !== undefined) fs.rmSync(dataDir, {recursive: true, force: true});
    }
  }
  const pg = await start(dataDir, undefined);
  await saveTemplate(pg, templateDir);
  return pg;
}

/** A request's shape for the queue: its main (last) statement's text. */
function shapeOf(request: WorkerRequest): string | undefined {
  switch (request.op) {
    case 'exchange':
    case 'pipeline':
      return request.steps.at(-1)?.text;
    case 'query':
      return request.text;
    case 'exec':
      return request.sql;
    default:
      return undefined;
  }
}

async function main(): Promise<void> {
  const port = parentPort;
  if (!port) throw new Error('pgliteWorker runs only as a worker thread');
  const post = (reply: WorkerReply) => port.postMessage(reply);
  let session: Session;
  try {
    session = new Session(await open(workerData as WorkerInit));
  } catch (error) {
    post({id: 0, ok: false, error: serializeError(error)});
    return;
  }
  const queue = new LightFirstQueue();
  port.on('message', (request: WorkerRequest) => {
    queue.push({
      key: shapeOf(request),
      barrier: request.session === true || request.op === 'forget' || request.op === 'close',
      run: async () => {
        try {
          post({id: request.id, ok: true, result: await session.handle(request)});
        } catch (error) {
          post({id: request.id, ok: false, error: serializeError(error)});
        }
      },
    });
  });
  post({id: 0, ok: true, result: null});
}

void main();
