// POST {reason?} (signed in): cancels the caller's subscription at PayPal. The profile shows
// 'cancelled' with access until the end date; one 'cancellation' transaction is recorded.
import {errorResponse, jsonResponse, readJsonObject} from '../_shared/http.ts';
import {guarded} from '../_shared/guard.ts';
import {PayPalClient, PayPalError, paypalConfig} from '../_shared/paypal.ts';
import {callerUser, serviceClient} from '../_shared/supabase.ts';

export default guarded('cancel-subscription', ['POST'], async (request, env) => {
  const admin = serviceClient(env);
  const user = await callerUser(request, admin);
  if (!user) return errorResponse('Sign in to manage your subscription', 401);
  const body = await readJsonObject(request);
  if (!body) return errorResponse('The request body must be a JSON object', 400);
  if (body.reason !== undefined && (typeof body.reason !== 'string' || body.reason.trim().length > 128)) {
    return errorResponse('reason must be a text of at most 128 characters', 400);
  }
  const reason = (body.reason as string | undefined)?.trim() || 'Cancelled by the subscriber on Research Methods Academy';
  const config = paypalConfig(env);

  const {data: profile, error} = await admin
    .from('profiles')
    .select('subscription_status, subscription_end_date, paypal_subscription_id')
    .eq('id', user.id)
    .maybeSingle();
  if (error) throw new Error(error.message);
  const id = profile?.paypal_subscription_id as string | null | undefined;
  if (!profile || !id || !['active', 'suspended'].includes(profile.subscription_status as string)) {
    return errorResponse('You have no active subscription to cancel', 409);
  }

  const paypal = new PayPalClient(config);
  try {
    await paypal.cancelSubscription(id, reason);
  } catch (cancelError) {
    // Already cancelled at PayPal (e.g. from PayPal's own autopay page): record it here too.
    if (!(cancelError instanceof PayPalError && cancelError.status === 422)) throw cancelError;
    const current = await paypal.getSubscription(id);
    if (current.status !== 'CANCELLED') return errorResponse(`The PayPal subscription is ${current.status.toLowerCase()}`, 409);
  }
  const {error: markError} = await admin.rpc('mark_subscription_cancelled', {p_subscription_id: id});
  if (markError) throw new Error(markError.message);
  return jsonResponse({status: 'cancelled', subscriptionId: id, accessUntil: profile.subscription_end_date});
});
