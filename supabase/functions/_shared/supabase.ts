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
