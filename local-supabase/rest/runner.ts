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
  /** Set once a cached read has passed PGlite's cost check, so repeats are not planned twice. */
  costChecked?: boolean;
}

/**
 * PGlite runs a query to the end on the one thread the whole server shares: statement_timeout
 * never fires there, so a costly statement would stall every other request, /health included.
 * Instead each statement is planned first and refused, with the 57014 a timeout gives, when the
 * planner's estimate is above this budget. Measured on the seeded catalog: plain reads cost ~30,
 * each embed adds ~2,500, a 4-level courses↔lessons chain ~9,400 (0.4 s); the planner
 * underestimates deep chains, so plan.ts also caps embed depth.
 */
export const PGLITE_COST_BUDGET: Record<string, number> = {anon: 15_000, authenticated: 15_000};

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

// PostgREST's request prelude: role, claims, request metadata for RLS and the role's
// statement_timeout (its impersonated role settings), all transaction-local.
const SETUP_ARGS =
  "set_config('search_path', 'public, extensions', true), set_config('role', $1, true), " +
  "set_config('request.jwt.claims', $2, true), set_config('request.method', $3, true), " +
  "set_config('request.path', $4, true), set_config('request.headers', $5, true), " +
  "set_config('transaction_read_only', $6, true), " +
  "set_config('statement_timeout', coalesce($7, current_setting('statement_timeout')), true)";
const SETUP_SQL = `select ${SETUP_ARGS}`;

// On PGlite every protocol round trip costs more than the work itself, so the prelude and the
// main statement run as ONE statement (its own transaction): a session-local function applies
// the settings, then runs the generated SQL with EXECUTE … USING — values stay bind parameters.
const RUN_FUNCTION = `
create or replace function pg_temp.local_rest_run(p_setup text[], p_sql text, p_params text[], p_max_cost float8)
returns table(body text, n bigint, total bigint, inserted bigint, headers text)
language plpgsql as $fn$
declare
  v_plan json;
  v_cost float8;
begin
  perform ${SETUP_ARGS.replace(/\$([1-7])/g, (_, i: string) => `p_setup[${i}]`)};
  if p_max_cost is not null then
    execute 'explain (format json) ' || p_sql using p_params into v_plan;
    v_cost := (v_plan -> 0 -> 'Plan' ->> 'Total Cost')::float8;
    if v_cost > p_max_cost then
      raise exception using errcode = '57014', message = 'canceling statement due to statement timeout',
        detail = format('PGlite cannot interrupt a running query, so one estimated at cost %s (over %s for this role) is not started', round(v_cost), p_max_cost);
    end if;
  end if;
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
  async run(setup: (string | null)[], statement: Statement, check?: (row: ResultRow) => void): Promise<ResultRow> {
    if (this.style === 'array' && !check) {
      this.prepared ??= this.db.exec(RUN_FUNCTION).catch((error: unknown) => {
        this.prepared = undefined;
        throw error;
      });
      await this.prepared;
      const maxCost = statement.costChecked ? null : (PGLITE_COST_BUDGET[setup[0] ?? ''] ?? null);
      const result = await this.db.query<ResultRow>('select * from pg_temp.local_rest_run($1, $2, $3, $4)', [
        setup,
        statement.sql,
        statement.bind[0],
        maxCost,
      ]);
      if (maxCost !== null) statement.costChecked = true;
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
