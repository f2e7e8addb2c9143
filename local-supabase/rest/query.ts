// The third stage of PostgREST's pipeline (its Query module): a Plan becomes one SQL statement
// whose single row carries the body, the row counts and the response.headers setting
// (runner.ts's resultSelect). Values travel only as bind parameters (sql.ts's Params).
import type {ApiRequest} from './apiRequest';
import {callSql} from './callQuery';
import {unavailableMedia} from './errors';
import {MUTATION, deleteSql, insertSql, updateSql} from './mutateQuery';
import type {CallPlan, MutatePlan, ReadPlan} from './plan';
import {nodeSql} from './readQuery';
import type {ReadNode} from './readPlan';
import {resultSelect, type Statement} from './runner';
import {Params, ident, type ParamStyle} from './sql';

export interface QueryOptions {
  style: ParamStyle;
  /** `[api] max_rows`: the most rows a read or a set-returning call answers with. */
  maxRows: number;
}

/**
 * The body of rows `_r` in the requested media type. CSV is PostgREST's: a header of the first
 * row's keys, then each row's record text without its parentheses, one a line.
 */
export function bodySql(req: ApiRequest): string {
  const {kind, stripNulls} = req.media;
  if (kind === 'csv') {
    // array_agg here aggregates over the outer rows `_r`: its first element gives the header keys.
    return (
      "(select coalesce(string_agg(_k, ','), '') from json_object_keys((array_agg(row_to_json(_r)))[1]) as _k)" +
      " || chr(10) || coalesce(string_agg(substring(_r::text, 2, length(_r::text) - 2), chr(10)), '')"
    );
  }
  return stripNulls ? "coalesce(json_strip_nulls(json_agg(_r)), '[]')::text" : "coalesce(json_agg(_r), '[]')::text";
}

/**
 * `Prefer: count=` as PostgREST counts: exact counts every row; estimated counts exactly up to
 * max_rows (one more tells it went past); planned counts nothing here (plannedCountStatement).
 * `rows` builds the rows' SQL only when a count needs it: every value it binds must be used, as
 * PostgreSQL refuses bind parameters a statement does not mention.
 */
function countSql(req: ApiRequest, rows: () => string, options: QueryOptions): string {
  switch (req.preferences.count) {
    case 'exact':
      return `select count(*) from (${rows()}) _c`;
    case 'estimated':
      return `select count(*) from (${rows()} limit ${options.maxRows + 1}) _c`;
    default:
      return 'null';
  }
}

function readSource(plan: ReadPlan): string {
  return `"public".${ident(plan.table.name)}`;
}

export function readStatement(req: ApiRequest, plan: ReadPlan, options: QueryOptions): Statement {
  const params = new Params(options.style);
  const source = readSource(plan);
  const page = nodeSql(plan.root, params, {source, maxRows: options.maxRows});
  const total = countSql(req, () => nodeSql(plan.root, params, {source, maxRows: null, countOnly: true}), options);
  return {sql: `${resultSelect(bodySql(req), 'count(_r)', total)} from (${page}) _r`, bind: params.bind()};
}

/** The planner's row estimate for a read's rows, for count=planned (and estimated past max_rows). */
export function plannedCountStatement(plan: ReadPlan, options: QueryOptions): Statement {
  const params = new Params(options.style);
  const rows = nodeSql(plan.root, params, {source: readSource(plan), maxRows: null, countOnly: true});
  // EXPLAIN plans without running the query: PGlite's cost budget has nothing to stop.
  return {sql: `explain (format json) ${rows}`, bind: params.bind(), costChecked: true};
}

/** `Plan Rows` of the top node of an EXPLAIN (FORMAT JSON) result row. */
export function plannedRows(row: unknown): number {
  const values = Object.values(row as Record<string, unknown>);
  const raw = values[0];
  const explained = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [{Plan: {'Plan Rows': number}}];
  return Math.round(explained[0].Plan['Plan Rows']);
}

export function mutateStatement(req: ApiRequest, plan: MutatePlan, options: QueryOptions): Statement {
  const params = new Params(options.style);
  const {table, root, columns} = plan;
  const raw = req.payload?.raw ?? '';
  let mutation: string;
  if (plan.action === 'create' && Array.isArray(req.payload?.json) && req.payload.json.length === 0) {
    // An empty array inserts nothing, as PostgREST answers it (no rows, not one row of defaults).
    // The table's row type gives the read-back its columns without reading the table.
    mutation = `select (null::"public".${ident(table.name)}).*${plan.upsert ? ', false as "pgrst_inserted"' : ''} where false`;
  } else if (plan.action === 'create') {
    // An empty object inserts default values and binds no body (an unused bind value is an error).
    mutation = insertSql(table, columns, req.query, req.preferences, columns.length ? params.text(raw) : '', plan.upsert);
  } else if (plan.action === 'update') {
    mutation = columns.length
      ? updateSql(table, columns, root, params, params.text(raw))
      : `select ${ident(table.name)}.* from "public".${ident(table.name)} as ${ident(table.name)} where false`;
  } else mutation = deleteSql(table, root, params);
  const inserted = plan.upsert ? `select count(*) from ${MUTATION} where pgrst_inserted` : 'null';
  const affected = `select count(*) from ${MUTATION}`;
  let sql: string;
  if (req.preferences.return === 'representation') {
    const readBack = nodeSql(root, params, {source: MUTATION, maxRows: null, skipRootFilters: true});
    sql = `with ${MUTATION} as (${mutation}) ${resultSelect(bodySql(req), affected, 'null', inserted)} from (${readBack}) _r`;
  } else {
    sql = `with ${MUTATION} as (${mutation}) ${resultSelect('null::text', affected, 'null', inserted)}`;
  }
  return {sql, bind: params.bind()};
}

export function callStatement(req: ApiRequest, plan: CallPlan, options: QueryOptions): Statement {
  // Rows render as CSV; a single scalar result has no columns to head it.
  if (req.media.kind === 'csv' && plan.shape === 'scalar') throw unavailableMedia('text/csv');
  const params = new Params(options.style);
  const call = callSql(plan.fn, plan.args, plan.wholeBody, params);
  let sql: string;
  if (plan.shape === 'void') {
    sql = `${resultSelect('null::text', 'count(*)')} from (select ${call}) _v`;
  } else if (plan.root) {
    const maxRows = plan.fn.returnsSet ? options.maxRows : null;
    const page = nodeSql(plan.root, params, {source: call, maxRows});
    const total = countSql(req, () => nodeSql(plan.root as ReadNode, params, {source: call, maxRows: null, countOnly: true}), options);
    const column = `_r.${ident(plan.fn.name)}`;
    const body = plan.scalarRows && req.media.kind !== 'csv' ? `coalesce(json_agg(${column}), '[]')::text` : bodySql(req);
    sql = `${resultSelect(body, 'count(_r)', total)} from (${page}) _r`;
  } else {
    sql = resultSelect(`to_json(${call})::text`, '1');
  }
  return {sql, bind: params.bind()};
}
