// POST {email, password} (signed in): deletes the caller's own account. GoTrue lets only the
// service role delete users, so this function checks that the request is the account holder's,
// fresh and deliberate (the typed e-mail, the current password, aal2 when a factor is enrolled),
// cancels a running PayPal subscription through cancel-subscription, then deletes the auth user:
// the learner's rows go with it by foreign-key cascade, payment records stay for accounting with
// user_id set to null, and the stored PayPal events lose the payer's personal data.
import {createClient} from '@supabase/supabase-js';
import {errorResponse, jsonResponse, readJsonObject} from '../_shared/http.ts';
import {guarded} from '../_shared/guard.ts';
import {callerUser, deleteAuthUser, serviceClient} from '../_shared/supabase.ts';

/** The `aal` claim of a token getUser has already accepted. */
function aalOf(request: Request): string {
  const token = /^Bearer\s+(.+)$/i.exec(request.headers.get('authorization') ?? '')?.[1]?.trim() ?? '';
  try {
    const payload = JSON.parse(atob((token.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/'))) as {aal?: unknown};
    return typeof payload.aal === 'string' ? payload.aal : 'aal1';
  } catch {
    return 'aal1';
  }
}

export default guarded('delete-account', ['POST'], async (request, env) => {
  const admin = serviceClient(env);
  const user = await callerUser(request, admin);
  if (!user) return errorResponse('Sign in to delete your account', 401);
  const body = await readJsonObject(request);
  if (!body) return errorResponse('The request body must be a JSON object', 400);
  const {email, password} = body;
  if (typeof email !== 'string' || email.trim().toLowerCase() !== (user.email ?? '').toLowerCase()) {
    return errorResponse('Type the e-mail address of your account to confirm', 400);
  }
  if (typeof password !== 'string' || password === '') return errorResponse('Enter your password to confirm', 400);
  const hasFactor = (user.factors ?? []).some((f) => f.status === 'verified');
  if (hasFactor && aalOf(request) !== 'aal2') {
    return errorResponse('Enter the code from your authenticator app first', 403);
  }

  // Re-authentication: the password is checked by the auth service itself, never here.
  const url = env.SUPABASE_URL;
  const anonKey = env.SUPABASE_ANON_KEY;
  if (!url || !anonKey) throw new Error('SUPABASE_URL and SUPABASE_ANON_KEY must be set');
  const probe = createClient(url, anonKey, {auth: {persistSession: false, autoRefreshToken: false, detectSessionInUrl: false}});
  const {error: signInError} = await probe.auth.signInWithPassword({email: user.email ?? '', password});
  if (signInError) {
    if (signInError.status === 429) return errorResponse('Too many attempts; please wait a moment and try again', 429);
    return errorResponse('That password is not correct', 403);
  }

  const {data: profile, error: profileError} = await admin
    .from('profiles')
    .select('subscription_status, paypal_subscription_id')
    .eq('id', user.id)
    .maybeSingle();
  if (profileError) throw new Error(profileError.message);
  if (profile?.paypal_subscription_id && ['active', 'suspended'].includes(profile.subscription_status)) {
    // Billing must stop before the person who could stop it is gone.
    const cancelled = await fetch(`${url}/functions/v1/cancel-subscription`, {
      method: 'POST',
      headers: {
        authorization: request.headers.get('authorization') ?? '',
        apikey: anonKey,
        'content-type': 'application/json',
      },
      body: JSON.stringify({reason: 'Account deleted by the subscriber'}),
    });
    if (!cancelled.ok && cancelled.status !== 409) {
      return errorResponse('Your PayPal subscription could not be cancelled, so your account was not deleted. Please try again.', 502);
    }
  }

  // Collected before the cascade removes them: whose webhook events must lose the payer's data.
  const {data: pending, error: pendingError} = await admin.from('pending_subscriptions').select('paypal_subscription_id').eq('user_id', user.id);
  if (pendingError) throw new Error(pendingError.message);
  const subscriptionIds = [...new Set([...(pending ?? []).map((p) => p.paypal_subscription_id), profile?.paypal_subscription_id].filter((id): id is string => Boolean(id)))];

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
