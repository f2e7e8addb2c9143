// PayPal webhooks (verify_jwt = false: PayPal sends no Supabase token). Fails closed: the
// signature is checked with PayPal's verify-webhook-signature postback before anything is read
// or written; each event id is recorded once and applied in the same database transaction.
// Answers: 2xx for an applied, duplicate or verifiably refused event (PayPal stops resending);
// 5xx when the database or PayPal failed (nothing recorded, so PayPal's retry applies it).
import {errorResponse, jsonResponse} from '../_shared/http.ts';
import {guarded} from '../_shared/guard.ts';
import {PayPalClient, PayPalError, paypalConfig} from '../_shared/paypal.ts';
import {VerificationError, activate, cancelEverywhere, cancelOthers, loadPending, verifySubscription} from '../_shared/subscription.ts';
import {DatabaseError, serviceClient, type ServiceClient} from '../_shared/supabase.ts';
import {SITE_TITLE} from '../../../shared/site.ts';

const SIGNATURE_HEADERS = ['paypal-transmission-id', 'paypal-transmission-time', 'paypal-transmission-sig', 'paypal-cert-url', 'paypal-auth-algo'];

// A type, not an interface: it is passed on as the function's jsonb argument (Json).
type WebhookEvent = {
  id: string;
  event_type: string;
  resource?: {id?: string; billing_agreement_id?: string};
};

/** The subscription an activation or a payment event is about (a sale names it as its billing agreement). */
function billedSubscription(event: WebhookEvent): string | null {
  if (event.event_type === 'BILLING.SUBSCRIPTION.ACTIVATED') return event.resource?.id ?? null;
  if (event.event_type === 'PAYMENT.SALE.COMPLETED') return event.resource?.billing_agreement_id ?? null;
  return null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A subscription of ours that bills after its account was deleted (a checkout approved from a tab
 * left open: its record went with the account): nobody can use what it pays for, so it is
 * cancelled before it bills again.
 */
async function cancelOrphan(admin: ServiceClient, paypal: PayPalClient, id: string): Promise<void> {
  let subscription;
  try {
    subscription = await paypal.getSubscription(id);
  } catch (error) {
    if (error instanceof PayPalError && error.status === 404) return;
    throw error;
  }
  const owner = subscription.custom_id ?? '';
  if (subscription.plan_id !== paypal.config.planId || !UUID.test(owner) || !['ACTIVE', 'SUSPENDED'].includes(subscription.status)) return;
  const {data, error} = await admin.auth.admin.getUserById(owner);
  if (data?.user) return;
  if (error && error.status !== 404) throw new DatabaseError('looking up the subscriber', {message: error.message, code: String(error.status ?? '')});
  console.error(`[paypal-webhook] cancelling ${id}: approved after its account was deleted`);
  await paypal.cancelSubscription(id, `The ${SITE_TITLE} account was deleted`);
}

/**
 * Activation is decided from PayPal's own copy of the subscription, checked like confirm does.
 * Returns the refusal text when PayPal's subscription does not match what was recorded.
 */
async function activateFromWebhook(admin: ServiceClient, paypal: PayPalClient, id: string): Promise<string | null> {
  const pending = await loadPending(admin, id);
  if (!pending || pending.activated_at) return null;
  let subscription;
  try {
    subscription = await paypal.getSubscription(id);
    await verifySubscription(paypal, subscription, pending);
  } catch (error) {
    if (!(error instanceof VerificationError || (error instanceof PayPalError && error.status === 404))) throw error;
    console.error(`[paypal-webhook] not activating ${id}: ${error.message}`);
    return error.message;
  }
  await cancelOthers(admin, paypal, await activate(admin, subscription));
  return null;
}

export default guarded('paypal-webhook', ['POST'], async (request, env) => {
  const raw = await request.text();
  if (SIGNATURE_HEADERS.some((h) => !request.headers.get(h))) return errorResponse('Missing PayPal signature headers', 400);
  if (request.headers.get('paypal-auth-algo') !== 'SHA256withRSA') return errorResponse('Unsupported signature algorithm', 400);
  let event: WebhookEvent;
  try {
    event = JSON.parse(raw) as WebhookEvent;
  } catch {
    return errorResponse('The body is not JSON', 400);
  }
  if (!event || typeof event.id !== 'string' || typeof event.event_type !== 'string') return errorResponse('Not a PayPal webhook event', 400);

  const config = paypalConfig(env);
  const paypal = new PayPalClient(config);
  let verified: boolean;
  try {
    verified = await paypal.verifyWebhookSignature(request.headers, raw);
  } catch (error) {
    console.error('[paypal-webhook] signature verification unavailable', error);
    return errorResponse('Webhook signature could not be verified', 503);
  }
  if (!verified) return errorResponse('Invalid webhook signature', 401);

  const admin = serviceClient(env);
  const rejected =
    event.event_type === 'BILLING.SUBSCRIPTION.ACTIVATED' && event.resource?.id ? await activateFromWebhook(admin, paypal, event.resource.id) : null;
  const {data, error} = await admin.rpc('apply_paypal_event', {p_event: event});
  if (error) throw new DatabaseError('applying the event', error);
  if (rejected && data !== 'duplicate') {
    // Acknowledged (PayPal would resend a refusal for days) but kept visible for the operator.
    const {error: noteError} = await admin
      .from('paypal_webhook_events')
      .update({outcome: `rejected: ${rejected}`.slice(0, 200)})
      .eq('event_id', event.id);
    if (noteError) throw new DatabaseError('noting the refusal', noteError);
    return jsonResponse({received: true, outcome: 'rejected'});
  }
  // A refund, reversal or lost dispute of the current year ended access: the subscription must not bill again.
  // Checked on a resent event too, so a cancel that failed the first time is retried.
  const {data: recorded, error: readError} = await admin
    .from('paypal_webhook_events')
    .select('outcome, resource_id')
    .eq('event_id', event.id)
    .maybeSingle();
  if (readError) throw new DatabaseError('reading the event', readError);
  // Billing for no account: stopped, on a resent event too (the outcome stays 'ignored').
  const billed = billedSubscription(event);
  if (recorded?.outcome === 'ignored' && billed && !(await loadPending(admin, billed))) await cancelOrphan(admin, paypal, billed);
  if (recorded?.outcome === 'access_ended' && recorded.resource_id) {
    const pending = await loadPending(admin, recorded.resource_id);
    if (pending && ['ACTIVE', 'SUSPENDED'].includes(pending.paypal_status)) {
      await cancelEverywhere(admin, paypal, pending.paypal_subscription_id, 'The payment for the current year was refunded, reversed or lost in a dispute');
    }
  }
  return jsonResponse({received: true, outcome: data});
});
