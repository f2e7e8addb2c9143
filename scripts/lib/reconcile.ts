// `npm run admin -- reconcile`: asks PayPal (or the simulator) about every subscription the
// server created and repairs what lost webhooks or failed requests left behind: a paid
// subscription never activated, a cancellation, suspension, reactivation or expiry not applied,
// a renewal not reflected in the end date, a second live subscription still billing, a
// subscription the learner cancelled (suspended, resumable) whose paid year is over. Each repair
// is the same idempotent SQL the functions use, so a second run changes nothing.
import {SQL_NULL, type ServiceClient} from '../../supabase/functions/_shared/supabase';
import {PayPalClient, PayPalError} from '../../supabase/functions/_shared/paypal';
import {VerificationError, activate, cancelEverywhere, cancelOthers, verifySubscription, type PendingSubscription} from '../../supabase/functions/_shared/subscription';
import {SITE_TITLE} from '../../shared/site';

export interface ReconcileReport {
  checked: number;
  /** One line per subscription that changed or needs the operator. */
  lines: string[];
}

async function pendingRows(admin: ServiceClient, userId: string | null): Promise<PendingSubscription[]> {
  let query = admin.from('pending_subscriptions').select('*').order('created_at');
  if (userId) query = query.eq('user_id', userId);
  const {data, error} = await query;
  if (error) throw new Error(`reading subscriptions failed: ${error.message}`);
  return data;
}

/** Brings one subscription in line with PayPal; returns what changed. */
async function reconcileOne(admin: ServiceClient, paypal: PayPalClient, pending: PendingSubscription): Promise<string[]> {
  let sub;
  try {
    sub = await paypal.getSubscription(pending.paypal_subscription_id);
  } catch (error) {
    if (error instanceof PayPalError && error.status === 404) return pending.activated_at ? ['not found at PayPal (left as is)'] : [];
    throw error;
  }
  const changes: string[] = [];
  if (!pending.activated_at) {
    // Only a paid, running subscription is activated; an abandoned checkout stays pending.
    if (sub.status !== 'ACTIVE') return [];
    try {
      await verifySubscription(paypal, sub, pending);
    } catch (error) {
      if (error instanceof VerificationError) return [`not activated: ${error.message}`];
      throw error;
    }
    const activation = await activate(admin, sub);
    changes.push('activated (paid at PayPal, never applied here)');
    for (const id of activation.cancelAtPayPal) changes.push(`cancelled the second live subscription ${id} at PayPal`);
    await cancelOthers(admin, paypal, activation);
    return changes;
  }
  const {data, error} = await admin.rpc('reconcile_subscription', {
    p_subscription_id: pending.paypal_subscription_id,
    p_paypal_status: sub.status,
    p_next_billing: sub.billing_info?.next_billing_time ?? SQL_NULL,
  });
  if (error) throw new Error(`reconciling ${pending.paypal_subscription_id} failed: ${error.message}`);
  return data;
}

export async function reconcile(admin: ServiceClient, paypal: PayPalClient, userId: string | null): Promise<ReconcileReport> {
  const rows = await pendingRows(admin, userId);
  const lines: string[] = [];
  const users = new Set<string>();
  for (const pending of rows) {
    users.add(pending.user_id);
    const changes = await reconcileOne(admin, paypal, pending);
    if (changes.length > 0) lines.push(`${pending.paypal_subscription_id} (user ${pending.user_id}): ${changes.join('; ')}`);
  }
  // Only the profile's current subscription may bill: any other still live is cancelled.
  for (const user of users) {
    const {data, error} = await admin.rpc('subscriptions_to_cancel', {p_user_id: user});
    if (error) throw new Error(`listing live subscriptions failed: ${error.message}`);
    for (const id of data) {
      const done = await cancelEverywhere(admin, paypal, id, `Replaced by another ${SITE_TITLE} subscription`);
      lines.push(`${id} (user ${user}): ${done ? 'cancelled at PayPal (a second live subscription)' : 'a second live subscription PayPal would not cancel: check it by hand'}`);
    }
  }
  // A subscription cancelled by suspending it (resumable until its end date) is cancelled at
  // PayPal for good once that date has passed (migration 20261126000800).
  const {data: ended, error: endedError} = await admin.rpc('held_subscriptions_ended');
  if (endedError) throw new Error(`listing held subscriptions failed: ${endedError.message}`);
  const checkedIds = new Set(rows.map((row) => row.paypal_subscription_id));
  for (const id of ended.filter((held) => checkedIds.has(held))) {
    const done = await cancelEverywhere(admin, paypal, id, `Cancelled on ${SITE_TITLE}; the paid year has ended`);
    lines.push(`${id}: ${done ? 'cancelled at PayPal (cancelled by the subscriber, paid year over)' : 'a held subscription PayPal would not cancel: check it by hand'}`);
  }
  return {checked: rows.length, lines};
}
