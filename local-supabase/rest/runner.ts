import {isPgError, type Database, type PipelineStep} from '../db/database';
import {planCostExceeded} from './errors';
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
  /**
   * Set when PGlite's cost check is not (or no longer) needed: a cached read that passed it, so
   * repeats are not planned twice, or an EXPLAIN, which never runs the query.
   */
  costChecked?: boolean;
}

/**
 * PGlite runs a query to the end on its one database thread: statement_timeout never fires there,
 * so a costly statement would stall every other request that needs the database.
 * Instead each statement is planned first and refused (413 54000, errors.ts) when the
 * planner's estimate is above this budget (a 300,000-row sort is over it; the catalog's widest
 * embeds are not). The estimates are real ones (schemaStore.ts analyzes each table once: PGlite
 * has no autovacuum); the planner underestimates deep chains and plans wide selects slowly, so
 * the parser and plan.ts also bound a select's embeds and their depth.
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
// statement_timeout (its impersonated role settings), all transaction-local, and JIT off: LLVM
// compiling a wide plan does not stop for statement_timeout or pg_terminate_backend (one request
// held a backend for 9–10 minutes), while API reads are far too small to gain from it. It returns no
// columns: set_config's results would only echo the claims and headers back.
const SETUP_SQL =
  "select from (select set_config('search_path', 'public, extensions', true), set_config('role', $1, true), " +
  "set_config('request.jwt.claims', $2, true), set_config('request.method', $3, true), " +
  "set_config('request.path', $4, true), set_config('request.headers', $5, true), " +
  "set_config('transaction_read_only', $6, true), " +
  "set_config('statement_timeout', coalesce($7, current_setting('statement_timeout')), true), " +
  "set_config('jit', 'off', true)) _setup";

// Parameter type OIDs (pg_type): PGlite prepares each text once, and a statement with no filter
// values still takes its one text[] parameter.
const TEXT = 25;
const TEXT_ARRAY = 1009;
const FLOAT8 = 701;
const SETUP_TYPES = [TEXT, TEXT, TEXT, TEXT, TEXT, TEXT, TEXT];

// PGlite's cost check, run as the request's role (row security shapes the plan) right before the
// statement in the same transaction: raising here rolls the request back before it starts.
const COST_FUNCTION = `
create or replace function pg_temp.local_rest_check_cost(p_sql text, p_params text[], p_max_cost float8)
returns void
language plpgsql as $fn$
declare
  v_plan json;
  v_cost float8;
begin
  execute 'explain (format json) ' || p_sql using p_params into v_plan;
  v_cost := (v_plan -> 0 -> 'Plan' ->> 'Total Cost')::float8;
  if v_cost > p_max_cost then
    raise exception using errcode = '54000', message = 'plan cost limit exceeded',
      detail = format('PGlite cannot interrupt a running query, so one estimated at cost %s (over %s for this role) is not started', round(v_cost), p_max_cost);
  end if;
end
$fn$`;
const COST_CHECK_SQL = 'select from pg_temp.local_rest_check_cost($1, $2, $3) _check';

/** Thrown from a pipeline's check to end a `tx=rollback` request's transaction with ROLLBACK. */
class RolledBack extends Error {
  constructor(readonly row: ResultRow) {
    super('rolled back');
  }
}

export class Runner {
  readonly style: ParamStyle;
  private costFunction: Promise<void> | undefined;

  constructor(private readonly db: Database) {
    this.style = db.kind === 'pglite' ? 'array' : 'positional';
  }

  /**
   * Runs one request's statement under the caller's settings in a single transaction: the
   * prelude, PGlite's cost check when due, then the statement, in one exchange on PGlite. `check`
   * runs inside the transaction and may throw to roll the statement back (cardinality checks).
   */
  async run(setup: (string | null)[], statement: Statement, check?: (row: ResultRow) => void, rollback = false): Promise<ResultRow> {
    const steps: PipelineStep[] = [{text: SETUP_SQL, values: setup, types: SETUP_TYPES}];
    const maxCost = this.style === 'array' && !statement.costChecked ? (PGLITE_COST_BUDGET[setup[0] ?? ''] ?? null) : null;
    if (maxCost !== null) {
      this.costFunction ??= this.db.exec(COST_FUNCTION).catch((error: unknown) => {
        this.costFunction = undefined;
        throw error;
      });
      await this.costFunction;
      steps.push({text: COST_CHECK_SQL, values: [statement.sql, statement.bind[0] as (string | null)[], String(maxCost)], types: [TEXT, TEXT_ARRAY, FLOAT8]});
    }
    steps.push({
      text: statement.sql,
      values: statement.bind as PipelineStep['values'],
      types: this.style === 'array' ? [TEXT_ARRAY] : undefined,
    });
    let row: ResultRow;
    try {
      // A rollback is the check failing last: the answer is kept, the writes are not.
      const verify = (r: {rows: ResultRow[]}) => {
        check?.(r.rows[0] as ResultRow);
        if (rollback) throw new RolledBack(r.rows[0] as ResultRow);
      };
      row = (await this.db.pipeline<ResultRow>(steps, check || rollback ? verify : undefined)).rows[0] as ResultRow;
    } catch (error) {
      if (maxCost !== null && isPgError(error) && error.code === '54000' && error.message === 'plan cost limit exceeded') {
        throw planCostExceeded(error.detail ?? null);
      }
      if (!(error instanceof RolledBack)) throw error;
      row = error.row;
    }
    if (maxCost !== null) statement.costChecked = true;
    return row;
  }
}
