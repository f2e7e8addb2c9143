// Payments service: the Premium checkout (discount-code check, create, confirm on return,
// cancel) and the admin transaction list, as typed results with the texts the UI shows. The
// price itself is decided on the server (supabase/functions/create-subscription); the site only
// shows what the shared plan config (shared/plan.ts) and the server say.
// Nothing here imports supabase-js at runtime: callers pass the lazily loaded client.
import {PREMIUM_PLAN, discountedPrice} from '../../shared/plan';
import type {Profile} from './profile';
import type {Result} from './data/result';
import {NETWORK_ERROR, errorMessage, functionErrorText} from './data/errorText';
import type {Database} from '../../shared/database.types';
import {isJsonObject} from './jsonAnswer';
import type {DatabaseClient} from './supabase';

export {PREMIUM_PLAN, discountedPrice};

/** Longest code the server accepts (create-subscription). */
export const MAX_CODE_LENGTH = 40;

/** How the server stores codes: trimmed, upper-case. */
export function normaliseCode(code: string): string {
  return code.trim().toUpperCase();
}

export interface DiscountQuote {
  code: string;
  percentOff: number;
  /** The yearly price after the discount, in dollars. */
  amount: number;
}

/** Checks a code on the server (RPC check_discount_code): the discount, or the server's clear message. */
export async function checkDiscountCode(client: DatabaseClient, rawCode: string): Promise<Result<DiscountQuote>> {
  const code = normaliseCode(rawCode);
  if (!code) return {data: null, error: 'Enter a discount code'};
  if (code.length > MAX_CODE_LENGTH) return {data: null, error: 'Unknown discount code'};
  try {
    // {percent_off} for a usable code, {percent_off: null, message} for one that is not; too many
    // checks answer PostgREST's 429 error with the server's message.
    const {data, error} = await client.rpc('check_discount_code', {p_code: code});
    if (error) return {data: null, error: errorMessage(error, 'Could not check the discount code')};
    const answer = isJsonObject(data) ? data : {};
    if (answer.percent_off === null && typeof answer.message === 'string') return {data: null, error: answer.message};
    const percentOff = Number(answer.percent_off);
    if (!Number.isInteger(percentOff) || percentOff < 0 || percentOff > 100) return {data: null, error: 'Could not check the discount code'};
    return {data: {code, percentOff, amount: discountedPrice(percentOff)}, error: null};
  } catch (error) {
    return {data: null, error: errorMessage(error, NETWORK_ERROR)};
  }
}

async function invoke<T>(client: DatabaseClient, name: string, body: Record<string, unknown>, fallback: string): Promise<Result<T>> {
  try {
    const {data, error} = await client.functions.invoke<T>(name, {body});
    if (error) return {data: null, error: await functionErrorText(error, fallback)};
    if (data === null || data === undefined) return {data: null, error: fallback};
    return {data, error: null};
  } catch (error) {
    return {data: null, error: errorMessage(error, NETWORK_ERROR)};
  }
}

export interface CreatedSubscription {
  subscriptionId: string;
  approvalUrl: string;
  amount: number;
  currency: string;
  percentOff: number;
  discountCode: string | null;
}

/** A random id for PayPal-Request-Id: a double click on Subscribe creates one subscription. */
export function newRequestId(): string {
  const random = typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
  return random.replace(/[^A-Za-z0-9-]/g, '').slice(0, 64);
}

/** create-subscription: the server prices the plan (and the code) and returns PayPal's approval link. */
export async function createSubscription(
  client: DatabaseClient,
  options: {discountCode?: string | null; requestId?: string} = {},
): Promise<Result<CreatedSubscription>> {
  const body: Record<string, unknown> = {plan: PREMIUM_PLAN.key};
  const code = options.discountCode ? normaliseCode(options.discountCode) : '';
  if (code) body.discountCode = code;
  if (options.requestId) body.requestId = options.requestId;
  const result = await invoke<CreatedSubscription>(client, 'create-subscription', body, 'Could not start the PayPal checkout');
  if (result.error !== null) return result;
  if (!isSafeApprovalUrl(result.data.approvalUrl)) return {data: null, error: 'PayPal did not return a usable approval link'};
  return result;
}

/** Only http(s) links are followed (never javascript: or data: from a tampered response). */
export function isSafeApprovalUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

export interface ConfirmedSubscription {
  status: 'active';
  subscriptionId: string;
  profile: Profile | null;
}

/** PayPal subscription ids as the server accepts them (I-…). */
export const SUBSCRIPTION_ID = /^I-[A-Za-z0-9]{1,50}$/;

/** confirm-subscription, on return from PayPal. Idempotent on the server, so safe to repeat. */
export async function confirmSubscription(client: DatabaseClient, subscriptionId: string): Promise<Result<ConfirmedSubscription>> {
  if (!SUBSCRIPTION_ID.test(subscriptionId)) return {data: null, error: 'The link back from PayPal has no valid subscription id'};
  return invoke<ConfirmedSubscription>(client, 'confirm-subscription', {subscriptionId}, 'Could not confirm your subscription');
}

export interface CancelledSubscription {
  status: 'cancelled';
  subscriptionId: string;
  accessUntil: string | null;
}

/**
 * cancel-subscription: stops billing at PayPal (the running current subscription is suspended, so
 * it can be resumed until its end date); Premium stays until the end date. Without an id, the
 * subscription on the profile; with one, any other the learner has paid for.
 */
export async function cancelSubscription(client: DatabaseClient, options: {reason?: string; subscriptionId?: string} = {}): Promise<Result<CancelledSubscription>> {
  const body: Record<string, unknown> = {};
  const trimmed = options.reason?.trim();
  if (trimmed) body.reason = trimmed.slice(0, 128);
  if (options.subscriptionId) body.subscriptionId = options.subscriptionId;
  return invoke<CancelledSubscription>(client, 'cancel-subscription', body, 'Could not cancel your subscription');
}

export interface ResumedSubscription {
  status: 'active';
  subscriptionId: string;
  renewsOn: string | null;
}

/**
 * resume-subscription: activates at PayPal the subscription cancel-subscription suspended, while
 * its paid year runs; PayPal charges again on the same renewal date, nothing now.
 */
export async function resumeSubscription(client: DatabaseClient): Promise<Result<ResumedSubscription>> {
  return invoke<ResumedSubscription>(client, 'resume-subscription', {}, 'Could not resume your subscription');
}

/** Whether Resume may be offered (SQL can_resume_subscription); false when it cannot be asked. */
export async function canResumeSubscription(client: DatabaseClient): Promise<boolean> {
  try {
    const {data, error} = await client.rpc('can_resume_subscription');
    return !error && data === true;
  } catch {
    return false;
  }
}

/**
 * The PayPal API base the functions use, from the health function (null when it cannot be
 * read): "Manage on PayPal" leads to that PayPal (shared/paypalEnvironment.ts).
 */
export async function fetchPayPalApiBase(client: DatabaseClient): Promise<string | null> {
  try {
    const {data, error} = await client.functions.invoke('health', {method: 'GET'});
    if (error || !isJsonObject(data) || !isJsonObject(data.paypal)) return null;
    return typeof data.paypal.apiBase === 'string' ? data.paypal.apiBase : null;
  } catch {
    return null;
  }
}

/** The learner left PayPal with Cancel: their open checkout stops holding a discount use. */
export async function releaseCheckout(client: DatabaseClient, subscriptionId: string): Promise<void> {
  if (!SUBSCRIPTION_ID.test(subscriptionId)) return;
  const {error} = await client.rpc('release_checkout', {p_subscription_id: subscriptionId});
  // Nothing for the learner to do: an unreleased hold lapses on its own (checkout_hold(), 15 minutes).
  if (error) console.error('Could not release the checkout:', error.message);
}

type PaidSubscriptionRow = Database['public']['Functions']['my_paypal_subscriptions']['Returns'][number];

/** A row of my_paypal_subscriptions; typegen cannot see that a TABLE column may be null. */
export type PaidSubscription = Omit<PaidSubscriptionRow, 'discount_code' | 'cancelled_at'> & {
  discount_code: string | null;
  cancelled_at: string | null;
};

/** Every PayPal subscription the learner has paid for, newest first (RPC my_paypal_subscriptions). */
export async function fetchPaidSubscriptions(client: DatabaseClient): Promise<Result<PaidSubscription[]>> {
  try {
    const {data, error} = await client.rpc('my_paypal_subscriptions');
    if (error) return {data: null, error: errorMessage(error, 'Could not load your subscriptions')};
    return {data: data ?? [], error: null};
  } catch (error) {
    return {data: null, error: errorMessage(error, NETWORK_ERROR)};
  }
}

/** What the PayPal return URL says: `?paypal=return&subscription_id=…` or `?paypal=cancel`. */
export type PayPalReturn = {kind: 'return'; subscriptionId: string | null} | {kind: 'cancel'; subscriptionId?: string} | null;

export function readPayPalReturn(search: string): PayPalReturn {
  const params = new URLSearchParams(search);
  const paypal = params.get('paypal');
  if (paypal === 'cancel') {
    // PayPal's cancel link carries the subscription id as `token`.
    const token = params.get('token');
    return token && SUBSCRIPTION_ID.test(token) ? {kind: 'cancel', subscriptionId: token} : {kind: 'cancel'};
  }
  if (paypal === 'return') {
    const id = params.get('subscription_id') ?? params.get('token');
    return {kind: 'return', subscriptionId: id && SUBSCRIPTION_ID.test(id) ? id : null};
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Admin: every transaction with the buyer's e-mail (RPC admin_transactions, security definer,
// returns rows only when public.is_admin(); RLS on the table would return the rest anyway).

type AdminTransactionRow = Database['public']['Functions']['admin_transactions']['Returns'][number];

/** A row of admin_transactions; typegen cannot see that a TABLE column may be null. */
export type AdminTransaction = Omit<AdminTransactionRow, 'user_id' | 'user_email' | 'paypal_subscription_id'> & {
  user_id: string | null;
  user_email: string | null;
  paypal_subscription_id: string | null;
};

export interface AdminFilters {
  status?: string;
  /** yyyy-mm-dd, inclusive, in the viewer's time zone. */
  from?: string;
  /** yyyy-mm-dd, inclusive, in the viewer's time zone. */
  to?: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The ISO instants [start, end) a yyyy-mm-dd range covers in the local time zone. */
export function dayRange(from?: string, to?: string): {start: string | null; end: string | null} {
  const local = (day: string, addDays: number) => {
    const [y, m, d] = day.split('-').map(Number) as [number, number, number];
    return new Date(y, m - 1, d + addDays).toISOString();
  };
  return {
    start: from && DAY.test(from) ? local(from, 0) : null,
    end: to && DAY.test(to) ? local(to, 1) : null,
  };
}

/** All transactions (admins), newest first, filtered on the server by status and date range. */
export async function fetchAdminTransactions(client: DatabaseClient, filters: AdminFilters = {}): Promise<Result<AdminTransaction[]>> {
  try {
    let query = client.rpc('admin_transactions').select('*');
    if (filters.status) query = query.eq('status', filters.status);
    const {start, end} = dayRange(filters.from, filters.to);
    if (start) query = query.gte('created_at', start);
    if (end) query = query.lt('created_at', end);
    const {data, error} = await query.order('created_at', {ascending: false});
    if (error) return {data: null, error: errorMessage(error, 'Could not load the transactions')};
    const rows: AdminTransaction[] = [...(data ?? [])];
    rows.sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
    return {data: rows, error: null};
  } catch (error) {
    return {data: null, error: errorMessage(error, NETWORK_ERROR)};
  }
}

export interface Totals {
  count: number;
  /** Money taken: completed subscriptions and renewals. */
  revenue: number;
  /** Money returned: completed refunds. */
  refunded: number;
  /** revenue − refunded. */
  net: number;
  failed: number;
}

const cents = (n: number) => Math.round(n * 100);

export function totalsOf(rows: AdminTransaction[]): Totals {
  let revenue = 0;
  let refunded = 0;
  let failed = 0;
  for (const row of rows) {
    if (row.status === 'completed' && (row.transaction_type === 'subscription' || row.transaction_type === 'renewal')) revenue += cents(row.amount);
    else if (row.status === 'completed' && row.transaction_type === 'refund') refunded += cents(row.amount);
    if (row.status === 'failed') failed += 1;
  }
  return {count: rows.length, revenue: revenue / 100, refunded: refunded / 100, net: (revenue - refunded) / 100, failed};
}

/** One CSV field (RFC 4180): quoted when needed; formula-leading text neutralised for spreadsheets. */
export function csvField(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const CSV_COLUMNS = ['Date', 'User e-mail', 'User id', 'Type', 'Amount', 'Currency', 'Status', 'PayPal subscription id', 'Transaction id'] as const;

export function transactionsCsv(rows: AdminTransaction[]): string {
  const lines = [CSV_COLUMNS.map(csvField).join(',')];
  for (const row of rows) {
    lines.push(
      [row.created_at, row.user_email, row.user_id, row.transaction_type, row.amount.toFixed(2), row.currency, row.status, row.paypal_subscription_id, row.id]
        .map(csvField)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** Whether the signed-in user carries the admin role (the server checks it again through RLS). */
export function isAdminUser(user: {app_metadata?: Record<string, unknown> | null} | null | undefined): boolean {
  return user?.app_metadata?.role === 'admin';
}

// ---------------------------------------------------------------------------------------------
// Showing the plan. Who is Premium is decided by src/lib/premiumAccess.ts.

/** The Premium plan's key → its name ("Premium (yearly)"); other plan keys as stored. */
export function planLabel(plan: string | null): string {
  if (!plan) return '—';
  return plan === PREMIUM_PLAN.key ? PREMIUM_PLAN.name : plan;
}

const DETAILS: Record<string, string> = {
  subscription: `${PREMIUM_PLAN.name}: first year`,
  renewal: 'Yearly renewal',
  cancellation: 'Subscription cancelled; no further charges',
  suspension: 'Paused by PayPal after a failed payment',
  expiry: 'Subscription ended',
  payment_failed: 'PayPal could not take the payment',
  refund: 'Refunded to your PayPal account',
  dispute: 'PayPal dispute about a payment (Premium paused while it is open)',
};

/** A sentence about a transaction type for the history tables. */
export function transactionDetails(type: string): string {
  return DETAILS[type] ?? type.replace(/_/g, ' ');
}
