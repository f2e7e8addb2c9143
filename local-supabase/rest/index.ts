import type {Platform, RequestContext, ServiceHandler} from '../platform';
import {nodeSql} from './buildRead';
import {MUTATION, deleteSql, insertSql, parseBody, payloadColumns, updateSql} from './buildWrite';
import {RestError, errorResponse, invalidJson, notSingular, toRestError, unknownTable} from './errors';
import {planRead, type ReadNode} from './plan';
import {parsePrefer, type Preferences} from './prefer';
import {parseQuery, type ParsedQuery} from './queryParams';
import {callerFor, headersJson, setupParams, type Caller} from './role';
import {Runner, resultSelect, type ResultRow, type Statement} from './runner';
import {callSql, resolveFunction, resultTable} from './rpc';
import {responseHeaders} from './responseHeaders';
import type {SchemaCache, Table} from './schemaCache';
import {SchemaStore} from './schemaStore';
import {Params, ident} from './sql';
import {POSTGREST_VERSION} from './version';

/** Supabase's `api.max_rows`: every read is capped at this many rows. */
const MAX_ROWS = 1000;
const JSON_TYPE = 'application/json; charset=utf-8';
const OBJECT_TYPE = 'application/vnd.pgrst.object+json; charset=utf-8';


/** Compiled reads by request shape; values are part of the key, so the bind list is reusable. */
class SqlCache {
  private readonly map = new Map<string, Statement>();
  private version = -1;

  get(version: number, key: string): Statement | undefined {
    if (version !== this.version) {
      this.map.clear();
      this.version = version;
    }
    return this.map.get(key);
  }

  set(key: string, value: Statement): void {
    if (this.map.size >= 2000) this.map.clear();
    this.map.set(key, value);
  }
}

function wantsObject(request: Request): boolean {
  const accept = request.headers.get('accept');
  if (!accept) return false;
  if (accept.includes('application/vnd.pgrst.object')) return true;
  if (/(^|,)\s*(\*\/\*|application\/\*|application\/json)/.test(accept)) return false;
  throw new RestError(406, 'PGRST107', `None of these media types are available: ${accept}`);
}

function checkProfile(request: Request): void {
  const profile = request.headers.get('accept-profile') ?? request.headers.get('content-profile');
  if (profile && profile !== 'public') {
    throw new RestError(406, 'PGRST106', `Invalid schema: ${profile}`, null, 'Only the following schemas are exposed: public, graphql_public');
  }
}

/** `Range: 0-9` applies to the top level when no limit/offset parameter was given. */
function applyRange(request: Request, query: ParsedQuery): void {
  const range = request.headers.get('range');
  if (!range || query.limit.has('') || query.offset.has('')) return;
  const match = /^(?:items=)?\s*([0-9]{1,15})-([0-9]{0,15})$/.exec(range.trim());
  if (!match) return;
  const from = Number(match[1]);
  query.offset.set('', from);
  if (match[2]) {
    const to = Number(match[2]);
    if (to < from) {
      throw new RestError(416, 'PGRST103', 'Requested range not satisfiable', `The lower boundary must be lower than or equal to the upper boundary in the Range header.`);
    }
    query.limit.set('', to - from + 1);
  }
}

function contentRange(offset: number, n: number, total: number | null | undefined): string {
  const t = total === null || total === undefined ? '*' : String(total);
  return n === 0 ? `*/${t}` : `${offset}-${offset + n - 1}/${t}`;
}

function respond(status: number, body: string | null, headers: Record<string, string>): Response {
  return new Response(body, {status, headers});
}

/** A body of several rows as one object, for `Accept: application/vnd.pgrst.object+json`. */
function singular(body: string, n: number): string {
  if (n !== 1) throw notSingular(n);
  // json_agg renders one element as `[<element>]`.
  return body.slice(1, -1);
}

function preferenceApplied(prefs: Preferences, keys: (keyof Preferences)[]): Record<string, string> {
  const applied = keys.filter((k) => prefs[k] !== null && prefs[k] !== false).map((k) => `${k}=${String(prefs[k])}`);
  return applied.length ? {'preference-applied': applied.join(', ')} : {};
}

export function createRestService(platform: Platform): ServiceHandler {
  const schema = new SchemaStore(platform.db);
  const readCache = new SqlCache();
  const runner = new Runner(platform.db);

  async function lookupTable(name: string): Promise<{cache: SchemaCache; table: Table}> {
    let cache = await schema.get();
    let table = cache.tables.get(name);
    if (!table) {
      const fresh = await schema.reloadAfterMiss();
      if (fresh) {
        cache = fresh;
        table = cache.tables.get(name);
      }
    }
    if (!table) throw unknownTable(name);
    return {cache, table};
  }

  async function run(caller: Caller, request: Request, ctx: RequestContext, readOnly: boolean, statement: Statement, check?: (row: ResultRow) => void) {
    const timeout = (await schema.get()).statementTimeouts.get(caller.role);
    return runner.run(setupParams(caller, request.method, ctx.path, headersJson(request, ctx.ip), readOnly, timeout), statement, check);
  }

  async function read(request: Request, ctx: RequestContext, caller: Caller, name: string): Promise<Response> {
    const {cache, table} = await lookupTable(name);
    const prefs = parsePrefer(request.headers.get('prefer'));
    const object = wantsObject(request);
    const key = `${name}?${ctx.url.search}|${prefs.count ?? ''}|${request.headers.get('range') ?? ''}`;
    let compiled = readCache.get(schema.version, key);
    let offset = 0;
    if (!compiled) {
      const query = parseQuery(ctx.url.searchParams);
      applyRange(request, query);
      const root = planRead(cache, table, query);
      const params = new Params(runner.style);
      const page = nodeSql(root, params, {source: `"public".${ident(table.name)}`, maxRows: MAX_ROWS});
      const total = prefs.count
        ? `select count(*) from (${nodeSql(root, params, {source: `"public".${ident(table.name)}`, maxRows: null, countOnly: true})}) _c`
        : 'null';
      compiled = {sql: `${resultSelect("coalesce(json_agg(_r), '[]')::text", 'count(_r)', total)} from (${page}) _r`, bind: params.bind()};
      readCache.set(key, compiled);
    }
    offset = readOffset(ctx.url.searchParams, request);
    const row = await run(caller, request, ctx, true, compiled);
    const total = row.total ?? null;
    let status = 200;
    if (total !== null) {
      if (offset > total && !(offset === 0)) {
        throw new RestError(416, 'PGRST103', 'Requested range not satisfiable', `An offset of ${offset} was requested, but there are only ${total} rows.`);
      }
      if (row.n < total) status = 206;
    }
    const headers: Record<string, string> = {
      'content-type': object ? OBJECT_TYPE : JSON_TYPE,
      'content-range': contentRange(offset, row.n, total),
      ...preferenceApplied(prefs, ['count']),
      ...responseHeaders(row.headers),
    };
    const body = object ? singular(row.body as string, row.n) : (row.body as string);
    return respond(status, request.method === 'HEAD' ? null : body, headers);
  }

  async function write(request: Request, ctx: RequestContext, caller: Caller, name: string): Promise<Response> {
    const {cache, table} = await lookupTable(name);
    const prefs = parsePrefer(request.headers.get('prefer'));
    const object = wantsObject(request);
    const query = parseQuery(ctx.url.searchParams);
    const method = request.method;
    const params = new Params(runner.style);
    let mutation: string;
    const upsert = method === 'POST' && prefs.resolution !== null;
    const root = planRead(cache, table, query);
    if (method === 'POST') {
      const raw = await request.text();
      const body = parseBody(raw);
      const columns = payloadColumns(table, body, query);
      mutation = insertSql(table, columns, query, prefs, params.text(raw), upsert);
    } else if (method === 'PATCH') {
      if (!query.hasRootFilter) throw new RestError(400, '21000', 'UPDATE requires a WHERE clause');
      const raw = await request.text();
      const body = parseBody(raw);
      if (Array.isArray(body)) throw invalidJson('A PATCH body must be a single JSON object');
      const columns = payloadColumns(table, body, query);
      mutation = columns.length
        ? updateSql(table, columns, root, params, params.text(raw))
        : `select ${ident(table.name)}.* from "public".${ident(table.name)} as ${ident(table.name)} where false`;
    } else {
      if (!query.hasRootFilter) throw new RestError(400, '21000', 'DELETE requires a WHERE clause');
      mutation = deleteSql(table, root, params);
    }
    const representation = prefs.return === 'representation';
    const inserted = upsert ? `select count(*) from ${MUTATION} where pgrst_inserted` : 'null';
    const affected = `select count(*) from ${MUTATION}`;
    let sql: string;
    if (representation) {
      const readBack = nodeSql(root, params, {source: MUTATION, maxRows: null, skipRootFilters: true});
      sql = `with ${MUTATION} as (${mutation}) ${resultSelect("coalesce(json_agg(_r), '[]')::text", affected, 'null', inserted)} from (${readBack}) _r`;
    } else {
      sql = `with ${MUTATION} as (${mutation}) ${resultSelect('null::text', affected, 'null', inserted)}`;
    }
    const strict = prefs.strict && prefs.maxAffected !== null;
    // A failed cardinality or max-affected check must undo the write: throwing inside rolls back.
    const check =
      object || strict
        ? (result: ResultRow) => {
            if (object) singular(result.body ?? '[]', result.n);
            if (strict && result.n > (prefs.maxAffected as number)) {
              throw new RestError(400, 'PGRST124', 'Query result exceeds max-affected preference constraint', `The query affects ${result.n} rows`);
            }
          }
        : undefined;
    const row = await run(caller, request, ctx, false, {sql, bind: params.bind()}, check);
    const headers: Record<string, string> = {
      ...preferenceApplied(prefs, ['return', 'count', 'resolution', 'missing']),
      ...responseHeaders(row.headers),
    };
    const count = prefs.count ? row.n : null;
    headers['content-range'] = method === 'PATCH' ? contentRange(0, row.n, count) : `*/${count ?? '*'}`;
    let status = method === 'POST' ? (upsert && row.n > 0 && row.inserted === 0 ? 200 : 201) : representation ? 200 : 204;
    if (!representation) return respond(status, null, headers);
    headers['content-type'] = object ? OBJECT_TYPE : JSON_TYPE;
    const body = object ? singular(row.body as string, row.n) : (row.body as string);
    if (method !== 'POST') status = 200;
    return respond(status, body, headers);
  }

  async function rpc(request: Request, ctx: RequestContext, caller: Caller, name: string): Promise<Response> {
    const method = request.method;
    if (method !== 'GET' && method !== 'HEAD' && method !== 'POST') {
      throw new RestError(405, 'PGRST101', `Cannot use the ${method} method on RPC`);
    }
    let cache = await schema.get();
    if (!cache.functions.has(name)) cache = (await schema.reloadAfterMiss()) ?? cache;
    const prefs = parsePrefer(request.headers.get('prefer'));
    const object = wantsObject(request);
    const argNames = new Set((cache.functions.get(name) ?? []).flatMap((fn) => fn.params.map((p) => p.name)));
    const query = parseQuery(ctx.url.searchParams, method === 'POST' ? undefined : (key) => argNames.has(key));
    let args: Record<string, unknown>;
    let raw: string | null = null;
    if (method === 'POST') {
      raw = await request.text();
      if (raw.trim() === '') raw = '{}';
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw);
      } catch {
        throw invalidJson();
      }
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
        // Only a single unnamed json parameter can take a non-object body.
        args = {};
      } else args = parsed as Record<string, unknown>;
    } else args = Object.fromEntries(query.args);
    const fn = resolveFunction(cache, name, raw !== null && !isPlainObject(raw) ? [] : Object.keys(args));
    const params = new Params(runner.style);
    const call = callSql(fn, args, raw, params);
    const readOnly = method !== 'POST' || !fn.volatile;
    let sql: string;
    let shape: 'rows' | 'object' | 'scalar' | 'void';
    const table = resultTable(cache, fn);
    if (fn.returnsVoid) {
      sql = `${resultSelect('null::text', 'count(*)')} from (select ${call}) _v`;
      shape = 'void';
    } else if (table) {
      const root = planRead(cache, table, query, 'pgrst_call');
      const page = nodeSql(root, params, {source: call, maxRows: fn.returnsSet ? MAX_ROWS : null});
      const total = prefs.count ? `select count(*) from (${nodeSql(root, params, {source: call, maxRows: null, countOnly: true})}) _c` : 'null';
      sql = `${resultSelect("coalesce(json_agg(_r), '[]')::text", 'count(_r)', total)} from (${page}) _r`;
      shape = fn.returnsSet ? 'rows' : 'object';
    } else if (fn.returnsSet) {
      sql = `${resultSelect("coalesce(json_agg(_f.v), '[]')::text", 'count(*)')} from (select v from ${call} as _s(v) limit ${MAX_ROWS}) _f`;
      shape = 'rows';
    } else {
      sql = resultSelect(`to_json(${call})::text`, '1');
      shape = 'scalar';
    }
    const row = await run(caller, request, ctx, readOnly, {sql, bind: params.bind()});
    const fromSql = responseHeaders(row.headers);
    if (shape === 'void') return respond(204, null, fromSql);
    const headers: Record<string, string> = {'content-type': object ? OBJECT_TYPE : JSON_TYPE, ...fromSql};
    let body = row.body as string;
    if (shape === 'rows') {
      headers['content-range'] = contentRange(0, row.n, row.total ?? null);
      if (object) body = singular(body, row.n);
    } else if (shape === 'object') {
      body = row.n === 0 ? 'null' : body.slice(1, -1);
    }
    return respond(200, method === 'HEAD' ? null : body, headers);
  }

  return async (request, ctx) => {
    let role = 'anon';
    try {
      const caller = await callerFor(request, ctx.url, platform.keys);
      role = caller.role;
      const cache = await schema.get();
      if (!cache.allowedRoles.has(caller.role)) {
        throw new RestError(role === 'anon' ? 401 : 403, '42501', `permission denied to set role "${caller.role}"`);
      }
      checkProfile(request);
      const segments = ctx.path.split('/').filter(Boolean).map(decodeURIComponent);
      const method = request.method;
      if (segments.length === 0) {
        return respond(200, JSON.stringify({swagger: '2.0', info: {title: 'local-supabase', version: POSTGREST_VERSION}, paths: {}}), {'content-type': JSON_TYPE});
      }
      if (segments[0] === 'rpc' && segments.length === 2) return await rpc(request, ctx, caller, segments[1] as string);
      if (segments.length !== 1) throw unknownTable(segments.join('/'));
      const name = segments[0] as string;
      if (method === 'GET' || method === 'HEAD') return await read(request, ctx, caller, name);
      if (method === 'POST' || method === 'PATCH' || method === 'DELETE') return await write(request, ctx, caller, name);
      throw new RestError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
    } catch (error) {
      return errorResponse(toRestError(error, role));
    }
  };
}

function isPlainObject(raw: string): boolean {
  return raw.trimStart().startsWith('{');
}

function readOffset(search: URLSearchParams, request: Request): number {
  const offset = search.get('offset');
  if (offset !== null && /^[0-9]+$/.test(offset)) return Number(offset);
  const range = request.headers.get('range');
  const match = range ? /^(?:items=)?\s*([0-9]+)-/.exec(range.trim()) : null;
  return match && search.get('limit') === null ? Number(match[1]) : 0;
}

export type {ReadNode};
