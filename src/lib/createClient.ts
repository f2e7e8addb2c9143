// The only module that imports supabase-js at runtime. It is loaded with import() by
// ./supabase.ts, so it lands in its own chunk and an anonymous first visit never downloads it.
import {createClient} from '@supabase/supabase-js';
import type {SupabaseConfig} from './config';
import type {Database} from '../../shared/database.types';
import type {DatabaseClient} from './supabase';

export function createBrowserClient({url, publishableKey}: SupabaseConfig): DatabaseClient {
  return createClient<Database>(url, publishableKey, {
    auth: {
      // E-mail links land on the site as #access_token=…&type=signup|recovery.
      flowType: 'implicit',
      detectSessionInUrl: true,
      persistSession: true,
      // supabase-js refreshes near expiry, only while the tab is visible, and drops dead sessions.
      autoRefreshToken: true,
      storage: window.localStorage,
    },
  });
}
