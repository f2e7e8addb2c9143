// Real supabase-js clients against the backend started by globalSetup.
import {createClient, type SupabaseClient} from '@supabase/supabase-js';
import {inject} from 'vitest';

export function backend() {
  return inject('backend');
}

/** Where a client points: the shared backend, or one a test file started for itself. */
export interface Target {
  url: string;
  /** The client key for the anon role (the publishable key; the legacy anon JWT only in the legacy-keys test). */
  anonKey: string;
  /** The server key for the service_role role (the secret key; the legacy service_role JWT only in the legacy-keys test). */
  serviceRoleKey: string;
  mailboxUrl: string;
}

/** A fresh anon client with its own in-memory session storage. */
export function anonClient(target: Target = backend(), options: {flowType?: 'implicit' | 'pkce'} = {}): SupabaseClient {
  const {url, anonKey} = target;
  const store = new Map<string, string>();
  return createClient(url, anonKey, {
    auth: {
      persistSession: true,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      flowType: options.flowType ?? 'implicit',
      storage: {
        getItem: (k) => store.get(k) ?? null,
        setItem: (k, v) => void store.set(k, v),
        removeItem: (k) => void store.delete(k),
      },
    },
  });
}

export function serviceClient(target: Target = backend()): SupabaseClient {
  const {url, serviceRoleKey} = target;
  return createClient(url, serviceRoleKey, {auth: {persistSession: false, autoRefreshToken: false}});
}

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${Date.now()}.${counter}.${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** Creates a confirmed user through the admin API and returns a client signed in as them. */
export async function signedInUser(
  options: {fullName?: string; appMetadata?: Record<string, unknown>; target?: Target} = {},
) {
  const target = options.target ?? backend();
  const email = uniqueEmail();
  const password = 'correct-horse-battery';
  const admin = serviceClient(target);
  const {data, error} = await admin.auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata: {full_name: options.fullName ?? 'Test Learner'},
    app_metadata: options.appMetadata,
  });
  if (error) throw error;
  const client = anonClient(target);
  const signIn = await client.auth.signInWithPassword({email, password});
  if (signIn.error) throw signIn.error;
  return {client, user: data.user, email, password, session: signIn.data.session};
}

export interface MailSummary {
  ID: string;
  Subject: string;
  To: {Address: string}[];
}

/** The newest mail to `to` from the mailbox's Mailpit-shaped API (polls briefly: mail is sent after commit). */
export async function latestMail(to: string, target: Target = backend()): Promise<{subject: string; text: string; html: string; link: string}> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const search = await fetch(`${target.mailboxUrl}/api/v1/search?query=${encodeURIComponent(`to:${to}`)}`);
    const {messages} = (await search.json()) as {messages: MailSummary[]};
    const newest = messages[0];
    if (newest) {
      const message = (await (await fetch(`${target.mailboxUrl}/api/v1/message/${newest.ID}`)).json()) as {
        Subject: string;
        Text: string;
        HTML: string;
      };
      const link = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(message.Text)?.[0] ?? '';
      return {subject: message.Subject, text: message.Text, html: message.HTML, link};
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function mailCount(to: string, target: Target = backend()): Promise<number> {
  const search = await fetch(`${target.mailboxUrl}/api/v1/search?query=${encodeURIComponent(`to:${to}`)}`);
  return ((await search.json()) as {messages: MailSummary[]}).messages.length;
}

/** Opens an e-mail link like a browser would, without following the redirect. */
export async function followLink(link: string): Promise<{status: number; location: URL; fragment: URLSearchParams}> {
  const response = await fetch(link, {redirect: 'manual'});
  const location = new URL(response.headers.get('location') ?? 'about:blank');
  return {status: response.status, location, fragment: new URLSearchParams(location.hash.slice(1))};
}

/** A raw call to /auth/v1 for what supabase-js cannot send (bad JSON, forged tokens, wrong types). */
export function authFetch(path: string, init: RequestInit & {token?: string; apikey?: string} = {}, target: Target = backend()): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('apikey', init.apikey ?? target.anonKey);
  headers.set('x-supabase-api-version', '2024-01-01');
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  if (init.body !== undefined && !headers.has('content-type')) headers.set('content-type', 'application/json');
  return fetch(`${target.url}/auth/v1${path}`, {...init, headers});
}
