// The first stage of PostgREST's pipeline (its ApiRequest module): everything the later stages
// need from the HTTP request, read and validated once — method and target, query parameters,
// Prefer, Range, Accept and the schema profile, and the payload. Nothing here looks at the schema
// except the one thing PostgREST also needs it for: which GET /rpc parameters are arguments.
import {ApiRequestError, PgError, invalidJson, unavailableMedia} from './errors';
import {parsePrefer, type Preferences} from './preferences';
import {parseQuery, type ParsedQuery} from './queryParams';

/** What the response body is rendered as (PostgREST's media types). */
export interface MediaType {
  /** `object`: application/vnd.pgrst.object+json, one row as a bare object. */
  kind: 'json' | 'object' | 'csv';
  /** `;nulls=stripped` on the vnd.pgrst array or object types: keys whose value is null are left out. */
  stripNulls: boolean;
}

export type Target = {kind: 'root'} | {kind: 'table'; name: string} | {kind: 'routine'; name: string};

export type Action = 'info' | 'read' | 'create' | 'update' | 'delete' | 'call';

/** A JSON payload: the text as sent (bound to SQL as is) and its parsed value. */
export interface Payload {
  raw: string;
  json: unknown;
}

export interface ApiRequest {
  method: string;
  action: Action;
  target: Target;
  /** HEAD answers like GET without a body. */
  headersOnly: boolean;
  /** The raw query string, part of the compiled-statement cache key. */
  search: string;
  query: ParsedQuery;
  preferences: Preferences;
  /** The raw Range header (cache key); its window is already applied to `query`. */
  range: string | null;
  /** The top-level offset the response's Content-Range counts from. */
  offset: number;
  media: MediaType;
  payload: Payload | null;
}

const JSON_MEDIA: MediaType = {kind: 'json', stripNulls: false};

/** One entry of Accept, decoded as PostgREST's MediaType does; null for types it does not serve here. */
function decodeMedia(entry: string): MediaType | null {
  const [type = '', ...paramList] = entry.split(';').map((part) => part.trim());
  const params = new Map(paramList.map((p) => {
    const eq = p.indexOf('=');
    return [(eq === -1 ? p : p.slice(0, eq)).toLowerCase(), eq === -1 ? '' : p.slice(eq + 1).replace(/^"|"$/g, '')] as [string, string];
  }));
  const stripNulls = params.get('nulls') === 'stripped';
  switch (type.toLowerCase()) {
    case '*/*':
    case 'application/json':
      return JSON_MEDIA;
    case 'text/csv':
      return {kind: 'csv', stripNulls: false};
    case 'application/vnd.pgrst.object+json':
    case 'application/vnd.pgrst.object':
      return {kind: 'object', stripNulls};
    case 'application/vnd.pgrst.array+json':
    case 'application/vnd.pgrst.array':
      return {kind: 'json', stripNulls};
    default:
      return null;
  }
}

/** The first acceptable type in the Accept header's order, as PostgREST picks it. */
function mediaType(accept: string | null): MediaType {
  if (!accept || accept.trim() === '') return JSON_MEDIA;
  for (const entry of accept.split(',')) {
    const media = decodeMedia(entry);
    if (media) return media;
  }
  throw unavailableMedia(accept);
}

function checkProfile(headers: Headers): void {
  const profile = headers.get('accept-profile') ?? headers.get('content-profile');
  if (profile && profile !== 'public') {
    throw new ApiRequestError(406, 'PGRST106', `Invalid schema: ${profile}`, null, 'Only the following schemas are exposed: public, graphql_public');
  }
}

/** `Range: 0-9` applies to the top level when no limit/offset parameter was given. */
function applyRange(range: string | null, query: ParsedQuery): void {
  if (!range || query.limit.has('') || query.offset.has('')) return;
  const match = /^(?:items=)?\s*([0-9]{1,15})-([0-9]{0,15})$/.exec(range.trim());
  if (!match) return;
  const from = Number(match[1]);
  query.offset.set('', from);
  if (match[2]) {
    const to = Number(match[2]);
    if (to < from) {
      throw new ApiRequestError(416, 'PGRST103', 'Requested range not satisfiable', `The lower boundary must be lower than or equal to the upper boundary in the Range header.`);
    }
    query.limit.set('', to - from + 1);
  }
}

/** The resource a path names: `/` (the OpenAPI root), `/<table>`, `/rpc/<function>`. */
export function targetOf(path: string): Target {
  const segments = path.split('/').filter(Boolean).map(decodeURIComponent);
  if (segments.length === 0) return {kind: 'root'};
  if (segments[0] === 'rpc' && segments.length === 2) return {kind: 'routine', name: segments[1] as string};
  if (segments.length !== 1) return {kind: 'table', name: segments.join('/')};
  return {kind: 'table', name: segments[0] as string};
}

function actionOf(method: string, target: Target): Action {
  if (target.kind === 'root') return 'info';
  if (target.kind === 'routine') {
    if (method !== 'GET' && method !== 'HEAD' && method !== 'POST') {
      throw new ApiRequestError(405, 'PGRST101', `Cannot use the ${method} method on RPC`);
    }
    return 'call';
  }
  switch (method) {
    case 'GET':
    case 'HEAD':
      return 'read';
    case 'POST':
      return 'create';
    case 'PATCH':
      return 'update';
    case 'DELETE':
      return 'delete';
    default:
      throw new ApiRequestError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
  }
}

/** A write body: one object or an array of objects (PGRST102 otherwise). */
function tablePayload(raw: string, action: Action): Payload {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw invalidJson();
  }
  const isObject = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (Array.isArray(json)) {
    if (!json.every(isObject)) throw invalidJson();
    if (action === 'update') throw invalidJson('A PATCH body must be a single JSON object');
  } else if (!isObject(json)) throw invalidJson();
  return {raw, json};
}

/** An RPC body: any JSON; an empty body is no arguments. */
function routinePayload(text: string): Payload {
  const raw = text.trim() === '' ? '{}' : text;
  try {
    return {raw, json: JSON.parse(raw) as unknown};
  } catch {
    throw invalidJson();
  }
}

/**
 * Builds the request value. `routineArgs` names the arguments of the called function(s), so a GET
 * /rpc parameter is an argument when it names one and a filter on the result otherwise.
 */
export async function apiRequest(request: Request, url: URL, target: Target, routineArgs?: Set<string>): Promise<ApiRequest> {
  checkProfile(request.headers);
  const method = request.method;
  const action = actionOf(method, target);
  const preferences = parsePrefer(request.headers.get('prefer'));
  const media = mediaType(request.headers.get('accept'));
  const isArg = action === 'call' && method !== 'POST' && routineArgs ? (key: string) => routineArgs.has(key) : undefined;
  const query = parseQuery(url.searchParams, isArg);
  const range = request.headers.get('range');
  if (action === 'read' || action === 'call') applyRange(range, query);
  if ((action === 'update' || action === 'delete') && !query.hasRootFilter) {
    throw new PgError(400, '21000', `${action === 'update' ? 'UPDATE' : 'DELETE'} requires a WHERE clause`);
  }
  let payload: Payload | null = null;
  if (action === 'create' || action === 'update') payload = tablePayload(await request.text(), action);
  else if (action === 'call' && method === 'POST') payload = routinePayload(await request.text());
  return {
    method,
    action,
    target,
    headersOnly: method === 'HEAD',
    search: url.search,
    query,
    preferences,
    range,
    offset: query.offset.get('') ?? 0,
    media,
    payload,
  };
}
