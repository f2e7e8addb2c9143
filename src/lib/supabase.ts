// The lazily created, browser-only Supabase client. Nothing here imports supabase-js at runtime:
// the client module is fetched with import() the first time someone needs it (a stored session,
// an auth link in the URL, or the visitor acting), then reused for the life of the page.
import type {SupabaseClient} from '@supabase/supabase-js';
import {supabaseConfig} from './config';

let pending: Promise<SupabaseClient> | null = null;
let loaded: SupabaseClient | null = null;

export function loadSupabase(): Promise<SupabaseClient> {
  if (typeof window === 'undefined') return Promise.reject(new Error('The Supabase client is only available in the browser'));
  pending ??= import('./createClient').then(
    (module) => {
      loaded = module.createBrowserClient(supabaseConfig());
      return loaded;
    },
    (error: unknown) => {
      pending = null;
      throw error;
    },
  );
  return pending;
}

/** The client if it has already been loaded, without loading it. */
export function peekSupabase(): SupabaseClient | null {
  return loaded;
}
