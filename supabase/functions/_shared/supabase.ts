// Supabase clients for the functions: the service role client (the only writer of subscription
// columns and transactions) and the caller's identity from their access token.
import {createClient, type SupabaseClient, type User} from '@supabase/supabase-js';
import type {Env} from './paypal.ts';

export function serviceClient(env: Env): SupabaseClient {
  const url = env.SUPABASE_URL;
  const key = env.SUPABASE_SERVICE_ROLE_KEY;
  if (!url || !key) throw new Error('SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY must be set');
  return createClient(url, key, {auth: {persistSession: false, autoRefreshToken: false, detectSessionInUrl: false}});
}

/** The signed-in user making the request, or null (anon key, expired or missing token). */
export async function callerUser(request: Request, admin: SupabaseClient): Promise<User | null> {
  const match = /^Bearer\s+(.+)$/i.exec(request.headers.get('authorization') ?? '');
  if (!match) return null;
  const {data, error} = await admin.auth.getUser((match[1] as string).trim());
  if (error || !data.user) return null;
  return data.user;
}

/** The message of a PostgREST error (supabase-js `error.message`), for answers to the client. */
export function dbMessage(error: {message?: string} | null): string {
  return error?.message ?? 'Database error';
}
