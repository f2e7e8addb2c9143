// Checks a PayPal subscription against what the server recorded when it created it, then
// activates the profile. Used by confirm-subscription and by the ACTIVATED webhook.
import type {SupabaseClient} from '@supabase/supabase-js';
import {PayPalClient, regularPrice, type PayPalSubscription} from './paypal.ts';
import {formatAmount} from './plan.ts';

export interface PendingSubscription {
  paypal_subscription_id: string;
  user_id: string;
  plan: string;
  paypal_plan_id: string;
  amount: number | string;
  currency: string;
  discount_code: string | null;
  activated_at: string | null;
}

export class VerificationError extends Error {
  constructor(
    message: string,
    readonly status = 409,
  ) {
    super(message);
  }
}

export async function loadPending(admin: SupabaseClient, subscriptionId: string): Promise<PendingSubscription | null> {
  const {data, error} = await admin.from('pending_subscriptions').select('*').eq('paypal_subscription_id', subscriptionId).maybeSingle();
  if (error) throw new Error(error.message);
  return data as PendingSubscription | null;
}

/** Throws VerificationError unless PayPal's subscription is exactly the one the server created. */
export async function verifySubscription(client: PayPalClient, sub: PayPalSubscription, pending: PendingSubscription): Promise<void> {
  if (sub.id !== pending.paypal_subscription_id) throw new VerificationError('The PayPal subscription does not match');
  if (sub.custom_id !== pending.user_id) throw new VerificationError('The PayPal subscription belongs to another account');
  if (sub.plan_id !== pending.paypal_plan_id) throw new VerificationError('The PayPal subscription is for a different plan');
  const expected = formatAmount(Number(pending.amount));
  const price = await regularPrice(client, sub);
  if (!price || formatAmount(Number(price.value)) !== expected || price.currency_code !== pending.currency) {
    throw new VerificationError('The PayPal subscription amount does not match the price');
  }
  const paid = sub.billing_info?.last_payment?.amount;
  if (paid && (formatAmount(Number(paid.value)) !== expected || paid.currency_code !== pending.currency)) {
    throw new VerificationError('The PayPal payment amount does not match the price');
  }
  if (sub.status !== 'ACTIVE') {
    throw new VerificationError(
      sub.status === 'APPROVAL_PENDING' || sub.status === 'APPROVED'
        ? 'The PayPal subscription has not been approved yet'
        : `The PayPal subscription is ${sub.status.toLowerCase()}`,
    );
  }
}

function addYear(iso: string): string {
  const d = new Date(iso);
  d.setUTCFullYear(d.getUTCFullYear() + 1);
  return d.toISOString();
}

/** Activates the profile (idempotent) and returns it. */
export async function activate(admin: SupabaseClient, sub: PayPalSubscription): Promise<Record<string, unknown>> {
  const start = sub.start_time ?? new Date().toISOString();
  const end = sub.billing_info?.next_billing_time ?? addYear(start);
  const {data, error} = await admin.rpc('activate_subscription', {p_subscription_id: sub.id, p_start: start, p_end: end});
  if (error) throw new VerificationError(error.message, error.code === 'P0001' ? 409 : 500);
  return data as Record<string, unknown>;
}
