// Attack-run findings on checkouts: what PayPal charged is what the learner gets; discount uses
// count when paid and unpaid checkouts only hold one briefly; one pending checkout per learner;
// a second paid subscription never bills on unnoticed; refunds and reversals end Premium.
import {describe, expect, it} from 'vitest';
import {serviceClient, signedInUser} from './clients';
import {
  approveOnCheckoutPage,
  createDiscountCode,
  invoke,
  profileOf,
  redemptionsOf,
  simApi,
  simControl,
  transactionsOf,
  type Created,
} from './premiumHelpers';

async function pendingOf(userId: string) {
  const {data, error} = await serviceClient().from('pending_subscriptions').select('*').eq('user_id', userId);
  if (error) throw error;
  return data as {paypal_subscription_id: string; released_at: string | null; activated_at: string | null}[];
}

async function paypalStatus(id: string): Promise<string> {
  return (await simApi<{status: string}>('GET', `/v1/billing/subscriptions/${id}`)).data.status;
}

describe('Premium checkouts', () => {
  it('a paid checkout activates even when its code ran out after a newer checkout took the hold', async () => {
    const code = await createDiscountCode(50, {maxRedemptions: 1});
    const a = await signedInUser();
    const first = await invoke<Created>(a.client, 'create-subscription', {discountCode: code});
    const second = await invoke<Created>(a.client, 'create-subscription', {discountCode: code});
    expect([first.status, second.status]).toEqual([200, 200]);
    // Nobody else can release A's checkout.
    const stranger = await signedInUser();
    expect((await stranger.client.rpc('release_checkout', {p_subscription_id: second.data!.subscriptionId})).data).toBe(false);
    // A leaves the newer checkout with Cancel on PayPal; the site releases it.
    expect((await a.client.rpc('release_checkout', {p_subscription_id: second.data!.subscriptionId})).data).toBe(true);
    // Meanwhile someone else pays with the last use.
    const b = await signedInUser();
    const bought = await invoke<Created>(b.client, 'create-subscription', {discountCode: code});
    await approveOnCheckoutPage(bought.data!.approvalUrl);
    expect((await invoke(b.client, 'confirm-subscription', {subscriptionId: bought.data!.subscriptionId})).status).toBe(200);
    expect(await redemptionsOf(code)).toBe(1);

    // A pays the first checkout from a tab left open: PayPal charged $24.50, so A gets Premium.
    await approveOnCheckoutPage(first.data!.approvalUrl);
    const confirmed = await invoke(a.client, 'confirm-subscription', {subscriptionId: first.data!.subscriptionId});
    expect(confirmed.status).toBe(200);
    await simControl('flush');
    const profile = await profileOf(a.user.id);
    expect(profile).toMatchObject({subscription_status: 'active', paypal_subscription_id: first.data!.subscriptionId, discount_code: code});
    expect(Number(profile.subscription_amount)).toBe(24.5);
    expect((await a.client.rpc('is_premium')).data).toBe(true);
    // Both paid uses are counted, even past the limit.
    expect(await redemptionsOf(code)).toBe(2);
  });

  it('cancelled and repeated checkouts take no discount use; one account holds at most one', async () => {
    const code = await createDiscountCode(20, {maxRedemptions: 3});
    for (let i = 0; i < 3; i++) {
      const {client} = await signedInUser();
      const created = await invoke<Created>(client, 'create-subscription', {discountCode: code});
      expect(created.status).toBe(200);
      await client.rpc('release_checkout', {p_subscription_id: created.data!.subscriptionId});
    }
    expect(await redemptionsOf(code)).toBe(0);

    // One account firing 8 creates at once (under the attempt limit) ends with one open checkout holding one use.
    const greedy = await signedInUser();
    const results = await Promise.all(Array.from({length: 8}, () => invoke<Created>(greedy.client, 'create-subscription', {discountCode: code})));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect((await pendingOf(greedy.user.id)).filter((p) => p.released_at === null)).toHaveLength(1);
    expect(await redemptionsOf(code)).toBe(0);
    // So the other two uses are still there for two other learners, and then the code is full.
    for (let i = 0; i < 2; i++) {
      const {client} = await signedInUser();
      expect((await invoke(client, 'create-subscription', {discountCode: code})).status).toBe(200);
    }
    const late = await signedInUser();
    expect(await invoke(late.client, 'create-subscription', {discountCode: code})).toMatchObject({
      status: 400,
      error: 'This discount code has been fully redeemed',
    });
  });

  it('a second subscription paid while one is active is cancelled at PayPal and adds its year', async () => {
    const {client, user} = await signedInUser();
    const one = await invoke<Created>(client, 'create-subscription', {});
    const two = await invoke<Created>(client, 'create-subscription', {});
    await approveOnCheckoutPage(one.data!.approvalUrl);
    await approveOnCheckoutPage(two.data!.approvalUrl);
    await simControl('flush');
    for (const c of [one, two]) expect((await invoke(client, 'confirm-subscription', {subscriptionId: c.data!.subscriptionId})).status).toBe(200);
    await simControl('flush');

    const profile = await profileOf(user.id);
    const current = profile.paypal_subscription_id as string;
    const other = current === one.data!.subscriptionId ? two.data!.subscriptionId : one.data!.subscriptionId;
    expect(await paypalStatus(current)).toBe('ACTIVE');
    expect(await paypalStatus(other)).toBe('CANCELLED');
    const years = (Date.parse(profile.subscription_end_date as string) - Date.parse(profile.subscription_start_date as string)) / (365 * 86_400_000);
    expect(years).toBeGreaterThan(1.99);
    expect(years).toBeLessThan(2.01);
    const types = (await transactionsOf(user.id)).map((t) => `${t.transaction_type}:${t.paypal_subscription_id}`);
    expect(types.sort()).toEqual([`cancellation:${other}`, `subscription:${current}`, `subscription:${other}`].sort());

    // Every paid subscription is visible to its owner, and each live one can be cancelled by id.
    const {data: mine} = await client.rpc('my_paypal_subscriptions');
    expect((mine as {paypal_subscription_id: string; paypal_status: string; is_current: boolean}[]).map((s) => [s.paypal_subscription_id, s.paypal_status, s.is_current]).sort()).toEqual(
      [
        [current, 'ACTIVE', true],
        [other, 'CANCELLED', false],
      ].sort(),
    );
    const stranger = await signedInUser();
    expect((await stranger.client.rpc('my_paypal_subscriptions')).data).toEqual([]);
    expect((await invoke(stranger.client, 'cancel-subscription', {subscriptionId: current})).status).toBe(404);
    expect((await invoke(client, 'cancel-subscription', {subscriptionId: other})).status).toBe(409);
    expect(await invoke(client, 'cancel-subscription', {subscriptionId: current})).toMatchObject({status: 200, data: {status: 'cancelled', subscriptionId: current}});
    // The running current one is suspended (not billed, resumable until its end date: premium-resume.test.ts).
    expect(await paypalStatus(current)).toBe('SUSPENDED');
  });

  it.each(['refund', 'reverse'])('a %s of the current year ends Premium and stops billing', async (action) => {
    const {client, user} = await signedInUser();
    const created = await invoke<Created>(client, 'create-subscription', {});
    await approveOnCheckoutPage(created.data!.approvalUrl);
    await simControl('flush');
    const id = created.data!.subscriptionId;
    expect((await client.rpc('is_premium')).data).toBe(true);

    const result = await simControl(`subscriptions/${id}/${action}`);
    expect((result.deliveries as {status: number}[])[0]?.status).toBe(200);
    await simControl('flush');
    expect((await client.rpc('is_premium')).data).toBe(false);
    expect((await profileOf(user.id)).subscription_status).toBe('cancelled');
    expect(Date.parse((await profileOf(user.id)).subscription_end_date as string)).toBeLessThanOrEqual(Date.now());
    expect(await paypalStatus(id)).toBe('CANCELLED');
    expect((await transactionsOf(user.id)).map((t) => t.transaction_type)).toEqual(['subscription', 'refund', 'cancellation']);
  });

  it('a refund of last year’s payment keeps the year paid since', async () => {
    const {client, user} = await signedInUser();
    const created = await invoke<Created>(client, 'create-subscription', {});
    await approveOnCheckoutPage(created.data!.approvalUrl);
    await simControl('flush');
    const id = created.data!.subscriptionId;
    await simControl(`subscriptions/${id}/renew`);
    // Then a refund of the first year's sale (a goodwill refund after renewing): the renewed year stays.
    const {data: pending} = await serviceClient().from('pending_subscriptions').select('first_sale_id').eq('paypal_subscription_id', id).single();
    const {data: outcome, error} = await serviceClient().rpc('apply_paypal_event', {
      p_event: {id: `WH-OLD-REFUND-${Date.now()}`, event_type: 'PAYMENT.SALE.REFUNDED', resource: {id: `R-${Date.now()}`, sale_id: pending!.first_sale_id, amount: {total: '49.00', currency: 'USD'}}},
    });
    expect(error).toBeNull();
    expect(outcome).toBe('applied');
    expect((await client.rpc('is_premium')).data).toBe(true);
    expect((await profileOf(user.id)).subscription_status).toBe('active');
  });
});
