// POST {subscriptionId} (signed in), on return from PayPal. Fetches the subscription from PayPal,
// checks status, custom_id, plan and amount against what create-subscription recorded, then
// activates the profile and records the transaction in one SQL call. Idempotent, so a learner
// told to retry (503: the database or PayPal failed, nothing was written) can simply retry.
import {errorResponse, jsonResponse, readJsonObject} from '../_shared/http.ts';
import {verifyCaller} from '../_shared/auth.ts';
import {guarded} from '../_shared/guard.ts';
import {PayPalClient, PayPalError, paypalConfig} from '../_shared/paypal.ts';
import {activate, cancelOthers, loadPending, verifySubscription} from '../_shared/subscription.ts';
import {DatabaseError, serviceClient} from '../_shared/supabase.ts';

export default guarded('confirm-subscription', ['POST'], async (request, env) => {
  const user = await verifyCaller(request, env);
  const admin = serviceClient(env);
  const body = await readJsonObject(request);
  if (body instanceof Response) return body;
  const id = body.subscriptionId ?? body.subscription_id;
  if (typeof id !== 'string' || !/^I-[A-Za-z0-9]{1,50}$/.test(id)) return errorResponse('subscriptionId must be a PayPal subscription id (I-…)', 400);
  const config = paypalConfig(env);
  const pending = await loadPending(admin, id);
  if (!pending || pending.user_id !== user.id) return errorResponse('Subscription not found', 404);
  if (pending.activated_at) {
    // Already activated (an earlier confirm or the webhook): answer as before, whatever PayPal
    // says now (a duplicate may since have been cancelled there).
    const {data: profile, error} = await admin.from('profiles').select('*').eq('id', user.id).single();
    if (error) throw new DatabaseError('reading the profile', error);
    return jsonResponse({status: 'active', subscriptionId: id, profile});
  }

  const paypal = new PayPalClient(config);
  let subscription;
  try {
    subscription = await paypal.getSubscription(id);
  } catch (error) {
    if (error instanceof PayPalError && error.status === 404) return errorResponse('Subscription not found at PayPal', 404);
    throw error;
  }
  await verifySubscription(paypal, subscription, pending);
  const activation = await activate(admin, subscription);
  await cancelOthers(admin, paypal, activation);
  return jsonResponse({status: 'active', subscriptionId: id, profile: activation.profile});
});
