// POST {email, password} (signed in): deletes the caller's own account. GoTrue lets only the
// service role delete users, so this function checks that the request is the account holder's,
// fresh and deliberate (the typed e-mail, the current password, aal2 when a factor is enrolled),
// cancels at PayPal every subscription the account started (asking PayPal, so a checkout paid
// there but not yet activated here is cancelled too), then deletes the auth user:
// the learner's rows go with it by foreign-key cascade, payment records stay for accounting with
// user_id set to null, and the stored PayPal events lose the payer's personal data.
import {createClient} from '@supabase/supabase-js';
import {verifyCaller} from '../_shared/auth.ts';
import {errorResponse, jsonResponse, readJsonObject} from '../_shared/http.ts';
import {guarded} from '../_shared/guard.ts';
import {PayPalClient, paypalConfig} from '../_shared/paypal.ts';
import {stopAllBilling} from '../_shared/subscription.ts';
import {projectUrl, publishableKey} from '../_shared/keys.ts';
import {SERVER_CLIENT_OPTIONS, currentUser, deleteAuthUser, serviceClient} from '../_shared/supabase.ts';

export default guarded('delete-account', ['POST'], async (request, env) => {
  const caller = await verifyCaller(request, env);
  const admin = serviceClient(env);
  // The live record, not the token's copy: the e-mail and the enrolled factors as they are now.
  const user = await currentUser(admin, caller.id);
  if (!user) return errorResponse('This account no longer exists', 401, 'user_not_found');
  const body = await readJsonObject(request);
  if (body instanceof Response) return body;
  const {email, password} = body;
  if (typeof email !== 'string' || email.trim().toLowerCase() !== (user.email ?? '').toLowerCase()) {
    return errorResponse('Type the e-mail address of your account to confirm', 400);
  }
  if (typeof password !== 'string' || password === '') return errorResponse('Enter your password to confirm', 400);
  const hasFactor = (user.factors ?? []).some((f) => f.status === 'verified');
  if (hasFactor && caller.aal !== 'aal2') {
    return errorResponse('Enter the code from your authenticator app first', 403);
  }

  // Re-authentication: the password is checked by the auth service itself, never here.
  const url = projectUrl(env);
  const apiKey = publishableKey(env);
  const probe = createClient(url, apiKey, SERVER_CLIENT_OPTIONS);
  const {error: signInError} = await probe.auth.signInWithPassword({email: user.email ?? '', password});
  if (signInError) {
    if (signInError.status === 429) return errorResponse('Too many attempts; please wait a moment and try again', 429);
    return errorResponse('That password is not correct', 403);
  }

  const {data: profile, error: profileError} = await admin.from('profiles').select('paypal_subscription_id').eq('id', user.id).maybeSingle();
  if (profileError) throw new Error(profileError.message);
  // Every subscription this account started, whatever this database thinks of it (a checkout
  // paid at PayPal may not be activated here yet); collected before the cascade removes them.
  const {data: pending, error: pendingError} = await admin.from('pending_subscriptions').select('paypal_subscription_id, paypal_status').eq('user_id', user.id);
  if (pendingError) throw new Error(pendingError.message);
  const subscriptionIds = [...new Set([...(pending ?? []).map((p) => p.paypal_subscription_id), profile?.paypal_subscription_id].filter((id): id is string => Boolean(id)))];
  const ended = new Set((pending ?? []).filter((p) => ['CANCELLED', 'EXPIRED'].includes(p.paypal_status)).map((p) => p.paypal_subscription_id));

  // Billing must stop before the person who could stop it is gone.
  const unstopped = await stopAllBilling(
    admin,
    new PayPalClient(paypalConfig(env)),
    subscriptionIds.filter((id) => !ended.has(id)),
    'Account deleted by the subscriber',
  );
  if (unstopped.length > 0) {
    console.error(`[delete-account] user ${user.id} not deleted: PayPal subscriptions ${unstopped.join(', ')} could not be cancelled`);
    return errorResponse('Your PayPal subscription could not be cancelled, so your account was not deleted. Please try again.', 502);
  }

  const deleteError = await deleteAuthUser(admin, user.id);
  if (deleteError) {
    console.error(`[delete-account] user ${user.id} not deleted: ${deleteError.message}`);
    return errorResponse('Your account could not be deleted just now. Please try again in a moment.', 503);
  }
  // Events stored from now on are stripped on insert (no owner left); this covers the earlier ones.
  const {error: forgetError} = await admin.rpc('forget_payer_data', {p_subscription_ids: subscriptionIds});
  if (forgetError) console.error(`[delete-account] payer data of ${subscriptionIds.join(', ')} not stripped: ${forgetError.message}`);
  return jsonResponse({deleted: true});
});
