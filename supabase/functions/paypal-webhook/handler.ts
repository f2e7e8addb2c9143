// PayPal webhooks (verify_jwt = false: PayPal sends no Supabase token). Fails closed: the
// signature is checked with PayPal's verify-webhook-signature postback before anything is read
// or written; each event id is recorded once and applied in the same database transaction.
import {errorResponse, jsonResponse} from '../_shared/http.ts';
import {guarded} from '../_shared/guard.ts';
import {PayPalClient, PayPalError, paypalConfig} from '../_shared/paypal.ts';
import {VerificationError, activate, loadPending, verifySubscription} from '../_shared/subscription.ts';
import {serviceClient} from '../_shared/supabase.ts';

const SIGNATURE_HEADERS = ['paypal-transmission-id', 'paypal-transmission-time', 'paypal-transmission-sig', 'paypal-cert-url', 'paypal-auth-algo'];

interface WebhookEvent {
  id: string;
  event_type: string;
  resource?: {id?: string};
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
  let rejected: string | null = null;
  if (event.event_type === 'BILLING.SUBSCRIPTION.ACTIVATED' && event.resource?.id) {
    // Activation is decided from PayPal's own copy of the subscription, checked like confirm does.
    const pending = await loadPending(admin, event.resource.id);
    if (pending && !pending.activated_at) {
      try {
        const subscription = await paypal.getSubscription(event.resource.id);
        await verifySubscription(paypal, subscription, pending);
        await activate(admin, subscription);
      } catch (error) {
        if (!(error instanceof VerificationError || (error instanceof PayPalError && error.status === 404))) throw error;
        rejected = error.message;
        console.error(`[paypal-webhook] not activating ${event.resource.id}: ${error.message}`);
      }
    }
  }
  const {data, error} = await admin.rpc('apply_paypal_event', {p_event: event});
  if (error) throw new Error(error.message);
  if (rejected && data !== 'duplicate') {
    // Acknowledged (PayPal would retry a refusal for days) but kept visible for the operator.
    await admin.from('paypal_webhook_events').update({outcome: `rejected: ${rejected}`.slice(0, 200)}).eq('event_id', event.id);
    return jsonResponse({received: true, outcome: 'rejected'});
  }
  return jsonResponse({received: true, outcome: data});
});
