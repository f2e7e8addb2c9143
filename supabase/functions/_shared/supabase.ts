// Supabase clients for the functions: the service role client (the only writer of subscription
// columns and transactions) and the caller's identity from their access token.
import {createClient, type SupabaseClient, type User} from '@supabase/supabase-js';
// Type-only: erased when the function is bundled, so nothing outside supabase/functions ships.
import type {Database} from '../../../shared/database.types.ts';
import type {Env} from './paypal.ts';

/** The service-role client, typed by the schema the migrations build (`npm run gen:types`). */
export type ServiceClient = SupabaseClient<Database>;

/**
 * SQL NULL for a function argument that the function accepts as NULL. Generated types give every
 * argument without a default a non-null type (postgres-meta cannot see which ones take NULL), so
 * this is the one place that says otherwise: `p_discount_code: code ?? SQL_NULL`.
 */
export const SQL_NULL = null as unknown as never;

export function serviceClient(env: Env): ServiceClient {
  const url = env.SUPABASE_URL;
  const key = env.SUPABASE_SERVICE_ROLE_KEY;
  if (!url || !key) throw new Error('SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY must be set');
  return createClient<Database>(url, key, {auth: {persistSession: false, autoRefreshToken: false, detectSessionInUrl: false}});
}

/** The signed-in user making the request, or null (anon key, expired or missing token). */
export async function callerUser(request: Request, admin: ServiceClient): Promise<User | null> {
  const match = /^Bearer\s+(.+)$/i.exec(request.headers.get('authorization') ?? '');
  if (!match) return null;
  const {data, error} = await admin.auth.getUser((match[1] as string).trim());
  if (error || !data.user) return null;
  return data.user;
}

/**
 * A database call that failed (network, timeout, permission, constraint). Its detail is logged by
 * the guard and never sent to the browser; the caller answers 503 so the learner (or PayPal)
 * retries. Each write is one SQL function, so a failure has written nothing.
 */
export class DatabaseError extends Error {
  constructor(
    readonly operation: string,
    readonly detail: {message?: string; code?: string} | null,
  ) {
    super(`${operation} failed${detail?.code ? ` (${detail.code})` : ''}: ${detail?.message ?? 'no detail'}`);
  }
}

/** Waits before the second and third attempt of deleteAuthUser. */
export const DELETE_USER_RETRY_DELAYS_MS = [200, 800];

/**
 * Deletes an auth user (the learner's rows go by cascade), retrying what the auth server answers
 * with a 5xx or cannot be reached for: the cascade locks rows a concurrent write may hold (a PayPal
 * webhook updating the profile, say), and Postgres ends such a deadlock by failing one side. A
 * refusal (4xx) is not retried. Resolves with the last error, or null once the user is gone.
 */
export async function deleteAuthUser(admin: ServiceClient, userId: string, delaysMs = DELETE_USER_RETRY_DELAYS_MS): Promise<Error | null> {
  for (let attempt = 0; ; attempt += 1) {
    const {error} = await admin.auth.admin.deleteUser(userId);
    if (!error) return null;
    const status = (error as {status?: number}).status ?? 0;
    const transient = status === 0 || status >= 500;
    const delay = delaysMs[attempt];
    if (!transient || delay === undefined) return error;
    console.warn(`[deleteAuthUser] deleting user ${userId} failed (${status} ${error.message}); trying again`);
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
}
