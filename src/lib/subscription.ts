// Subscription view and transaction history, derived from the profile's subscription columns and
// public.subscription_transactions (RLS: the owner reads their own rows).
import type {Profile, SubscriptionStatus} from './profile';
import type {Result} from './data/result';
import {hasPremiumAccess, isActiveSubscription, premiumEndedOn, type PremiumColumns} from './premiumAccess';
import type {Tables} from '../../shared/database.types';
import type {DatabaseClient} from './supabase';
import {formatLongDate} from './longDate';
import {dataStore} from './data/store';

/** Data-store keys of a learner's subscription data: the card's ledger, the history, the paid list. */
export const subscriptionKey = (userId: string, part: 'ledger' | 'transactions' | 'paid'): string => `subscription/${userId}/${part}`;

/** After a purchase, a cancellation or a resume: every view of subscription data reads it again. */
export function invalidateSubscription(): void {
  dataStore.invalidate('subscription');
}

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

/** The one list of states a subscription can be in, as the learner reads it (issue 26). */
export type SubscriptionStateKind = 'active' | 'cancelled-running' | 'lapsed' | 'refunded' | 'disputed' | 'payment-failed' | 'none';

export interface SubscriptionHeadline {
  kind: SubscriptionStateKind;
  /** The status badge. */
  label: 'Active' | 'Cancelled' | 'Expired' | 'Refunded' | 'Disputed' | 'Payment failed' | 'Inactive';
  tone: 'active' | 'warning' | 'muted';
  /** One sentence on what the status means for the learner. */
  text: string;
  /** What to do about it, when there is something to do (payment failed, a dispute). */
  advice: string | null;
  /** Premium is open now (Active, or Cancelled with paid days left). */
  access: boolean;
  /** The way to Premium the card offers: none while it renews or is held at PayPal. */
  offer: 'upgrade' | 'subscribe-again' | 'resume' | null;
  /** Cancel subscription is offered: PayPal may still bill it (active, or suspended after failures). */
  cancel: boolean;
}

/** The ledger rows the state depends on (the owner reads them under RLS). */
export type LedgerRow = Pick<Tables<'subscription_transactions'>, 'transaction_type' | 'status' | 'created_at'> & {
  paypal_subscription_id?: string | null;
};

/** Profile columns the state reads: Premium's, plus which subscription is current. */
export type StateColumns = PremiumColumns & {paypal_subscription_id?: string | null};

const PAYMENT = new Set(['subscription', 'renewal']);
// A dispute decided for the buyer (recorded by apply_paypal_event as the lower-cased outcome code).
const DISPUTE_LOST = new Set(['resolved_buyer_favour', 'accepted']);

/**
 * The one rule for what every subscription card, tab and page says about the learner's
 * subscription: the profile's columns decide access (as `public.is_premium()` does), the ledger
 * (subscription_transactions, written only by the webhook path in Postgres) says why it ended or
 * is held: a refund, a dispute, a failed renewal. Rows of other subscriptions are not read.
 */
export function subscriptionHeadline(
  profile: StateColumns | null | undefined,
  ledger: readonly LedgerRow[] = [],
  now: number = Date.now(),
  /** SQL can_resume_subscription: the cancelled subscription is held at PayPal and may be resumed. */
  resumable = false,
): SubscriptionHeadline {
  const end = formatLocalDate(profile?.subscription_end_date ?? null);
  const status = profile?.subscription_status;
  const current = profile?.paypal_subscription_id ?? null;
  const rows = ledger
    .filter((row) => !current || !row.paypal_subscription_id || row.paypal_subscription_id === current)
    .slice()
    .sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at));
  // Only what happened since the latest payment counts: a renewal after a refund starts afresh.
  const lastPayment = rows.reduce((at, row, i) => (PAYMENT.has(row.transaction_type) && row.status === 'completed' ? i : at), -1);
  const since = rows.slice(lastPayment + 1);
  const latest = (match: (row: LedgerRow) => boolean) => [...since].reverse().find(match) ?? null;
  const paused = latest((row) => row.transaction_type === 'dispute' && row.status === 'paused');
  const base = {advice: null, cancel: status === 'active' || status === 'suspended'};
  // A refund or a lost dispute ended Premium only if take_back_payment moved the end to that day.
  const endedBy = (row: LedgerRow | null) =>
    row !== null && profile?.subscription_end_date != null && Date.parse(profile.subscription_end_date) <= Date.parse(row.created_at) + 60_000;

  if (paused && status === 'suspended') {
    return {
      ...base,
      kind: 'disputed',
      label: 'Disputed',
      tone: 'warning',
      text: `Payment disputed on ${formatLocalDate(paused.created_at)}: Premium is paused while PayPal reviews the dispute.`,
      advice: 'If PayPal decides for the seller, Premium comes back until the same end date; if it decides for you, Premium ends as after a refund.',
      access: false,
      offer: null,
    };
  }
  if (isActiveSubscription(profile, now)) {
    return {...base, kind: 'active', label: 'Active', tone: 'active', text: `Premium renews automatically on ${end}.`, access: true, offer: null};
  }
  if (status === 'cancelled' && hasPremiumAccess(profile, now)) {
    // Still Premium: one state, never "No Active Subscription" or an upgrade offer beside it.
    return {...base, kind: 'cancelled-running', label: 'Cancelled', tone: 'warning', text: `Premium until ${end}, will not renew.`, access: true, offer: resumable ? 'resume' : 'subscribe-again'};
  }
  const lost = latest((row) => row.transaction_type === 'dispute' && DISPUTE_LOST.has(row.status));
  if (lost && endedBy(lost)) {
    return {
      ...base,
      kind: 'disputed',
      label: 'Disputed',
      tone: 'muted',
      text: `Payment disputed: PayPal decided the dispute for you on ${formatLocalDate(lost.created_at)}, so Premium ended that day.`,
      access: false,
      offer: 'subscribe-again',
    };
  }
  const refund = latest((row) => row.transaction_type === 'refund');
  if (refund && endedBy(refund) && status !== 'active' && status !== 'suspended') {
    return {
      ...base,
      kind: 'refunded',
      label: 'Refunded',
      tone: 'muted',
      text: `Your payment was refunded on ${formatLocalDate(refund.created_at)}, so Premium ended that day.`,
      access: false,
      offer: 'subscribe-again',
    };
  }
  const failed = latest((row) => row.transaction_type === 'payment_failed');
  if (status === 'suspended' || (failed && status === 'active')) {
    return {
      ...base,
      kind: 'payment-failed',
      label: 'Payment failed',
      tone: 'warning',
      text: failed
        ? `PayPal could not take your renewal payment on ${formatLocalDate(failed.created_at)}, so Premium is paused.`
        : 'PayPal could not take your renewal payment, so Premium is paused.',
      advice: 'Update your payment method on PayPal (Manage on PayPal): PayPal tries the payment again, and Premium comes back once it goes through. Or cancel the subscription.',
      access: false,
      offer: null,
    };
  }
  const ended = premiumEndedOn(profile, now);
  if (!ended) return {...base, kind: 'none', label: 'Inactive', tone: 'muted', text: 'You are on the Free plan.', access: false, offer: 'upgrade'};
  return {...base, kind: 'lapsed', label: 'Expired', tone: 'muted', text: `Your Premium subscription ended on ${formatLocalDate(ended)}.`, access: false, offer: 'subscribe-again'};
}

/** A row of the learner's history; the subscription it is about lets subscriptionHeadline read the current one's. */
export type Transaction = Pick<Tables<'subscription_transactions'>, 'id' | 'transaction_type' | 'amount' | 'currency' | 'status' | 'created_at'> & {
  paypal_subscription_id?: string | null;
};

export async function fetchTransactions(client: DatabaseClient, userId: string): Promise<Result<Transaction[]>> {
  const {data, error} = await client
    .from('subscription_transactions')
    .select('id, transaction_type, amount, currency, status, created_at, paypal_subscription_id')
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
