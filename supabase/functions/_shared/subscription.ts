// Checks a PayPal subscription against what the server recorded when it created it, then
// activates the profile. Used by confirm-subscription, the ACTIVATED webhook and reconcile.
// Only a verified mismatch is a VerificationError (a refusal); a database failure is a
// DatabaseError, so the caller answers 5xx and the learner or PayPal retries.
import type {Json, Tables} from '../../../shared/database.types.ts';
import {PayPalClient, PayPalError, regularPrice, type PayPalSubscription} from './paypal.ts';
import {formatAmount} from '../../../shared/plan.ts';
import {DatabaseError, type ServiceClient} from './supabase.ts';
import {SITE_TITLE} from '../../../shared/site.ts';

/** The checkout the server recorded when it created the PayPal subscription. */
export type PendingSubscription = Tables<'pending_subscriptions'>;

export class VerificationError extends Error {
  constructor(
    message: string,
    readonly status = 409,
  ) {
    super(message);
  }
}

export async function loadPending(admin: ServiceClient, subscriptionId: string): Promise<PendingSubscription | null> {
  const {data, error} = await admin.from('pending_subscriptions').select('*').eq('paypal_subscription_id', subscriptionId).maybeSingle();
  if (error) throw new DatabaseError('reading the checkout', error);
  return data;
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

function isObject(value: Json | undefined): value is {[key: string]: Json | undefined} {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function addYear(iso: string): string {
  const d = new Date(iso);
  d.setUTCFullYear(d.getUTCFullYear() + 1);
  return d.toISOString();
}

export interface Activation {
  profile: Record<string, unknown>;
  /** The learner's other live subscriptions, cancelled at PayPal by `cancelAtPayPal`. */
  cancelAtPayPal: string[];
}

/** Activates the profile for a paid, verified subscription (idempotent). */
export async function activate(admin: ServiceClient, sub: PayPalSubscription): Promise<Activation> {
  const start = sub.start_time ?? new Date().toISOString();
  const end = sub.billing_info?.next_billing_time ?? addYear(start);
  const {data, error} = await admin.rpc('activate_paid_subscription', {p_subscription_id: sub.id, p_start: start, p_end: end});
  if (error) throw new DatabaseError('activating the subscription', error);
  // activate_paid_subscription answers {profile, cancel_at_paypal} as jsonb.
  const result = isObject(data) ? data : {};
  const cancel = Array.isArray(result.cancel_at_paypal) ? result.cancel_at_paypal : [];
  return {
    profile: isObject(result.profile) ? result.profile : {},
    cancelAtPayPal: cancel.filter((id): id is string => typeof id === 'string'),
  };
}

/**
 * Cancels a subscription at PayPal and records it here. A subscription PayPal already shows as
 * cancelled (422) is recorded too; one in another state is left for the operator (returns false).
 */
export async function cancelEverywhere(admin: ServiceClient, paypal: PayPalClient, id: string, reason: string): Promise<boolean> {
  try {
    await paypal.cancelSubscription(id, reason);
  } catch (error) {
    if (!(error instanceof PayPalError && error.status === 422)) throw error;
    const current = await paypal.getSubscription(id);
    if (current.status !== 'CANCELLED') return false;
  }
  const {error} = await admin.rpc('mark_subscription_cancelled', {p_subscription_id: id});
  if (error) throw new DatabaseError('recording the cancellation', error);
  return true;
}

/**
 * Cancel while the paid year runs: suspends the subscription at PayPal (so it can be resumed until
 * the end date) and holds it here. Postgres first decides that it is the learner's current, running
 * subscription and notes the hold (begin_hold), so its SUSPENDED webhook, should it arrive before
 * hold_subscription, holds it too. False when it may not be held or PayPal would not suspend it; the
 * caller then cancels it for good.
 */
export async function holdAtPayPal(admin: ServiceClient, paypal: PayPalClient, id: string, userId: string, reason: string): Promise<boolean> {
  const {data: mayHold, error: beginError} = await admin.rpc('begin_hold', {p_subscription_id: id, p_user: userId});
  if (beginError) throw new DatabaseError('noting the cancellation', beginError);
  if (!mayHold) return false;
  try {
    await paypal.suspendSubscription(id, reason);
  } catch (error) {
    if (!(error instanceof PayPalError && error.status === 422)) throw error;
    const {error: dropError} = await admin.from('pending_subscriptions').update({hold_requested_at: null}).eq('paypal_subscription_id', id);
    if (dropError) throw new DatabaseError('dropping the cancellation note', dropError);
    return false;
  }
  const {data, error} = await admin.rpc('hold_subscription', {p_subscription_id: id});
  if (error) throw new DatabaseError('recording the cancellation', error);
  return data;
}

/** After an activation: cancels the learner's other live subscriptions so only one bills. */
export async function cancelOthers(admin: ServiceClient, paypal: PayPalClient, activation: Activation): Promise<void> {
  for (const id of activation.cancelAtPayPal) {
    await cancelEverywhere(admin, paypal, id, `Replaced by another ${SITE_TITLE} subscription`);
  }
}

/** A failure worth trying again: PayPal unreachable (status 0), rate-limited or failing on its side. */
function isTransient(error: unknown): boolean {
  return error instanceof PayPalError && (error.status === 0 || error.status === 429 || error.status >= 500);
}

const BILLING = ['ACTIVE', 'SUSPENDED'];

/**
 * Makes sure none of these subscriptions bills again, asking PayPal itself (a checkout paid there
 * may not be activated here yet): each live one is cancelled, transient failures are retried.
 * Returns the ids that could not be stopped; one that is still awaiting approval (PayPal cannot
 * cancel it) counts as stopped, since the webhook cancels a subscription whose account is gone.
 */
export async function stopAllBilling(
  admin: ServiceClient,
  paypal: PayPalClient,
  ids: string[],
  reason: string,
  {attempts = 3, pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))}: {attempts?: number; pause?: (ms: number) => Promise<void>} = {},
): Promise<string[]> {
  const failed: string[] = [];
  for (const id of ids) {
    let stopped = false;
    for (let attempt = 1; attempt <= attempts && !stopped; attempt++) {
      try {
        const current = await paypal.getSubscription(id);
        if (current.status === 'APPROVED') throw new PayPalError(503, 'PayPal is activating the subscription');
        stopped = !BILLING.includes(current.status) || (await cancelEverywhere(admin, paypal, id, reason));
      } catch (error) {
        if (error instanceof PayPalError && error.status === 404) stopped = true;
        else if (!isTransient(error)) throw error;
        else if (attempt < attempts) await pause(250 * attempt);
      }
    }
    if (!stopped) failed.push(id);
  }
  return failed;
}
