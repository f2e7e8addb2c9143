// The third stage of PostgREST's pipeline (its Query module): a Plan becomes one SQL statement
// whose single row carries the body, the row counts and the response.headers setting
// (runner.ts's resultSelect). Values travel only as bind parameters (sql.ts's Params).
import type {ApiRequest} from './apiRequest';
import {callSql} from './callQuery';
import {MUTATION, deleteSql, insertSql, updateSql} from './mutateQuery';
import type {CallPlan, MutatePlan, ReadPlan} from './plan';
import {nodeSql} from './readQuery';
import {resultSelect, type Statement} from './runner';
import {Params, ident, type ParamStyle} from './sql';

export interface QueryOptions {
  style: ParamStyle;
  /** `[api] max_rows`: the most rows a read or a set-returning call answers with. */
  maxRows: number;
}

const JSON_BODY = "coalesce(json_agg(_r), '[]')::text";

export function readStatement(req: ApiRequest, plan: ReadPlan, options: QueryOptions): Statement {
  const params = new Params(options.style);
  const source = `"public".${ident(plan.table.name)}`;
  const page = nodeSql(plan.root, params, {source, maxRows: options.maxRows});
  const total = req.preferences.count
    ? `select count(*) from (${nodeSql(plan.root, params, {source, maxRows: null, countOnly: true})}) _c`
    : 'null';
  return {sql: `${resultSelect(JSON_BODY, 'count(_r)', total)} from (${page}) _r`, bind: params.bind()};
}

export function mutateStatement(req: ApiRequest, plan: MutatePlan, options: QueryOptions): Statement {
  const params = new Params(options.style);
  const {table, root, columns} = plan;
  const raw = req.payload?.raw ?? '';
  let mutation: string;
  if (plan.action === 'create') {
    mutation = insertSql(table, columns, req.query, req.preferences, params.text(raw), plan.upsert);
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
    sql = `with ${MUTATION} as (${mutation}) ${resultSelect(JSON_BODY, affected, 'null', inserted)} from (${readBack}) _r`;
  } else {
    sql = `with ${MUTATION} as (${mutation}) ${resultSelect('null::text', affected, 'null', inserted)}`;
  }
  return {sql, bind: params.bind()};
}

export function callStatement(req: ApiRequest, plan: CallPlan, options: QueryOptions): Statement {
  const params = new Params(options.style);
  const call = callSql(plan.fn, plan.args, plan.rawBody, params);
  let sql: string;
  if (plan.shape === 'void') {
    sql = `${resultSelect('null::text', 'count(*)')} from (select ${call}) _v`;
  } else if (plan.root) {
    const maxRows = plan.fn.returnsSet ? options.maxRows : null;
    const page = nodeSql(plan.root, params, {source: call, maxRows});
    const total = req.preferences.count
      ? `select count(*) from (${nodeSql(plan.root, params, {source: call, maxRows: null, countOnly: true})}) _c`
      : 'null';
    sql = `${resultSelect(JSON_BODY, 'count(_r)', total)} from (${page}) _r`;
  } else if (plan.shape === 'rows') {
    const total = req.preferences.count ? `select count(*) from ${call} as _t` : 'null';
    sql = `${resultSelect("coalesce(json_agg(_f.v), '[]')::text", 'count(*)', total)} from (select v from ${call} as _s(v) limit ${options.maxRows}) _f`;
  } else {
    sql = resultSelect(`to_json(${call})::text`, '1');
  }
  return {sql, bind: params.bind()};
}
