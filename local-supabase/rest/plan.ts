// The second stage of PostgREST's pipeline (its Plan module): the ApiRequest resolved against the
// schema cache into what will run — a read, a mutation or a function call — with every name
// checked. Errors here are the schema cache's (PGRST2xx) or the request's shape against it.
import type {ApiRequest} from './apiRequest';
import {isRawBodyType, resolveFunction, resultTable, takesWholeBody} from './callPlan';
import {unknownTable} from './errors';
import {payloadColumns} from './mutateQuery';
import {planRead, type ReadNode} from './readPlan';
import type {DbFunction, SchemaCache, Table} from './schemaCache';
import type {SchemaStore} from './schemaStore';

export interface ReadPlan {
  kind: 'read';
  table: Table;
  root: ReadNode;
}

export interface MutatePlan {
  kind: 'mutate';
  action: 'create' | 'update' | 'delete';
  table: Table;
  /** The read-back (`Prefer: return=representation`) and, for update/delete, the WHERE. */
  root: ReadNode;
  /** Columns the payload writes. */
  columns: string[];
  /** `Prefer: resolution=…` on a POST. */
  upsert: boolean;
}

/** How a function's result becomes the body. */
export type CallShape = 'void' | 'rows' | 'object' | 'scalar';

export interface CallPlan {
  kind: 'call';
  fn: DbFunction;
  args: Record<string, unknown>;
  /** What the function's single unnamed parameter receives (the whole body), or null for named arguments. */
  wholeBody: string | null;
  readOnly: boolean;
  shape: CallShape;
  /** For functions returning rows: select/filter/order over the result. */
  root: ReadNode | null;
  /** A set of scalars: its rows are single values, not objects. */
  scalarRows: boolean;
}

export type Plan = {kind: 'info'} | ReadPlan | MutatePlan | CallPlan;

/** The schema cache that knows the target, reloading once if it does not (a new migration). */
export async function cacheFor(store: SchemaStore, cache: SchemaCache, target: ApiRequest['target']): Promise<SchemaCache> {
  const known =
    target.kind === 'root' || (target.kind === 'table' ? cache.tables.has(target.name) : cache.functions.has(target.name));
  if (known) return cache;
  return (await store.reloadAfterMiss()) ?? cache;
}

/** Names a GET /rpc parameter may bind to: every parameter of every overload. */
export function routineArgNames(cache: SchemaCache, name: string): Set<string> {
  return new Set((cache.functions.get(name) ?? []).flatMap((fn) => fn.params.map((p) => p.name)));
}

function tableOf(cache: SchemaCache, name: string): Table {
  const table = cache.tables.get(name);
  if (!table) throw unknownTable(name, cache.schema);
  return table;
}

function callPlan(req: ApiRequest, cache: SchemaCache, name: string): CallPlan {
  let args: Record<string, unknown> = {};
  let fn: DbFunction;
  let wholeBody: string | null = null;
  const payload = req.payload;
  if (payload && isRawBodyType(payload.media)) {
    fn = resolveFunction(cache, name, [], payload.media);
    wholeBody = payload.raw;
  } else {
    if (payload) {
      // Only a single unnamed json parameter can take a non-object body.
      const json = payload.json;
      if (typeof json === 'object' && json !== null && !Array.isArray(json)) args = json as Record<string, unknown>;
    } else args = Object.fromEntries(req.query.args);
    const nonObject = payload !== null && !payload.raw.trimStart().startsWith('{');
    fn = resolveFunction(cache, name, nonObject ? [] : Object.keys(args), payload?.media ?? null);
    if (takesWholeBody(fn)) wholeBody = payload?.raw ?? JSON.stringify(args);
  }
  const table = resultTable(cache, fn);
  const shape: CallShape = fn.returnsVoid ? 'void' : fn.returnsSet ? 'rows' : table ? 'object' : 'scalar';
  const scalarRows = fn.returnsSet && !fn.outColumns;
  return {
    kind: 'call',
    fn,
    args,
    wholeBody,
    readOnly: req.method !== 'POST' || !fn.volatile,
    shape,
    // A scalar set's one column takes the alias's name, so the alias is the function's name.
    root: table ? planRead(cache, table, req.query, scalarRows ? fn.name : 'pgrst_call') : null,
    scalarRows,
  };
}

export function plan(req: ApiRequest, cache: SchemaCache): Plan {
  const {target} = req;
  if (target.kind === 'root') return {kind: 'info'};
  if (target.kind === 'routine') return callPlan(req, cache, target.name);
  const table = tableOf(cache, target.name);
  const root = planRead(cache, table, req.query);
  if (req.action === 'read') return {kind: 'read', table, root};
  const action = req.action as MutatePlan['action'];
  const json = req.payload?.json as Record<string, unknown> | Record<string, unknown>[] | undefined;
  return {
    kind: 'mutate',
    action,
    table,
    root,
    columns: json === undefined ? [] : payloadColumns(table, json, req.query),
    upsert: action === 'create' && req.preferences.resolution !== null,
  };
}
