import type {Database, Queryable} from '../db/database';
import type {ParamStyle} from './sql';

export interface ResultRow {
  body: string | null;
  n: number;
  total: number | null;
  inserted: number | null;
  /** The `response.headers` setting after the statement (PostgREST's way for SQL to set headers). */
  headers: string | null;
}

export interface Statement {
  sql: string;
  /** As `Params.bind()` returns them. */
  bind: unknown[];
}

/**
 * The columns every main statement returns, in this order. `headers` is read last, in the same
 * statement, so it sees what the called function (or a trigger) set, as PostgREST reads it.
 */
export function resultSelect(body: string, n: string, total = 'null', inserted = 'null'): string {
  return (
    `select ${body} as body, (${n})::bigint as n, (${total})::bigint as total, (${inserted})::bigint as inserted, ` +
    "nullif(current_setting('response.headers', true), '') as headers"
  );
}

// PostgREST's request prelude: role, claims and request metadata for RLS, all transaction-local.
const SETUP_ARGS =
  "set_config('search_path', 'public, extensions', true), set_config('role', $1, true), " +
  "set_config('request.jwt.claims', $2, true), set_config('request.method', $3, true), " +
  "set_config('request.path', $4, true), set_config('request.headers', $5, true), " +
  "set_config('transaction_read_only', $6, true)";
const SETUP_SQL = `select ${SETUP_ARGS}`;

// On PGlite every protocol round trip costs more than the work itself, so the prelude and the
// main statement run as ONE statement (its own transaction): a session-local function applies
// the settings, then runs the generated SQL with EXECUTE … USING — values stay bind parameters.
const RUN_FUNCTION = `
create or replace function pg_temp.local_rest_run(p_setup text[], p_sql text, p_params text[])
returns table(body text, n bigint, total bigint, inserted bigint, headers text)
language plpgsql as $fn$
begin
  perform ${SETUP_ARGS.replace(/\$([1-6])/g, (_, i: string) => `p_setup[${i}]`)};
  return query execute p_sql using p_params;
end
$fn$`;

export class Runner {
  readonly style: ParamStyle;
  private prepared: Promise<void> | undefined;

  constructor(private readonly db: Database) {
    this.style = db.kind === 'pglite' ? 'array' : 'positional';
  }

  /**
   * Runs one request's statement under the caller's settings in a single transaction. `check`
   * runs inside the transaction and may throw to roll the statement back (cardinality checks).
   */
  async run(setup: string[], statement: Statement, check?: (row: ResultRow) => void): Promise<ResultRow> {
    if (this.style === 'array' && !check) {
      this.prepared ??= this.db.exec(RUN_FUNCTION).catch((error: unknown) => {
        this.prepared = undefined;
        throw error;
      });
      await this.prepared;
      const result = await this.db.query<ResultRow>('select * from pg_temp.local_rest_run($1, $2, $3)', [
        setup,
        statement.sql,
        statement.bind[0],
      ]);
      return result.rows[0] as ResultRow;
    }
    return this.db.transaction(async (tx: Queryable) => {
      await tx.query(SETUP_SQL, setup);
      const row = (await tx.query<ResultRow>(statement.sql, statement.bind)).rows[0] as ResultRow;
      check?.(row);
      return row;
    });
  }
}
