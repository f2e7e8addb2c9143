// Subscription view and transaction history, derived from the profile's subscription columns and
// public.subscription_transactions (RLS: the owner reads their own rows).
import type {Profile, Result, SubscriptionStatus} from './profile';
import {hasPremiumAccess, isActiveSubscription, premiumEndedOn, type PremiumColumns} from './premiumAccess';
import type {Tables} from '../../shared/database.types';
import type {DatabaseClient} from './supabase';
import {formatLongDate} from './longDate';

export interface SubscriptionView {
  status: SubscriptionStatus | string;
  plan: string | null;
  amount: number | null;
  discountCode: string | null;
  startDate: string | null;
  endDate: string | null;
  paypalSubscriptionId: string | null;
}

function toAmount(value: Profile['subscription_amount'] | undefined): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** The one mapping from profile columns to the subscription view the UI shows. */
export function toSubscriptionView(profile: Profile | null | undefined): SubscriptionView {
  return {
    status: profile?.subscription_status ?? 'inactive',
    plan: profile?.subscription_plan ?? null,
    amount: toAmount(profile?.subscription_amount ?? null),
    discountCode: profile?.discount_code || null,
    startDate: profile?.subscription_start_date ?? null,
    endDate: profile?.subscription_end_date ?? null,
    paypalSubscriptionId: profile?.paypal_subscription_id || null,
  };
}

export function formatMoney(amount: number | null): string {
  return amount === null ? '—' : `$${amount.toFixed(2)}`;
}

export function formatLocalDate(iso: string | null): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return formatLongDate(date) || '—';
}

export interface SubscriptionHeadline {
  /** The status badge. */
  label: 'Active' | 'Cancelled' | 'Suspended' | 'Inactive' | 'Expired';
  tone: 'active' | 'warning' | 'muted';
  /** One sentence on what the status means for the learner. */
  text: string;
  /** Premium is open now (Active, or Cancelled with paid days left). */
  access: boolean;
  /** The way to Premium the card offers: none while it renews or is paused at PayPal. */
  offer: 'upgrade' | 'subscribe-again' | null;
}

/**
 * The one rule for what a subscription card says about the profile: Active only while Premium
 * renews (status active and the end date not passed, as premiumAccess decides), else why not.
 */
export function subscriptionHeadline(profile: PremiumColumns | null | undefined, now: number = Date.now()): SubscriptionHeadline {
  const end = formatLocalDate(profile?.subscription_end_date ?? null);
  if (isActiveSubscription(profile, now)) {
    return {label: 'Active', tone: 'active', text: `Premium renews automatically on ${end}.`, access: true, offer: null};
  }
  const status = profile?.subscription_status;
  if (status === 'cancelled' && hasPremiumAccess(profile, now)) {
    // Still Premium: one state, never "No Active Subscription" or an upgrade offer beside it.
    return {label: 'Cancelled', tone: 'warning', text: `Premium until ${end}. It will not renew.`, access: true, offer: 'subscribe-again'};
  }
  if (status === 'suspended') {
    return {
      label: 'Suspended',
      tone: 'warning',
      text: 'Premium is paused: PayPal could not take the last payment, or a dispute about it is open. Update your payment method on PayPal, or wait for PayPal to resolve the dispute.',
      access: false,
      offer: null,
    };
  }
  const ended = premiumEndedOn(profile, now);
  if (!ended) return {label: 'Inactive', tone: 'muted', text: 'You are on the Free plan.', access: false, offer: 'upgrade'};
  return {label: 'Expired', tone: 'muted', text: `Your Premium subscription ended on ${formatLocalDate(ended)}.`, access: false, offer: 'subscribe-again'};
}

export type Transaction = Pick<Tables<'subscription_transactions'>, 'id' | 'transaction_type' | 'amount' | 'currency' | 'status' | 'created_at'>;

export async function fetchTransactions(client: DatabaseClient, userId: string): Promise<Result<Transaction[]>> {
  const {data, error} = await client
    .from('subscription_transactions')
    .select('id, transaction_type, amount, currency, status, created_at')
    .eq('user_id', userId)
    .order('created_at', {ascending: false});
  if (error) return {data: null, error: error.message};
  const rows = [...(data ?? [])];
  rows.sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
  return {data: rows, error: null};
}

/** "payment_failed" → "Payment failed". */
export function capitalise(type: string): string {
  const words = type.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
