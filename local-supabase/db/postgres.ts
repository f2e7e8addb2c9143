import pg from 'pg';
import {HeavyGate} from './heavyGate';
import {isPgError, type Database, type PipelineStep, type Queryable, type QueryResult} from './database';

// Match PGlite's parsing so both drivers hand back identical rows: int8 as a number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));

function toResult<R>(res: pg.QueryResult): QueryResult<R> {
  return {
    rows: res.rows as R[],
    fields: res.fields.map((f) => ({name: f.name, dataTypeID: f.dataTypeID})),
    rowCount: res.rowCount ?? res.rows.length,
  };
}

class PostgresDatabase implements Database {
  readonly kind = 'postgres' as const;

  /** Holds requests of a costly shape to a few connections (heavyGate.ts). */
  private readonly gate = new HeavyGate();

  constructor(private readonly pool: pg.Pool) {}

  async query<R>(text: string, params?: unknown[]): Promise<QueryResult<R>> {
    return toResult<R>(await this.pool.query(text, params as unknown[] | undefined));
  }

  async exec(sql: string): Promise<void> {
    await this.pool.query(sql);
  }

  async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('begin');
      const result = await fn({
        async query<R>(text: string, params?: unknown[]) {
          return toResult<R>(await client.query(text, params as unknown[] | undefined));
        },
        async exec(sql: string) {
          await client.query(sql);
        },
      });
      await client.query('commit');
      return result;
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  /**
   * BEGIN, the steps and COMMIT go out together on a pipelined connection (one round trip instead
   * of one per statement); PostgreSQL runs them in order. A failing step aborts the transaction,
   * so the statements after it fail too and the COMMIT ends it as a ROLLBACK. With a check the
   * COMMIT (or ROLLBACK) waits for the last result: a second round trip. A costly shape waits
   * for one of the gate's places first.
   */
  pipeline<R>(steps: PipelineStep[], check?: (result: QueryResult<R>) => void): Promise<QueryResult<R>> {
    return this.gate.run(steps.at(-1)?.text ?? '', () => this.pipelined(steps, check));
  }

  private async pipelined<R>(steps: PipelineStep[], check?: (result: QueryResult<R>) => void): Promise<QueryResult<R>> {
    const client = await this.pool.connect();
    let lost: Error | undefined;
    try {
      const sent = [client.query('begin'), ...steps.map((step) => client.query(step.text, step.values))];
      if (!check) sent.push(client.query('commit'));
      const settled = await Promise.allSettled(sent);
      const failed = settled.find((outcome) => outcome.status === 'rejected');
      if (failed) {
        if (!isPgError(failed.reason)) lost = failed.reason as Error;
        else if (check) await client.query('rollback').catch((error: Error) => (lost = error));
        throw failed.reason;
      }
      const last = settled[steps.length] as PromiseFulfilledResult<pg.QueryResult>;
      const result = toResult<R>(last.value);
      if (check) {
        try {
          check(result);
        } catch (error) {
          await client.query('rollback').catch((rollbackError: Error) => (lost = rollbackError));
          throw error;
        }
        await client.query('commit');
      }
      return result;
    } finally {
      // A connection that failed outside SQL (it dropped) is not given back to the pool.
      client.release(lost);
    }
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

export async function openPostgres(connectionString: string): Promise<Database> {
  // pipeline: a client sends each query without waiting for the answers to those before it, which
  // pipeline() needs; awaited one by one (transaction()) the queries go as before.
  const pool = new pg.Pool({connectionString, max: 10, pipeline: true});
  // An idle connection the server ends (a restart, pg_terminate_backend, DROP DATABASE … FORCE)
  // is an 'error' on the pool, which pg-pool has already discarded; unheard, it would kill the
  // whole process. The next query simply opens a new connection.
  pool.on('error', (error) => console.error(`local-supabase: an idle PostgreSQL connection ended: ${error.message}`));
  // Fail fast with a readable error when the server is unreachable.
  await pool.query('select 1');
  return new PostgresDatabase(pool);
}
