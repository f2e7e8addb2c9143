// POST {subscriptionId?, reason?} (signed in): cancels one of the caller's PayPal subscriptions
// (default: the one on their profile; any other they have paid for by id). The profile shows
// 'cancelled' with access until the end date; one 'cancellation' transaction is recorded.
// The current subscription, while its paid year runs, is suspended at PayPal rather than
// cancelled, so resume-subscription can activate it until the end date (migration
// 20261126000800; Postgres decides which one that is, begin_hold in 20261127000000); any other is
// cancelled for good.
import {errorResponse, jsonResponse, readJsonObject} from '../_shared/http.ts';
import {verifyCaller} from '../_shared/auth.ts';
import {guarded} from '../_shared/guard.ts';
import {PayPalClient, paypalConfig} from '../_shared/paypal.ts';
import {cancelEverywhere, holdAtPayPal} from '../_shared/subscription.ts';
import {DatabaseError, serviceClient} from '../_shared/supabase.ts';
import {SITE_TITLE} from '../../../shared/site.ts';

const LIVE = ['ACTIVE', 'SUSPENDED'];

export default guarded('cancel-subscription', ['POST'], async (request, env) => {
  const user = await verifyCaller(request, env);
  const admin = serviceClient(env);
  const body = await readJsonObject(request);
  if (body instanceof Response) return body;
  if (body.reason !== undefined && (typeof body.reason !== 'string' || body.reason.trim().length > 128)) {
    return errorResponse('reason must be a text of at most 128 characters', 400);
  }
  const requested = body.subscriptionId ?? null;
  if (requested !== null && (typeof requested !== 'string' || !/^I-[A-Za-z0-9]{1,50}$/.test(requested))) {
    return errorResponse('subscriptionId must be a PayPal subscription id (I-…)', 400);
  }
  const reason = (body.reason as string | undefined)?.trim() || `Cancelled by the subscriber on ${SITE_TITLE}`;
  const config = paypalConfig(env);

  const {data: profile, error} = await admin
    .from('profiles')
    .select('subscription_end_date, paypal_subscription_id')
    .eq('id', user.id)
    .maybeSingle();
  if (error) throw new DatabaseError('reading the profile', error);
  const id = (requested as string | null) ?? profile?.paypal_subscription_id ?? null;
  if (!profile || !id) return errorResponse('You have no active subscription to cancel', 409);
  const {data: subscription, error: subscriptionError} = await admin
    .from('pending_subscriptions')
    .select('paypal_status, activated_at, held_at')
    .eq('paypal_subscription_id', id)
    .eq('user_id', user.id)
    .maybeSingle();
  if (subscriptionError) throw new DatabaseError('reading the subscription', subscriptionError);
  if (!subscription?.activated_at) return errorResponse(requested ? 'Subscription not found' : 'You have no active subscription to cancel', requested ? 404 : 409);
  // A held one (cancelled, resumable until its end date) is already cancelled as far as the learner is concerned.
  if (!LIVE.includes(subscription.paypal_status) || subscription.held_at) return errorResponse('This subscription is already cancelled or has ended', 409);

  const paypal = new PayPalClient(config);
  const current = id === profile.paypal_subscription_id;
  const held = current && (await holdAtPayPal(admin, paypal, id, user.id, reason));
  if (!held && !(await cancelEverywhere(admin, paypal, id, reason))) return errorResponse('PayPal could not cancel this subscription in its current state', 409);
  return jsonResponse({status: 'cancelled', subscriptionId: id, accessUntil: current ? profile.subscription_end_date : null});
});
