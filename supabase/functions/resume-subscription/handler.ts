// POST {} (signed in): resumes the caller's cancelled subscription while its paid year runs.
// Cancel suspended it at PayPal (cancel-subscription); Resume activates it there, and PayPal bills
// again at the next_billing_time it always had, the end date the learner already paid up to: no
// charge now, no free day. Postgres decides whether it may be resumed (resumable_subscription)
// before PayPal is asked, and records it (resume_held_subscription: 'active', one 'resumption').
import {errorResponse, jsonResponse, readJsonObject} from '../_shared/http.ts';
import {verifyCaller} from '../_shared/auth.ts';
import {guarded} from '../_shared/guard.ts';
import {PayPalClient, PayPalError, paypalConfig} from '../_shared/paypal.ts';
import {cancelEverywhere} from '../_shared/subscription.ts';
import {DatabaseError, serviceClient} from '../_shared/supabase.ts';
import {SITE_TITLE} from '../../../shared/site.ts';

const NOT_RESUMABLE = 'You have no cancelled subscription that can be resumed. Subscribe again on the pricing page.';

export default guarded('resume-subscription', ['POST'], async (request, env) => {
  const user = await verifyCaller(request, env);
  const admin = serviceClient(env);
  const body = await readJsonObject(request);
  if (body instanceof Response) return body;
  const config = paypalConfig(env);

  const {data: id, error} = await admin.rpc('resumable_subscription', {p_user: user.id});
  if (error) throw new DatabaseError('reading the subscription', error);
  if (!id) return errorResponse(NOT_RESUMABLE, 409);

  const paypal = new PayPalClient(config);
  try {
    await paypal.activateSubscription(id, `Resumed by the subscriber on ${SITE_TITLE}`);
  } catch (error) {
    // PayPal's 422: not suspended there any more (cancelled, expired) or not resumable by us.
    if (error instanceof PayPalError && error.status === 422) return errorResponse('PayPal could not resume this subscription in its current state', 409);
    throw error;
  }
  const {data: resumed, error: resumeError} = await admin.rpc('resume_held_subscription', {p_subscription_id: id});
  if (resumeError) throw new DatabaseError('recording the resumption', resumeError);
  if (!resumed) {
    // The paid year ended (or a dispute opened) between the check and PayPal's answer: PayPal
    // must not bill a subscription this site shows as cancelled, so it is cancelled for good.
    await cancelEverywhere(admin, paypal, id, `Could not be resumed on ${SITE_TITLE}`);
    return errorResponse(NOT_RESUMABLE, 409);
  }
  const {data: profile, error: profileError} = await admin.from('profiles').select('subscription_end_date').eq('id', user.id).maybeSingle();
  if (profileError) throw new DatabaseError('reading the profile', profileError);
  return jsonResponse({status: 'active', subscriptionId: id, renewsOn: profile?.subscription_end_date ?? null});
});
