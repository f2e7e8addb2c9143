// Subscription view and transaction history, derived from the profile's subscription columns and
// public.subscription_transactions (RLS: the owner reads their own rows).
import type {Profile, Result, SubscriptionStatus} from './profile';
import type {Tables} from './database.types';
import type {DatabaseClient} from './supabase';

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
  return Number.isNaN(date.getTime()) ? '—' : date.toLocaleDateString();
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
