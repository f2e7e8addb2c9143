// The first stage of PostgREST's pipeline (its ApiRequest module): everything the later stages
// need from the HTTP request, read and validated once — method and target, query parameters,
// Prefer, Range, Accept and the schema profile, and the payload. Nothing here looks at the schema
// except the one thing PostgREST also needs it for: which GET /rpc parameters are arguments.
import {parse as parseCsv} from 'csv-parse/sync';
import {ApiRequestError, PgError, invalidBody, invalidJson, unacceptableSchema, unavailableMedia} from './errors';
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

/** The types a function's single unnamed parameter has to take a raw (non-JSON) body. */
export type RawBodyType = 'text' | 'xml' | 'bytea';

/** What a body was sent as: JSON, CSV, a form, or a raw body for a function's single unnamed parameter of that type. */
export type BodyMedia = 'json' | 'csv' | 'form' | RawBodyType;

/**
 * A request body. `raw` is bound to SQL as is: the JSON text (JSON as sent; CSV and form bodies as
 * the JSON they decode to), or for a raw body the text itself (bytea in `\x` hex) with `json` unset.
 */
export interface Payload {
  media: BodyMedia;
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

/** The schema a request is for, and whether it was negotiated (then the response names it in Content-Profile). */
export interface Profile {
  schema: string;
  negotiated: boolean;
}

/**
 * PostgREST's getSchema: writes name their schema in Content-Profile, everything else in
 * Accept-Profile; without one the first of `[api] schemas` is used, and counts as negotiated
 * when more than one is exposed. A schema not exposed is 406 PGRST106.
 */
export function negotiateProfile(method: string, headers: Headers, schemas: readonly string[]): Profile {
  const writes = method === 'POST' || method === 'PATCH' || method === 'PUT' || method === 'DELETE';
  const asked = headers.get(writes ? 'content-profile' : 'accept-profile');
  if (asked === null) return {schema: schemas[0] ?? 'public', negotiated: schemas.length !== 1};
  if (!schemas.includes(asked)) throw unacceptableSchema(asked, schemas);
  return {schema: asked, negotiated: true};
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
      throw new ApiRequestError('PGRST103', 'Requested range not satisfiable', `The lower boundary must be lower than or equal to the upper boundary in the Range header.`);
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
      throw new ApiRequestError('PGRST101', `Cannot use the ${method} method on RPC`);
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
      throw new ApiRequestError('PGRST117', `Unsupported HTTP method: ${method}`);
  }
}

/** The bodies a function takes whole, by Content-Type, and the type of the parameter each needs. */
const RAW_BODY_TYPES: ReadonlyMap<string, RawBodyType> = new Map([
  ['text/plain', 'text'],
  ['text/xml', 'xml'],
  ['application/octet-stream', 'bytea'],
]);

/**
 * The body's media type as PostgREST's decodeMediaType reads Content-Type: what comes before the
 * first `;`, compared exactly. A request without one is JSON; an empty one is `*\/*`.
 */
function bodyMediaType(contentType: string | null): string {
  if (contentType === null) return 'application/json';
  return contentType === '' ? '*/*' : (contentType.split(';')[0] as string);
}

/** CSV as PostgREST reads it: the first line names the columns, every value is text, `NULL` is null. */
function csvRows(text: string): Record<string, string | null>[] {
  let rows: string[][];
  try {
    rows = parseCsv(text, {relax_column_count: true, skip_empty_lines: true}) as string[][];
  } catch (error) {
    throw invalidBody((error as Error).message);
  }
  const [header, ...records] = rows;
  if (!header) return [];
  if (records.some((record) => record.length !== header.length)) throw invalidBody('All lines must have same number of fields');
  return records.map((record) => Object.fromEntries(header.map((name, i) => [name, record[i] === 'NULL' ? null : (record[i] as string)])));
}

/** A form body: each field is text; a repeated one keeps its last value, as in PostgREST. */
function formFields(text: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(text));
}

/**
 * The body of a write or a function call, decoded by its Content-Type as PostgREST's Payload stage
 * does: JSON, CSV or a form for both; text, XML or bytes for a function's single unnamed parameter;
 * any other type is refused (PGRST102).
 */
async function readPayload(request: Request, action: Action): Promise<Payload> {
  const mime = bodyMediaType(request.headers.get('content-type'));
  const rawType = action === 'call' ? RAW_BODY_TYPES.get(mime) : undefined;
  if (rawType === 'bytea') return {media: rawType, raw: `\\x${Buffer.from(await request.arrayBuffer()).toString('hex')}`, json: undefined};
  const text = await request.text();
  if (rawType) return {media: rawType, raw: text, json: undefined};
  let media: BodyMedia;
  let json: unknown;
  switch (mime) {
    case 'application/json':
      return action === 'call' ? routinePayload(text) : tablePayload('json', text, action);
    case 'text/csv':
      [media, json] = ['csv', csvRows(text)];
      break;
    case 'application/x-www-form-urlencoded':
      [media, json] = ['form', formFields(text)];
      break;
    default:
      throw invalidBody(`Content-Type not acceptable: ${mime}`);
  }
  const raw = JSON.stringify(json);
  return action === 'call' ? {media, raw, json} : tablePayload(media, raw, action);
}

/** A write body: one object or an array of objects (PGRST102 otherwise). */
function tablePayload(media: BodyMedia, raw: string, action: Action): Payload {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw invalidJson();
  }
  const isObject = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (Array.isArray(json)) {
    // PostgREST reads an array as rows with the first one's keys, so a non-object element fails that test.
    if (!json.every(isObject)) throw invalidBody('All object keys must match');
    if (action === 'update') throw invalidJson('A PATCH body must be a single JSON object');
  } else if (!isObject(json)) throw invalidJson();
  return {media, raw, json};
}

/** An RPC body: any JSON; an empty body is no arguments. */
function routinePayload(text: string): Payload {
  const raw = text.trim() === '' ? '{}' : text;
  try {
    return {media: 'json', raw, json: JSON.parse(raw) as unknown};
  } catch {
    throw invalidJson();
  }
}

/**
 * The longest request target (path and query string) served. Hosted's gateway answers a longer
 * one itself, 414 with the text body `URI too long` (supabase-js issue 766), before PostgREST sees
 * it; its exact limit is not documented, 8 KiB is nginx's default request-line buffer. Here it
 * also bounds the parse work one request can ask for.
 */
export const MAX_URL_BYTES = 8 * 1024;

/** The gateway's answer to a request target over MAX_URL_BYTES, or null when it fits. */
export function uriTooLong(url: URL): Response | null {
  if (Buffer.byteLength(url.pathname) + Buffer.byteLength(url.search) <= MAX_URL_BYTES) return null;
  return new Response('URI too long\n', {status: 414, headers: {'content-type': 'text/plain; charset=utf-8'}});
}

/**
 * Builds the request value. `routineArgs` names the arguments of the called function(s), so a GET
 * /rpc parameter is an argument when it names one and a filter on the result otherwise.
 */
export async function apiRequest(
  request: Request,
  url: URL,
  target: Target,
  routineArgs?: Set<string>,
  allowTxOverride = false,
): Promise<ApiRequest> {
  const method = request.method;
  const action = actionOf(method, target);
  const preferences = parsePrefer(request.headers.get('prefer'), allowTxOverride);
  const media = mediaType(request.headers.get('accept'));
  const isArg = action === 'call' && method !== 'POST' && routineArgs ? (key: string) => routineArgs.has(key) : undefined;
  const query = parseQuery(url.searchParams, isArg);
  const range = request.headers.get('range');
  if (action === 'read' || action === 'call') applyRange(range, query);
  if ((action === 'update' || action === 'delete') && !query.hasRootFilter) {
    throw new PgError(400, '21000', `${action === 'update' ? 'UPDATE' : 'DELETE'} requires a WHERE clause`);
  }
  const payload = action === 'create' || action === 'update' || (action === 'call' && method === 'POST') ? await readPayload(request, action) : null;
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
