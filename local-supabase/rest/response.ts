// The last stage of PostgREST's pipeline (its Response module): the statement's result row
// becomes status, headers and body — Content-Range, Preference-Applied, the media type, and the
// headers SQL set through response.headers.
import type {ApiRequest} from './apiRequest';
import {ApiRequestError, notSingular} from './errors';
import type {CallPlan, MutatePlan} from './plan';
import type {Preferences} from './preferences';
import {responseHeaders} from './responseHeaders';
import type {ResultRow} from './runner';
import {POSTGREST_VERSION} from './version';

const JSON_TYPE = 'application/json; charset=utf-8';

function contentRange(offset: number, n: number, total: number | null | undefined): string {
  const t = total === null || total === undefined ? '*' : String(total);
  return n === 0 ? `*/${t}` : `${offset}-${offset + n - 1}/${t}`;
}

/** PostgREST's toContentType: the media type answered, with its nulls parameter, and the charset. */
function contentType(req: ApiRequest): string {
  const {kind, stripNulls} = req.media;
  const strip = stripNulls ? ';nulls=stripped' : '';
  if (kind === 'csv') return 'text/csv; charset=utf-8';
  if (kind === 'object') return `application/vnd.pgrst.object+json${strip}; charset=utf-8`;
  return stripNulls ? `application/vnd.pgrst.array+json${strip}; charset=utf-8` : JSON_TYPE;
}

/** A body of several rows as one object, for `Accept: application/vnd.pgrst.object+json`. */
function singular(body: string, n: number): string {
  if (n !== 1) throw notSingular(n);
  // json_agg renders one element as `[<element>]`.
  return body.slice(1, -1);
}

function rowsBody(req: ApiRequest, row: ResultRow): string {
  const body = row.body ?? '[]';
  return req.media.kind === 'object' ? singular(body, row.n) : body;
}

function preferenceApplied(prefs: Preferences, keys: (keyof Preferences)[]): Record<string, string> {
  const applied = keys.filter((k) => prefs[k] !== null && prefs[k] !== false).map((k) => `${k}=${String(prefs[k])}`);
  return applied.length ? {'preference-applied': applied.join(', ')} : {};
}

export function infoResponse(): Response {
  const body = JSON.stringify({swagger: '2.0', info: {title: 'local-supabase', version: POSTGREST_VERSION}, paths: {}});
  return new Response(body, {status: 200, headers: {'content-type': JSON_TYPE}});
}

/** PostgREST's rangeStatus: 206 when the rows answered are fewer than the (counted) total. */
function rangeStatus(offset: number, n: number, total: number | null): number {
  if (total === null) return 200;
  if (offset > total && offset !== 0) {
    throw new ApiRequestError('PGRST103', 'Requested range not satisfiable', `An offset of ${offset} was requested, but there are only ${total} rows.`);
  }
  return n < total ? 206 : 200;
}

export function readResponse(req: ApiRequest, row: ResultRow): Response {
  const total = row.total ?? null;
  const offset = req.offset;
  const status = rangeStatus(offset, row.n, total);
  const headers: Record<string, string> = {
    'content-type': contentType(req),
    'content-range': contentRange(offset, row.n, total),
    ...preferenceApplied(req.preferences, ['count', 'tx']),
    ...responseHeaders(row.headers),
  };
  const body = rowsBody(req, row);
  return new Response(req.headersOnly ? null : body, {status, headers});
}

/**
 * Checks a mutation's result inside its transaction: throwing rolls the write back, as PostgREST
 * does when the cardinality (vnd.pgrst.object) or `max-affected` check fails.
 */
export function resultCheck(req: ApiRequest, plan: MutatePlan | CallPlan): ((row: ResultRow) => void) | undefined {
  // A call's single row or scalar is not checked for cardinality; its rows are.
  const object = req.media.kind === 'object' && (plan.kind === 'mutate' || plan.shape === 'rows');
  const {maxAffected, strict} = req.preferences;
  const limited = strict && maxAffected !== null;
  if (!object && !limited) return undefined;
  return (row) => {
    if (object) singular(row.body ?? '[]', row.n);
    if (limited && row.n > (maxAffected as number)) {
      throw new ApiRequestError('PGRST124', 'Query result exceeds max-affected preference constraint', `The query affects ${row.n} rows`);
    }
  };
}

export function mutateResponse(req: ApiRequest, plan: MutatePlan, row: ResultRow): Response {
  const prefs = req.preferences;
  const headers: Record<string, string> = {
    ...preferenceApplied(prefs, ['return', 'count', 'resolution', 'missing', 'tx']),
    ...responseHeaders(row.headers),
  };
  const count = prefs.count ? row.n : null;
  headers['content-range'] = plan.action === 'update' ? contentRange(0, row.n, count) : `*/${count ?? '*'}`;
  const representation = prefs.return === 'representation';
  if (plan.action !== 'create') {
    if (!representation) return new Response(null, {status: 204, headers});
    headers['content-type'] = contentType(req);
    return new Response(rowsBody(req, row), {status: 200, headers});
  }
  const status = plan.upsert && row.n > 0 && row.inserted === 0 ? 200 : 201;
  if (!representation) return new Response(null, {status, headers});
  headers['content-type'] = contentType(req);
  return new Response(rowsBody(req, row), {status, headers});
}

export function callResponse(req: ApiRequest, plan: CallPlan, row: ResultRow): Response {
  const fromSql = responseHeaders(row.headers);
  if (plan.shape === 'void') return new Response(null, {status: 204, headers: fromSql});
  const headers: Record<string, string> = {
    'content-type': contentType(req),
    ...preferenceApplied(req.preferences, ['count', 'tx']),
    ...fromSql,
  };
  let body = row.body as string;
  let status = 200;
  if (plan.shape === 'rows') {
    const total = row.total ?? null;
    status = rangeStatus(req.offset, row.n, total);
    headers['content-range'] = contentRange(req.offset, row.n, total);
    if (req.media.kind === 'object') body = singular(body, row.n);
  } else if (plan.shape === 'scalar') {
    // One value is one row: PostgREST counts it (`0-0/1` for count=exact), else leaves the total open.
    headers['content-range'] = contentRange(0, 1, req.preferences.count === 'exact' ? 1 : null);
  } else if (plan.shape === 'object' && req.media.kind !== 'csv') {
    body = row.n === 0 ? 'null' : body.slice(1, -1);
  }
  return new Response(req.headersOnly ? null : body, {status, headers});
}
