// Request parsing and JSON responses for the auth service.
import {badRequest, validationFailed} from './errors';

export type JsonObject = Record<string, unknown>;

export function ok(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: {'content-type': 'application/json; charset=utf-8', ...headers},
  });
}

export function noContent(): Response {
  return new Response(null, {status: 204});
}

/** The JSON object body; an empty body counts as `{}` (supabase-js posts /logout without one). */
export async function readJson(request: Request): Promise<JsonObject> {
  const text = await request.text();
  if (text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw badRequest('bad_json', `Could not parse request body as JSON: ${(error as Error).message}`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw badRequest('bad_json', 'Could not parse request body as JSON: expected a JSON object');
  }
  if (containsNul(value)) throw nulRefused();
  return value as JsonObject;
}

/**
 * PostgreSQL stores no U+0000 in text or jsonb, so a NUL anywhere in the input would fail deep in
 * a handler's query; it is refused up front as a client mistake, the body and the query string alike.
 */
export function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\0');
  if (Array.isArray(value)) return value.some(containsNul);
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).some(([key, item]) => key.includes('\0') || containsNul(item));
  }
  return false;
}

export const nulRefused = () => validationFailed('Request contains a NUL character, which is not allowed');

/** An optional string field; anything but a string or null is a client mistake, not a crash. */
export function optionalString(body: JsonObject, key: string): string | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw badRequest('bad_json', `Could not parse request body as JSON: ${key} must be a string`);
  return value;
}

export function optionalObject(body: JsonObject, key: string): JsonObject | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw badRequest('bad_json', `Could not parse request body as JSON: ${key} must be an object`);
  }
  return value as JsonObject;
}

export function optionalBoolean(body: JsonObject, key: string): boolean | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') throw badRequest('bad_json', `Could not parse request body as JSON: ${key} must be a boolean`);
  return value;
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID_RE.test(value);
}
