/** What both database drivers (PGlite and node-postgres) offer the rest of local-supabase. */
export interface QueryField {
  name: string;
  dataTypeID: number;
}

export interface QueryResult<R> {
  rows: R[];
  fields: QueryField[];
  /** Rows changed by INSERT/UPDATE/DELETE, else the number of rows returned. */
  rowCount: number;
}

export interface Queryable {
  /** One statement with `$1…` parameters. int8 comes back as a number, timestamptz as a Date, json parsed. */
  query<R = Record<string, unknown>>(text: string, params?: unknown[]): Promise<QueryResult<R>>;
  /** Several statements, no parameters (migration files). */
  exec(sql: string): Promise<void>;
}

/** One statement of `Database.pipeline`. */
export interface PipelineStep {
  text: string;
  /** Text values (an array becomes a Postgres array literal); each is cast in SQL as needed. */
  values: (string | null | (string | null)[])[];
  /**
   * Parameter type OIDs where Postgres cannot infer them, e.g. a `$1` the text does not use,
   * which PGlite's prepared statement must still accept. node-postgres infers them all.
   */
  types?: number[];
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` inside BEGIN … COMMIT (ROLLBACK if it throws), with exclusive use of a connection. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Runs the steps in order as one transaction and returns the last one's result; `check` sees
   * it before the commit and may throw to roll everything back. A failing step rolls back too.
   * PGlite sends all the steps in one protocol exchange, each text prepared once and reused;
   * on PostgreSQL BEGIN, the steps and COMMIT are pipelined, one round trip (two with a check).
   */
  pipeline<R>(steps: PipelineStep[], check?: (result: QueryResult<R>) => void): Promise<QueryResult<R>>;
  close(): Promise<void>;
}

/** A Postgres error as both drivers raise it: SQLSTATE in `code`, plus details when Postgres gives them. */
export interface PgError extends Error {
  code: string;
  detail?: string;
  hint?: string;
  constraint?: string;
}

export function isPgError(error: unknown): error is PgError {
  return (
    error instanceof Error &&
    typeof (error as Partial<PgError>).code === 'string' &&
    /^[0-9A-Z]{5}$/.test((error as PgError).code)
  );
}

/** A statement prepared before a schema change that altered its result columns: parse it again. */
export function isStalePlan(error: unknown): boolean {
  return isPgError(error) && error.code === '0A000' && error.message.includes('cached plan must not change result type');
}
