import {isPgError} from '../db/database';

/** A PostgREST-shaped error: `{code, details, hint, message}` with its HTTP status. */
export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: unknown = null,
    readonly hint: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  body(): string {
    return JSON.stringify({code: this.code, details: this.details, hint: this.hint, message: this.message});
  }
}

/**
 * The PGRST codes this server answers with, each with the status PostgREST gives it (its
 * ErrorHeaders instances): the one home of both, so a call site names only the code.
 */
const API_REQUEST_STATUS = {
  PGRST100: 400, // QueryParamError: a query parameter could not be parsed (and local-supabase's bounds)
  PGRST101: 405, // InvalidRpcMethod
  PGRST102: 400, // InvalidBody
  PGRST103: 416, // InvalidRange
  PGRST106: 406, // UnacceptableSchema
  PGRST107: 406, // MediaTypeError
  PGRST108: 400, // NotEmbedded
  PGRST111: 500, // GucHeadersError
  PGRST116: 406, // SingularityError
  PGRST117: 405, // UnsupportedMethod
  PGRST118: 400, // RelatedOrderNotToOne
  PGRST119: 400, // spread on a to-many embed
  PGRST120: 400, // UnacceptableFilter
  PGRST121: 500, // PGRSTParseError
  PGRST122: 400, // InvalidPreferences
  PGRST123: 400, // AggregatesNotAllowed
  PGRST124: 400, // MaxAffectedViolationError
  PGRST127: 400, // NotImplemented
} as const;

const SCHEMA_CACHE_STATUS = {
  PGRST200: 400, // NoRelBetween
  PGRST201: 300, // AmbiguousRelBetween
  PGRST202: 404, // NoRpc
  PGRST203: 300, // AmbiguousRpc
  PGRST204: 400, // ColumnNotFound
  PGRST205: 404, // TableNotFound
} as const;

const JWT_STATUS = {
  PGRST301: 401, // JwtDecodeError
  PGRST303: 401, // JwtClaimsError
} as const;

export type ApiRequestCode = keyof typeof API_REQUEST_STATUS;
export type SchemaCacheCode = keyof typeof SCHEMA_CACHE_STATUS;
export type JwtCode = keyof typeof JWT_STATUS;
/** Every PGRST code answered here; Postgres' own SQLSTATEs come as PgError. */
export type PgrstCode = ApiRequestCode | SchemaCacheCode | JwtCode | 'PGRST000';

/** PGRST1xx, PostgREST's ApiRequestError: the request itself is malformed or cannot be answered. */
export class ApiRequestError extends RestError {
  constructor(code: ApiRequestCode, message: string, details: unknown = null, hint: string | null = null) {
    super(API_REQUEST_STATUS[code], code, message, details, hint);
  }
}

/** PGRST2xx, PostgREST's SchemaCacheError: the request names what the schema cache does not hold. */
export class SchemaCacheError extends RestError {
  constructor(code: SchemaCacheCode, message: string, details: unknown = null, hint: string | null = null) {
    super(SCHEMA_CACHE_STATUS[code], code, message, details, hint);
  }
}

/** PGRST3xx, PostgREST's JwtError: the bearer token is missing a part, malformed or expired. */
export class JwtError extends RestError {
  constructor(code: JwtCode, message: string, headers: Record<string, string> = {}) {
    super(JWT_STATUS[code], code, message, null, null, headers);
  }
}

/** PostgREST's PgError: what the database answered, with the HTTP status PostgREST maps it to. */
export class PgError extends RestError {}

/** PGRST100: the message format PostgREST's parsec errors use, so clients and logs look the same. */
export function parseError(what: string, input: string, column: number, details: string): RestError {
  return new ApiRequestError('PGRST100', `"failed to parse ${what} (${input})" (line 1, column ${column})`, details);
}

/** PGRST102: a body PostgREST could not read (its InvalidBody). */
export function invalidBody(message: string, details: string | null = null): RestError {
  return new ApiRequestError('PGRST102', message, details);
}

export function invalidJson(details: string | null = null): RestError {
  return invalidBody('Empty or invalid json', details);
}

export function unknownTable(name: string, schema = 'public'): RestError {
  return new SchemaCacheError('PGRST205', `Could not find the table '${schema}.${name}' in the schema cache`);
}

/** PGRST106: a profile header names a schema outside `[api] schemas` (PostgREST 13+'s wording). */
export function unacceptableSchema(schema: string, exposed: readonly string[]): RestError {
  return new ApiRequestError('PGRST106', `Invalid schema: ${schema}`, null, `Only the following schemas are exposed: ${exposed.join(', ')}`);
}

export function unknownColumn(table: string, column: string): RestError {
  return new PgError(400, '42703', `column ${table}.${column} does not exist`);
}

export function unknownPayloadColumn(table: string, column: string): RestError {
  return new SchemaCacheError('PGRST204', `Could not find the '${column}' column of '${table}' in the schema cache`);
}

export function unavailableMedia(accept: string): RestError {
  return new ApiRequestError('PGRST107', `None of these media types are available: ${accept}`);
}

export function notSingular(rows: number): RestError {
  return new ApiRequestError('PGRST116', 'Cannot coerce the result to a single JSON object', `The result contains ${rows} rows`);
}

/**
 * PGlite's cost guard (runner.ts) refusing a statement before it runs: local-supabase's own limit,
 * so a client error, not a timeout's 500. It speaks as hosted's planner-cost guard, pg_plan_filter,
 * with the 413 PostgREST gave "too complex" (54) errors before v12.
 */
export function planCostExceeded(detail: string | null): RestError {
  return new PgError(413, '54000', 'plan cost limit exceeded', detail, 'Ask for fewer or narrower embeds, or filter the rows first.');
}

/** PostgREST's `mapSQLtoHTTP`: the status a Postgres error is answered with. */
function statusForSqlState(code: string, role: string): number {
  if (code === '42501') return role === 'anon' ? 401 : 403;
  if (code.startsWith('PT') && /^PT[0-9]{3}$/.test(code)) return Number(code.slice(2));
  switch (code) {
    case '23505':
    case '23503':
    case '40001':
      return 409;
    case '42P01':
    case '42883':
      return 404;
    case '25006':
      return 405;
    case '42P17':
    case '53400':
      return 500;
    default:
      break;
  }
  if (code.startsWith('28')) return 403;
  if (code.startsWith('08') || code.startsWith('53')) return 503;
  // too complex, object not in prerequisite state, operator intervention (57014: statement timeout)
  if (code.startsWith('54') || code.startsWith('55') || code.startsWith('57')) return 500;
  if (code.startsWith('09') || code.startsWith('0L') || code.startsWith('0P')) return 403;
  if (code.startsWith('25') || code.startsWith('2D')) return 500;
  if (code.startsWith('38') || code.startsWith('39') || code.startsWith('3B') || code.startsWith('40')) return 500;
  if (code.startsWith('XX') || code.startsWith('58') || code.startsWith('F0') || code.startsWith('HV')) return 500;
  if (code.startsWith('P0')) return code === 'P0001' ? 400 : 500;
  return 400;
}

/** Turns anything a request threw into a PostgREST error; unknown failures are logged as 500s. */
export function toRestError(error: unknown, role: string): RestError {
  if (error instanceof RestError) return error;
  if (isPgError(error)) {
    // RAISE SQLSTATE 'PGRST' lets a function pick the whole response (PostgREST's contract).
    if (error.code === 'PGRST') return customRaise(error.message, error.detail);
    const status = statusForSqlState(error.code, role);
    return new PgError(status, error.code, error.message, error.detail ?? null, error.hint ?? null);
  }
  console.error('[local-supabase] rest: unexpected error', error);
  return new RestError(500, 'PGRST000' satisfies PgrstCode, 'Internal server error');
}

function customRaise(message: string, detail: string | undefined): RestError {
  try {
    const body = JSON.parse(message) as {code?: string; message?: string; details?: string; hint?: string};
    const meta = detail ? (JSON.parse(detail) as {status?: number; headers?: Record<string, string>}) : {};
    return new PgError(
      meta.status ?? 400,
      body.code ?? 'PGRST',
      body.message ?? '',
      body.details ?? null,
      body.hint ?? null,
      meta.headers ?? {},
    );
  } catch {
    return new ApiRequestError('PGRST121', 'Could not parse JSON in the "RAISE SQLSTATE \'PGRST\'" error', message);
  }
}

export function errorResponse(error: RestError, extraHeaders: Record<string, string> = {}): Response {
  return new Response(error.body(), {
    status: error.status,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'proxy-status': `PostgREST; error=${error.code}`,
      ...error.headers,
      ...extraHeaders,
    },
  });
}
