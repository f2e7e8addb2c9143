// PGlite as a Database: the statements run on the database thread (pgliteWorker.ts), which takes
// cheap ones first (lightFirstQueue.ts) and a session's steps in the order they are posted. A
// request that is one exchange (a query, a pipeline without a check) is posted at once, so the
// thread always has the next one waiting. A request that holds
// the connection across several exchanges (a transaction, a pipeline whose result is checked
// before the commit) is a session: sessions run one at a time, and anything that arrives during
// one waits until it ends, so nothing is ever posted into another request's transaction.
import {isStalePlan, type Database, type PipelineStep, type Queryable, type QueryResult} from './database';
import {SerialQueue} from './serialQueue';
import {arrayLiteral} from './arrayLiteral';
import {LOCAL_CACHE_DIR} from './pgliteTemplate';
import {PGliteThread} from './pgliteThread';
import type {WorkerCall, WorkerStep} from './pgliteWorkerProtocol';

type TextParam = string | null | undefined | (string | null)[];

const BEGIN: WorkerStep = {text: 'begin', values: []};
const COMMIT: WorkerStep = {text: 'commit', values: []};
const ROLLBACK: WorkerStep = {text: 'rollback', values: []};

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

/** One statement: text parameters go as one protocol exchange, others through PGlite's query(). */
function queryCall(text: string, params: unknown[] | undefined): WorkerCall {
  const values = textParams(params ?? []);
  return values ? {op: 'exchange', steps: [{text, values}], prepared: false} : {op: 'query', text, params};
}

class PGliteDatabase implements Database {
  readonly kind = 'pglite' as const;
  private readonly sessions = new SerialQueue();
  private closed = false;

  constructor(private readonly thread: PGliteThread) {}

  /** Posts a one-exchange request now, or after the sessions queued before it. */
  private post<T>(call: WorkerCall): Promise<T> {
    if (this.sessions.size === 0) return this.thread.call<T>(call);
    return this.sessions.run(() => this.thread.call<T>(call));
  }

  query<R>(text: string, params?: unknown[]): Promise<QueryResult<R>> {
    return this.post(queryCall(text, params));
  }

  pipeline<R>(steps: PipelineStep[], check?: (result: QueryResult<R>) => void): Promise<QueryResult<R>> {
    const textSteps = steps.map((step): WorkerStep => {
      const values = textParams(step.values);
      if (!values) throw new TypeError('pipeline values must be text, null or arrays of them');
      return {text: step.text, values, types: step.types};
    });
    // Without a check the steps run in Postgres's implicit transaction (the extended protocol's:
    // until Sync, rolled back at the first error), all in one exchange.
    if (!check) return this.post({op: 'pipeline', steps: textSteps});
    return this.sessions.run(async () => {
      try {
        return await this.checked<R>(textSteps, check);
      } catch (error) {
        if (!isStalePlan(error)) throw error;
        await this.thread.call({op: 'forget', session: true});
        return this.checked<R>(textSteps, check);
      }
    });
  }

  /** A check needs the result before the commit: BEGIN opens the exchange, a second one ends it. */
  private async checked<R>(steps: WorkerStep[], check: (result: QueryResult<R>) => void): Promise<QueryResult<R>> {
    const exchange = (s: WorkerStep[]) => this.thread.call<QueryResult<R>>({op: 'exchange', steps: s, prepared: true, session: true});
    try {
      const result = await exchange([BEGIN, ...steps]);
      check(result);
      await exchange([COMMIT]);
      return result;
    } catch (error) {
      await exchange([ROLLBACK]).catch(() => undefined);
      throw error;
    }
  }

  exec(sql: string): Promise<void> {
    return this.post({op: 'exec', sql});
  }

  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    const tx: Queryable = {
      query: (text, params) => this.thread.call({...queryCall(text, params), session: true}),
      exec: (sql) => this.thread.call({op: 'exec', sql, session: true}),
    };
    return this.sessions.run(async () => {
      await tx.exec('begin');
      try {
        const result = await fn(tx);
        await tx.exec('commit');
        return result;
      } catch (error) {
        await tx.exec('rollback').catch(() => undefined);
        throw error;
      }
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.sessions.drain();
    await this.thread.close();
  }
}

/**
 * `dataDir` undefined → an in-memory database that disappears with the process. A new database
 * starts from the saved initdb template when there is one (see pgliteTemplate.ts); the first
 * saves it.
 */
export async function openPGlite(dataDir: string | undefined, templateDir = LOCAL_CACHE_DIR): Promise<Database> {
  return new PGliteDatabase(await PGliteThread.start({dataDir, templateDir}));
}
