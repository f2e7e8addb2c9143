// Real supabase-js clients against the backend started by globalSetup.
import {createClient, type SupabaseClient} from '@supabase/supabase-js';
import {inject} from 'vitest';

export function backend() {
  return inject('backend');
}

/** A fresh anon client with its own in-memory session storage. */
export function anonClient(): SupabaseClient {
  const {url, anonKey} = backend();
  const store = new Map<string, string>();
  return createClient(url, anonKey, {
    auth: {
      persistSession: true,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      storage: {
        getItem: (k) => store.get(k) ?? null,
        setItem: (k, v) => void store.set(k, v),
        removeItem: (k) => void store.delete(k),
      },
    },
  });
}

export function serviceClient(): SupabaseClient {
  const {url, serviceRoleKey} = backend();
  return createClient(url, serviceRoleKey, {auth: {persistSession: false, autoRefreshToken: false}});
}

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${Date.now()}.${counter}.${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** Creates a confirmed user through the admin API and returns a client signed in as them. */
export async function signedInUser(options: {fullName?: string; appMetadata?: Record<string, unknown>} = {}) {
  const email = uniqueEmail();
  const password = 'correct-horse-battery';
  const admin = serviceClient();
  const {data, error} = await admin.auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata: {full_name: options.fullName ?? 'Test Learner'},
    app_metadata: options.appMetadata,
  });
  if (error) throw error;
  const client = anonClient();
  const signIn = await client.auth.signInWithPassword({email, password});
  if (signIn.error) throw signIn.error;
  return {client, user: data.user, email, password, session: signIn.data.session};
}
