// Premium purchase through create-subscription → the PayPal simulator's approval page →
// confirm-subscription, with and without discount codes, and the checks confirm makes.
import {describe, expect, it} from 'vitest';
import {anonClient, serviceClient, signedInUser} from './clients';
import {
  SIM_PLAN_ID,
  approveOnCheckoutPage,
  createDiscountCode,
  invoke,
  profileOf,
  purchase,
  redemptionsOf,
  simApi,
  simControl,
  transactionsOf,
  type Created,
} from './premiumHelpers';

const YEAR_MS = 365 * 24 * 3600 * 1000;

describe('Premium purchase', () => {
  it('buys a year at the full price and activates the profile', async () => {
    const {client, user} = await signedInUser();
    expect((await client.rpc('is_premium')).data).toBe(false);
    const created = await invoke<Created>(client, 'create-subscription', {});
    expect(created.status).toBe(200);
    expect(created.data).toMatchObject({amount: 49, percentOff: 0});
    expect(created.data?.approvalUrl).toContain('/paypal-sim/checkout/');

    const back = await approveOnCheckoutPage(created.data!.approvalUrl);
    expect(back.pathname).toBe('/account');
    expect(back.searchParams.get('paypal')).toBe('return');
    const id = back.searchParams.get('subscription_id');
    expect(id).toBe(created.data!.subscriptionId);

    const confirmed = await invoke(client, 'confirm-subscription', {subscriptionId: id});
    expect(confirmed.status).toBe(200);
    expect(confirmed.data).toMatchObject({status: 'active'});

    const profile = await profileOf(user.id);
    expect(profile).toMatchObject({subscription_status: 'active', subscription_plan: 'premium_yearly', paypal_subscription_id: id, discount_code: null});
    expect(Number(profile.subscription_amount)).toBe(49);
    const start = Date.parse(profile.subscription_start_date as string);
    const end = Date.parse(profile.subscription_end_date as string);
    expect(Math.abs(start - Date.now())).toBeLessThan(60_000);
    expect(end - start).toBeGreaterThanOrEqual(YEAR_MS);
    expect(end - start).toBeLessThanOrEqual(YEAR_MS + 86_400_000);

    const own = await client.from('subscription_transactions').select('*');
    expect(own.error).toBeNull();
    expect(own.data).toHaveLength(1);
    expect(own.data![0]).toMatchObject({transaction_type: 'subscription', status: 'completed', currency: 'USD', paypal_subscription_id: id});
    expect(Number(own.data![0].amount)).toBe(49);
    expect((await client.rpc('is_premium')).data).toBe(true);
  });

  it('applies a discount code decided on the server and redeems it once', async () => {
    const code = await createDiscountCode(20, {maxRedemptions: 5});
    const {client, user} = await signedInUser();
    expect((await client.rpc('check_discount_code', {p_code: code.toLowerCase()})).data).toEqual({percent_off: 20});

    const created = await invoke<Created>(client, 'create-subscription', {discountCode: code.toLowerCase()});
    expect(created.data).toMatchObject({amount: 39.2, percentOff: 20});
    const page = await (await fetch(created.data!.approvalUrl)).text();
    expect(page).toContain('39.20 USD');
    // The use counts when the checkout is paid, not when it is opened.
    expect(await redemptionsOf(code)).toBe(0);

    const back = await approveOnCheckoutPage(created.data!.approvalUrl);
    const id = back.searchParams.get('subscription_id');
    expect((await invoke(client, 'confirm-subscription', {subscriptionId: id})).status).toBe(200);
    const profile = await profileOf(user.id);
    expect(profile).toMatchObject({subscription_status: 'active', discount_code: code});
    expect(Number(profile.subscription_amount)).toBe(39.2);
    const tx = await transactionsOf(user.id);
    expect(tx).toHaveLength(1);
    expect(Number(tx[0]!.amount)).toBe(39.2);
    expect(await redemptionsOf(code)).toBe(1);
  });

  it('explains unknown, expired and used-up codes', async () => {
    const {client} = await signedInUser();
    const expired = await createDiscountCode(10, {expiresAt: '2020-01-01T00:00:00Z'});
    const usedUp = await createDiscountCode(10, {maxRedemptions: 1, redemptions: 1});
    for (const [code, message] of [
      ['NO-SUCH-CODE', 'Unknown discount code'],
      [expired, 'This discount code has expired'],
      [usedUp, 'This discount code has been fully redeemed'],
    ] as const) {
      const check = await client.rpc('check_discount_code', {p_code: code});
      expect(check).toMatchObject({error: null, data: {percent_off: null, message}});
      const created = await invoke(client, 'create-subscription', {discountCode: code});
      expect(created).toMatchObject({status: 400, error: message});
    }
  });

  it('needs a signed-in user', async () => {
    const anon = await invoke(anonClient(), 'create-subscription', {});
    expect(anon.status).toBe(401);
    const {client} = await signedInUser();
    expect((await invoke(client, 'confirm-subscription', {subscriptionId: 'not-an-id'})).status).toBe(400);
    expect((await invoke(client, 'confirm-subscription', {subscriptionId: 'I-DOESNOTEXIST'})).status).toBe(404);
  });

  it('confirm is idempotent and refuses before approval and for someone else', async () => {
    const {client, user} = await signedInUser();
    const created = await invoke<Created>(client, 'create-subscription', {});
    const id = created.data!.subscriptionId;
    const early = await invoke(client, 'confirm-subscription', {subscriptionId: id});
    expect(early).toMatchObject({status: 409, error: 'The PayPal subscription has not been approved yet'});
    expect((await profileOf(user.id)).subscription_status).toBe('inactive');

    const other = await signedInUser();
    await approveOnCheckoutPage(created.data!.approvalUrl, {webhooks: false});
    expect((await invoke(other.client, 'confirm-subscription', {subscriptionId: id})).status).toBe(404);

    const results = await Promise.all([1, 2, 3].map(() => invoke(client, 'confirm-subscription', {subscriptionId: id})));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    const end = (await profileOf(user.id)).subscription_end_date;
    expect((await invoke(client, 'confirm-subscription', {subscriptionId: id})).status).toBe(200);
    expect((await profileOf(user.id)).subscription_end_date).toBe(end);
    expect(await transactionsOf(user.id)).toHaveLength(1);
    expect((await profileOf(other.user.id)).subscription_status).toBe('inactive');
  });

  it('refuses a tampered amount, plan or custom_id', async () => {
    const service = serviceClient();
    const cases = [
      {label: 'amount', plan_id: SIM_PLAN_ID, price: '1.00', otherUser: false, message: 'The PayPal subscription amount does not match the price'},
      {label: 'plan', plan_id: 'P-SOMEONE-ELSES-PLAN', price: null, otherUser: false, message: 'The PayPal subscription is for a different plan'},
      {label: 'custom_id', plan_id: SIM_PLAN_ID, price: null, otherUser: true, message: 'The PayPal subscription belongs to another account'},
    ];
    for (const c of cases) {
      const {client, user} = await signedInUser();
      const stranger = await signedInUser();
      // A subscription made at PayPal outside our server, with the values tampered with …
      const made = await simApi<{id: string}>('POST', '/v1/billing/subscriptions', {
        plan_id: c.plan_id,
        custom_id: c.otherUser ? stranger.user.id : user.id,
        ...(c.price ? {plan: {billing_cycles: [{sequence: 1, total_cycles: 0, pricing_scheme: {fixed_price: {currency_code: 'USD', value: c.price}}}]}} : {}),
      });
      expect(made.status).toBe(201);
      // … while the server expected the full price on our plan for this user.
      const {error} = await service.from('pending_subscriptions').insert({
        paypal_subscription_id: made.data.id,
        user_id: user.id,
        plan: 'premium_yearly',
        paypal_plan_id: SIM_PLAN_ID,
        amount: 49,
        currency: 'USD',
        request_id: `tampered-${c.label}`,
      });
      expect(error).toBeNull();
      // Approval delivers ACTIVATED: the webhook checks PayPal's copy the same way and refuses.
      const approved = await simControl(`subscriptions/${made.data.id}/approve`);
      const activatedEvent = (approved.events as {id: string; event_type: string}[]).find((e) => e.event_type === 'BILLING.SUBSCRIPTION.ACTIVATED')!;
      const {data: eventRow} = await service.from('paypal_webhook_events').select('outcome').eq('event_id', activatedEvent.id).single();
      expect(eventRow?.outcome, c.label).toBe(`rejected: ${c.message}`);
      const confirmed = await invoke(client, 'confirm-subscription', {subscriptionId: made.data.id});
      expect(confirmed, c.label).toMatchObject({status: 409, error: c.message});
      // Later PayPal events for the refused subscription change nothing either.
      await simControl(`subscriptions/${made.data.id}/renew`);
      await simControl(`subscriptions/${made.data.id}/cancel`);
      expect((await profileOf(user.id)).subscription_status).toBe('inactive');
      expect(await transactionsOf(user.id)).toHaveLength(0);
    }
  });

  it('a code with one use left, used by two buyers at once, succeeds once', async () => {
    const code = await createDiscountCode(50, {maxRedemptions: 1});
    const [a, b] = await Promise.all([signedInUser(), signedInUser()]);
    const results = await Promise.all([a, b].map((u) => invoke<Created>(u.client, 'create-subscription', {discountCode: code})));
    const statuses = results.map((r) => r.status).sort();
    // The loser reads what a used-up code reads, whether it lost before the check or at the hold.
    expect(statuses).toEqual([200, 400]);
    expect(results.find((r) => r.status === 400)?.error).toBe('This discount code has been fully redeemed');
    // The winner's open checkout holds the last use; it counts once paid.
    expect(await redemptionsOf(code)).toBe(0);
    const winner = [a, b][results.findIndex((r) => r.status === 200)]!;
    await approveOnCheckoutPage(results.find((r) => r.status === 200)!.data!.approvalUrl);
    await simControl('flush');
    expect((await profileOf(winner.user.id)).subscription_status).toBe('active');
    expect(await redemptionsOf(code)).toBe(1);
  });

  it('clicking Subscribe twice with a code uses it once', async () => {
    const code = await createDiscountCode(25, {maxRedemptions: 3});
    const {client, user} = await signedInUser();
    await invoke(client, 'create-subscription', {discountCode: code});
    await invoke(client, 'create-subscription', {discountCode: code});
    expect(await redemptionsOf(code)).toBe(0);
    const id = await purchase(client, code);
    expect(await redemptionsOf(code)).toBe(1);
    expect((await profileOf(user.id)).paypal_subscription_id).toBe(id);
    // An active subscriber cannot start a second subscription.
    expect(await invoke(client, 'create-subscription', {})).toMatchObject({status: 409, error: 'You already have an active Premium subscription'});
  });

  it('the same PayPal-Request-Id returns the same subscription', async () => {
    const {client} = await signedInUser();
    const requestId = crypto.randomUUID();
    const first = await invoke<Created>(client, 'create-subscription', {requestId});
    const second = await invoke<Created>(client, 'create-subscription', {requestId});
    expect(second.data?.subscriptionId).toBe(first.data?.subscriptionId);
  });
});
