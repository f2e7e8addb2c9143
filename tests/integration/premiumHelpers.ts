// Helpers for the Premium integration tests: the PayPal simulator's control API, the purchase
// flow as a browser would drive it, and reading results with the service role.
import type {SupabaseClient} from '@supabase/supabase-js';
import {FunctionsHttpError} from '@supabase/supabase-js';
import pg from 'pg';
import {backend, serviceClient} from './clients';
import {SIM_PLAN_ID} from '../../local-supabase/paypal-sim/index';

export {SIM_PLAN_ID};

export interface Delivery {
  event_id: string;
  event_type: string;
  status: number | null;
  headers: Record<string, string>;
  body: string;
}

export async function simControl(path: string, body: unknown = {}): Promise<Record<string, unknown>> {
  const {url, serviceRoleKey} = backend();
  const response = await fetch(`${url}/paypal-sim/test/${path}`, {
    method: path === 'webhooks' ? 'GET' : 'POST',
    headers: {apikey: serviceRoleKey, 'content-type': 'application/json'},
    body: path === 'webhooks' ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`simulator ${path}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

export async function deliveries(): Promise<Delivery[]> {
  return (await simControl('webhooks')).deliveries as Delivery[];
}

/** Calls PayPal's (the simulator's) REST API directly with the app's credentials, bypassing the functions. */
export async function simApi<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{status: number; data: T}> {
  const {url, paypal} = backend();
  const base = `${url}/paypal-sim`;
  const tokenResponse = await fetch(`${base}/v1/oauth2/token`, {
    method: 'POST',
    headers: {authorization: `Basic ${Buffer.from(`${paypal.PAYPAL_CLIENT_ID}:${paypal.PAYPAL_CLIENT_SECRET}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded'},
    body: 'grant_type=client_credentials',
  });
  const {access_token: token} = (await tokenResponse.json()) as {access_token: string};
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers},
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return {status: response.status, data: (text ? JSON.parse(text) : null) as T};
}

export interface InvokeResult<T> {
  status: number;
  data: T | null;
  error: string | null;
}

/** Invokes a function as the given client; returns the status and either data or `{error}`'s text. */
export async function invoke<T = Record<string, unknown>>(client: SupabaseClient, name: string, body: unknown = {}): Promise<InvokeResult<T>> {
  const {data, error, response} = await client.functions.invoke(name, {body: body as Record<string, unknown>});
  if (error) {
    if (error instanceof FunctionsHttpError) {
      const res = error.context as Response;
      const payload = (await res.json().catch(() => ({}))) as {error?: string; msg?: string};
      return {status: res.status, data: null, error: payload.error ?? payload.msg ?? 'unknown error'};
    }
    throw error;
  }
  return {status: response?.status ?? 200, data: data as T, error: null};
}

export interface Created {
  subscriptionId: string;
  approvalUrl: string;
  amount: number;
  percentOff: number;
}

/** Opens the simulator's approval page like a browser, checks its label and submits Approve. */
export async function approveOnCheckoutPage(approvalUrl: string, options: {webhooks?: boolean} = {}): Promise<URL> {
  const page = await fetch(approvalUrl);
  const html = await page.text();
  if (!html.includes('PayPal simulator — local-supabase, no real money')) throw new Error('checkout page is not labelled as the simulator');
  const action = /<form method="post" action="([^"]+\/approve)"/.exec(html)?.[1];
  if (!action) throw new Error(`no Approve form on ${approvalUrl}`);
  const response = await fetch(action, {
    method: 'POST',
    redirect: 'manual',
    headers: {'content-type': 'application/x-www-form-urlencoded'},
    body: options.webhooks === false ? 'webhooks=off' : '',
  });
  if (response.status !== 302) throw new Error(`approve answered ${response.status}`);
  return new URL(response.headers.get('location') as string);
}

/** create → approve on the simulator page → confirm; returns the subscription id. */
export async function purchase(client: SupabaseClient, discountCode?: string): Promise<string> {
  const created = await invoke<Created>(client, 'create-subscription', discountCode ? {discountCode} : {});
  if (created.error || !created.data) throw new Error(`create-subscription: ${created.status} ${created.error}`);
  const back = await approveOnCheckoutPage(created.data.approvalUrl);
  const id = back.searchParams.get('subscription_id') as string;
  const confirmed = await invoke(client, 'confirm-subscription', {subscriptionId: id});
  if (confirmed.error) throw new Error(`confirm-subscription: ${confirmed.status} ${confirmed.error}`);
  await simControl('flush');
  return id;
}

export async function profileOf(userId: string): Promise<Record<string, unknown>> {
  const {data, error} = await serviceClient().from('profiles').select('*').eq('id', userId).single();
  if (error) throw error;
  return data as Record<string, unknown>;
}

export async function transactionsOf(userId: string): Promise<Record<string, unknown>[]> {
  const {data, error} = await serviceClient().from('subscription_transactions').select('*').eq('user_id', userId).order('created_at');
  if (error) throw error;
  return data as Record<string, unknown>[];
}

let codeCounter = 0;
export async function createDiscountCode(percentOff: number, options: {maxRedemptions?: number; expiresAt?: string; redemptions?: number} = {}): Promise<string> {
  codeCounter += 1;
  const code = `T${Date.now().toString(36).toUpperCase()}${codeCounter}${Math.floor(Math.random() * 1e4)}`;
  const {error} = await serviceClient()
    .from('discount_codes')
    .insert({code, percent_off: percentOff, max_redemptions: options.maxRedemptions ?? null, expires_at: options.expiresAt ?? null, redemptions: options.redemptions ?? 0});
  if (error) throw error;
  return code;
}

export async function redemptionsOf(code: string): Promise<number> {
  const {data, error} = await serviceClient().from('discount_codes').select('redemptions').eq('code', code).single();
  if (error) throw error;
  return (data as {redemptions: number}).redemptions;
}

/** POSTs a webhook delivery (as captured from the simulator, or forged) to paypal-webhook. */
export async function postWebhook(body: string, headers: Record<string, string>): Promise<{status: number; json: Record<string, unknown>}> {
  const {url} = backend();
  const response = await fetch(`${url}/functions/v1/paypal-webhook`, {method: 'POST', headers: {'content-type': 'application/json', ...headers}, body});
  return {status: response.status, json: (await response.json().catch(() => ({}))) as Record<string, unknown>};
}

async function sql(text: string): Promise<void> {
  const client = new pg.Client({connectionString: backend().databaseUrl as string});
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * A storage failure for one learner (PostgreSQL backends only): each `event` on `table` for that
 * user's rows (and, with `when`, only rows matching it) raises an error; resolves with the repair.
 * Other test files share the database at the same moment, so nobody else's rows may fail.
 */
export async function failWritesOf(
  table: 'subscription_transactions' | 'pending_subscriptions',
  event: 'insert' | 'update',
  userId: string,
  when = 'true',
): Promise<() => Promise<void>> {
  // Trigger bodies take no bind parameters: the id goes in only once it is proven a uuid.
  if (!UUID.test(userId)) throw new Error(`not a user id: ${userId}`);
  const name = `test_fail_${userId.replace(/-/g, '')}_${table.slice(0, 8)}`;
  await sql(`create or replace function public.${name}() returns trigger language plpgsql as $$
       begin
         if new.user_id = '${userId}'::uuid and (${when}) then raise exception 'simulated storage failure (internal detail)'; end if;
         return new;
       end $$;
     create trigger ${name} before ${event} on public.${table} for each row execute function public.${name}();`);
  return () => sql(`drop trigger if exists ${name} on public.${table}; drop function if exists public.${name}();`);
}
