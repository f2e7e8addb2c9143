// The service-role client for the functions (the only writer of subscription columns and
// transactions), made with the project's secret key. Who the caller is: auth.ts.
import {createClient, type SupabaseClient, type User} from '@supabase/supabase-js';
// Type-only: erased when the function is bundled, so nothing outside supabase/functions ships.
import type {Database} from '../../../shared/database.types.ts';
import {projectUrl, secretKey} from './keys.ts';
import type {Env} from './paypal.ts';

/** The service-role client, typed by the schema the migrations build (`npm run gen:types`). */
export type ServiceClient = SupabaseClient<Database>;

/**
 * SQL NULL for a function argument that the function accepts as NULL. Generated types give every
 * argument without a default a non-null type (postgres-meta cannot see which ones take NULL), so
 * this is the one place that says otherwise: `p_discount_code: code ?? SQL_NULL`.
 */
export const SQL_NULL = null as unknown as never;

/** Options for a server-side client: no session of its own to store or refresh. */
export const SERVER_CLIENT_OPTIONS = {auth: {persistSession: false, autoRefreshToken: false, detectSessionInUrl: false}};

/** The service-role client (a secret key, or the legacy service_role JWT while it is enabled). */
export function serviceClient(env: Env): ServiceClient {
  return createClient<Database>(projectUrl(env), secretKey(env), SERVER_CLIENT_OPTIONS);
}

/**
 * The current auth record of a verified caller (e-mail, enrolled factors), for a function that
 * must act on what is true now rather than on what the token said when it was issued. Null when
 * the account is gone.
 */
export async function currentUser(admin: ServiceClient, userId: string): Promise<User | null> {
  const {data, error} = await admin.auth.admin.getUserById(userId);
  if (error) {
    const status = (error as {status?: number}).status ?? 0;
    if (status === 404) return null;
    throw new DatabaseError('reading the account', {message: error.message});
  }
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
