// The Management API's POST /v1/projects/{ref}/database/query: one SQL statement run as the
// database owner, answered 201 with its rows (hosted runs it for the SQL editor and `supabase`
// tooling). Tests use it to set state no API user may set, such as moving a stored timestamp
// into the past instead of waiting for time to pass, on PGlite (which has no second connection)
// as on PostgreSQL. Authorised as the rest of this subset: the secret key stands in for a
// personal access token.
import type {Env, Hono} from 'hono';
import {isPgError, type Database} from '../db/database';
import type {KeyStore} from '../keys';
import {authorised} from './signingKeysApi';
import {json} from './json';

async function handle(request: Request, keys: KeyStore, db: Database): Promise<Response> {
  if (!authorised(request, keys)) return json({message: 'Unauthorized'}, 401);
  if (request.method !== 'POST') return json({message: 'Method not allowed'}, 405, {allow: 'POST'});
  let query: unknown;
  try {
    query = ((await request.json()) as {query?: unknown} | null)?.query;
  } catch {
    query = undefined;
  }
  if (typeof query !== 'string' || query.trim() === '') return json({message: 'query must be a non-empty string'}, 400);
  try {
    return json((await db.query<Record<string, unknown>>(query)).rows, 201);
  } catch (error) {
    if (isPgError(error)) return json({message: `Failed to run sql query: ERROR:  ${error.code}: ${error.message}`}, 400);
    throw error;
  }
}

/** Mounts the endpoint; any project ref is accepted (local-supabase is one project). */
export function mountDatabaseQueryApi<E extends Env>(app: Hono<E>, keys: () => KeyStore, db: () => Database): void {
  app.all('/v1/projects/:ref/database/query', (c) => handle(c.req.raw, keys(), db()));
}
