// The lazily created, browser-only Supabase client. Nothing here imports supabase-js at runtime:
// the client module is fetched with import() the first time someone needs it (a stored session,
// an auth link in the URL, or the visitor acting), then reused for the life of the page.
import type {SupabaseClient} from '@supabase/supabase-js';
import {supabaseConfig} from './config';
import type {Database} from '../../shared/database.types';

/**
 * The client typed by the generated schema (shared/database.types.ts, `npm run gen:types`):
 * `.from()`, `.select()` and `.rpc()` results carry the columns' types, so no caller casts them.
 */
export type DatabaseClient = SupabaseClient<Database>;

let pending: Promise<DatabaseClient> | null = null;

export function loadSupabase(): Promise<DatabaseClient> {
  if (typeof window === 'undefined') return Promise.reject(new Error('The Supabase client is only available in the browser'));
  pending ??= import('./createClient').then(
    (module) => module.createBrowserClient(supabaseConfig()),
    (error: unknown) => {
      pending = null;
      throw error;
    },
  );
  return pending;
}
