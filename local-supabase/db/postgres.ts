import pg from 'pg';
import type {Database, PipelineStep, Queryable, QueryResult} from './database';

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

  pipeline<R>(steps: PipelineStep[], check?: (result: QueryResult<R>) => void): Promise<QueryResult<R>> {
    return this.transaction(async (tx) => {
      let result: QueryResult<R> = {rows: [], fields: [], rowCount: 0};
      for (const step of steps) result = await tx.query<R>(step.text, step.values);
      check?.(result);
      return result;
    });
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

export async function openPostgres(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({connectionString, max: 10});
  // An idle connection the server ends (a restart, pg_terminate_backend, DROP DATABASE … FORCE)
  // is an 'error' on the pool, which pg-pool has already discarded; unheard, it would kill the
  // whole process. The next query simply opens a new connection.
  pool.on('error', (error) => console.error(`local-supabase: an idle PostgreSQL connection ended: ${error.message}`));
  // Fail fast with a readable error when the server is unreachable.
  await pool.query('select 1');
  return new PostgresDatabase(pool);
}
