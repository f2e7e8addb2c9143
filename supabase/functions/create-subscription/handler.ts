// POST {discountCode?, requestId?} (signed in) → {subscriptionId, approvalUrl, amount, currency, percentOff}.
// The price is decided here from the plan and the discount code; the browser only follows the
// approval link. The checkout holds one use of the code until it is paid (the use then counts),
// released by the learner's Cancel on PayPal, by a newer checkout of theirs, or after checkout_hold()
// (15 minutes from the learner's first checkout with that code that day, so it cannot be renewed).
import {errorResponse, jsonResponse, readJsonObject} from '../_shared/http.ts';
import {verifyCaller} from '../_shared/auth.ts';
import {guarded} from '../_shared/guard.ts';
import {PayPalClient, paypalConfig} from '../_shared/paypal.ts';
import {PREMIUM_PLAN, discountedPrice, formatAmount} from '../../../shared/plan.ts';
import {DatabaseError, SQL_NULL, serviceClient} from '../_shared/supabase.ts';
import {SITE_TITLE} from '../../../shared/site.ts';

/** The caller's address as the API gateway appended it (the last X-Forwarded-For entry), if any. */
function clientAddress(request: Request): string | null {
  const entries = (request.headers.get('x-forwarded-for') ?? '').split(',');
  return entries[entries.length - 1]?.trim() || null;
}

export default guarded('create-subscription', ['POST'], async (request, env) => {
  const user = await verifyCaller(request, env);
  const admin = serviceClient(env);
  const body = await readJsonObject(request);
  if (body instanceof Response) return body;
  const rawCode = body.discountCode ?? body.discount_code ?? null;
  if (rawCode !== null && typeof rawCode !== 'string') return errorResponse('discountCode must be a string', 400);
  const code = rawCode?.trim().toUpperCase() || null;
  if (code !== null && code.length > 40) return errorResponse('Unknown discount code', 400);
  const requestKey = body.requestId ?? null;
  if (requestKey !== null && (typeof requestKey !== 'string' || !/^[A-Za-z0-9-]{8,64}$/.test(requestKey))) {
    return errorResponse('requestId must be 8 to 64 letters, digits or dashes', 400);
  }
  const config = paypalConfig(env);

  const {data: profile, error: profileError} = await admin
    .from('profiles')
    .select('subscription_status, subscription_end_date')
    .eq('id', user.id)
    .maybeSingle();
  if (profileError) throw new DatabaseError('reading the profile', profileError);
  if (!profile) return errorResponse('Profile not found', 404);
  if (profile.subscription_status === 'active' && profile.subscription_end_date && new Date(profile.subscription_end_date) > new Date()) {
    return errorResponse('You already have an active Premium subscription', 409);
  }

  let percentOff: number | null = null;
  if (code) {
    // The same attempt limiter as check_discount_code: otherwise this answer is a free oracle.
    const {error: limitError} = await admin.rpc('take_discount_code_attempt', {p_user: user.id, p_address: clientAddress(request) ?? SQL_NULL});
    if (limitError?.code === 'PT429') return errorResponse(limitError.message, 429);
    if (limitError) throw new DatabaseError('counting the discount code attempt', limitError);
    const {data: problem, error} = await admin.rpc('discount_code_problem', {p_code: code, p_for_user: user.id});
    if (error) throw new DatabaseError('checking the discount code', error);
    if (problem) return errorResponse(problem, 400);
    const {data: found, error: readError} = await admin.from('discount_codes').select('percent_off').eq('code', code).single();
    if (readError) throw new DatabaseError('reading the discount code', readError);
    percentOff = found.percent_off;
  }
  const amount = discountedPrice(percentOff);
  if (amount <= 0) return errorResponse('This discount code cannot be used for a PayPal subscription', 400);

  const siteUrl = (env.SITE_URL ?? 'http://localhost:3000').replace(/\/+$/, '');
  const paypal = new PayPalClient(config);
  const requestId = `rma-${user.id}-${requestKey ?? crypto.randomUUID()}`;
  const price = {currency_code: PREMIUM_PLAN.currency, value: formatAmount(amount)};
  const created = await paypal.createSubscription(
    {
      plan_id: config.planId,
      custom_id: user.id,
      quantity: '1',
      ...(percentOff ? {plan: {billing_cycles: [{sequence: 1, total_cycles: 0, pricing_scheme: {fixed_price: price}}]}} : {}),
      ...(user.email ? {subscriber: {email_address: user.email}} : {}),
      application_context: {
        brand_name: SITE_TITLE,
        locale: 'en-US',
        shipping_preference: 'NO_SHIPPING',
        user_action: 'SUBSCRIBE_NOW',
        return_url: `${siteUrl}/account?paypal=return`,
        cancel_url: `${siteUrl}/account?paypal=cancel`,
      },
    },
    requestId,
  );
  const approvalUrl = created.links?.find((l) => l.rel === 'approve')?.href;
  if (!created.id || !approvalUrl) return errorResponse('PayPal did not return an approval link', 502);

  const {error: recordError} = await admin.rpc('record_pending_subscription', {
    p_subscription_id: created.id,
    p_user_id: user.id,
    p_plan: PREMIUM_PLAN.key,
    p_paypal_plan_id: config.planId,
    p_amount: amount,
    p_currency: PREMIUM_PLAN.currency,
    p_discount_code: code ?? SQL_NULL,
    p_percent_off: percentOff ?? SQL_NULL,
    p_request_id: requestId,
  });
  if (recordError) {
    // The code ran out between the check and the record (P0001: our own text). Answered as the
    // check answers a used-up code (400, same words), so which of two buyers' requests got there
    // first does not change what the loser reads. The subscription was never approved: nothing
    // was charged and its approval link is not handed out.
    if (recordError.code === 'P0001') return errorResponse(recordError.message, 400);
    throw new DatabaseError('recording the checkout', recordError);
  }
  return jsonResponse({subscriptionId: created.id, approvalUrl, amount, currency: PREMIUM_PLAN.currency, percentOff: percentOff ?? 0, discountCode: code});
});
