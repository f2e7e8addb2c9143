// Issue 26 attack-run findings on money: access equals what was paid and not refunded, a code is
// redeemed once per account, unpaid checkouts hold a use briefly and cannot renew the hold,
// every way of trying a code shares one limiter, and deleting an account stops all billing.
import {describe, expect, it} from 'vitest';
import type {SupabaseClient} from '@supabase/supabase-js';
import {serviceClient, signedInUser} from './clients';
import {fetchPayPalApiBase} from '../../src/lib/payments';
import {paypalManageUrl} from '../../shared/paypalEnvironment';
import {approveOnCheckoutPage, createDiscountCode, invoke, profileOf, redemptionsOf, simApi, simControl, type Created} from './premiumHelpers';

const YEAR_MS = 365.25 * 86_400_000;

async function paypalStatus(id: string): Promise<string> {
  return (await simApi<{status: string}>('GET', `/v1/billing/subscriptions/${id}`)).data.status;
}

/** Years of access the profile holds, counted from its start date. */
async function yearsOfAccess(userId: string): Promise<number> {
  const profile = await profileOf(userId);
  return (Date.parse(profile.subscription_end_date as string) - Date.parse(profile.subscription_start_date as string)) / YEAR_MS;
}

/** Creates checkouts one after another (each releasing the one before), then pays and confirms all. */
async function payCheckouts(client: SupabaseClient, count: number, discountCode?: string): Promise<string[]> {
  const created: Created[] = [];
  for (let i = 0; i < count; i++) {
    const result = await invoke<Created>(client, 'create-subscription', discountCode ? {discountCode} : {});
    if (!result.data) throw new Error(`create-subscription: ${result.status} ${result.error}`);
    created.push(result.data);
  }
  for (const c of created) await approveOnCheckoutPage(c.approvalUrl);
  await simControl('flush');
  for (const c of created) expect((await invoke(client, 'confirm-subscription', {subscriptionId: c.subscriptionId})).status).toBe(200);
  await simControl('flush');
  return created.map((c) => c.subscriptionId);
}

describe('money that never leaks', () => {
  it.each([
    ['refunding', 'refund'],
    ['reversing', 'reverse'],
    ['losing a dispute on', 'dispute'],
  ])('%s the second payment of a double Subscribe takes back the year it bought', async (_label, action) => {
    const {client, user} = await signedInUser();
    const ids = await payCheckouts(client, 2);
    const current = (await profileOf(user.id)).paypal_subscription_id as string;
    const second = ids.find((id) => id !== current) as string;
    expect(await yearsOfAccess(user.id)).toBeCloseTo(2, 1);

    if (action === 'dispute') {
      await simControl(`subscriptions/${second}/dispute`);
      await simControl(`subscriptions/${second}/dispute-resolve`, {outcome: 'buyer'});
    } else {
      await simControl(`subscriptions/${second}/${action}`);
    }
    await simControl('flush');
    // The first year stays paid and renewing; the refunded one is gone.
    expect(await yearsOfAccess(user.id)).toBeCloseTo(1, 1);
    expect(await profileOf(user.id)).toMatchObject({subscription_status: 'active', paypal_subscription_id: current});
    expect((await client.rpc('is_premium')).data).toBe(true);
    expect(await paypalStatus(current)).toBe('ACTIVE');
  });

  it('refunding the current year while a second paid year remains keeps that year and stops renewing', async () => {
    const {client, user} = await signedInUser();
    await payCheckouts(client, 2);
    const current = (await profileOf(user.id)).paypal_subscription_id as string;
    await simControl(`subscriptions/${current}/refund`);
    await simControl('flush');
    expect(await yearsOfAccess(user.id)).toBeCloseTo(1, 1);
    expect((await profileOf(user.id)).subscription_status).toBe('cancelled');
    expect((await client.rpc('is_premium')).data).toBe(true);
    expect(await paypalStatus(current)).toBe('CANCELLED');
  });

  it('a renewal PayPal takes on the added subscription extends access, and its refund takes that year back', async () => {
    const {client, user} = await signedInUser();
    const ids = await payCheckouts(client, 2);
    const current = (await profileOf(user.id)).paypal_subscription_id as string;
    const second = ids.find((id) => id !== current) as string;
    const sale = `S-RENEW-${Date.now()}`;
    const apply = (event: Record<string, unknown>) => serviceClient().rpc('apply_paypal_event', {p_event: event});
    expect(
      await apply({id: `WH-${sale}`, event_type: 'PAYMENT.SALE.COMPLETED', resource: {id: sale, billing_agreement_id: second, amount: {total: '49.00', currency: 'USD'}}}),
    ).toMatchObject({data: 'applied', error: null});
    expect(await yearsOfAccess(user.id)).toBeCloseTo(3, 1);
    expect(
      await apply({id: `WH-R-${sale}`, event_type: 'PAYMENT.SALE.REFUNDED', resource: {id: `R-${sale}`, sale_id: sale, amount: {total: '49.00', currency: 'USD'}}}),
    ).toMatchObject({data: 'access_ended', error: null});
    expect(await yearsOfAccess(user.id)).toBeCloseTo(2, 1);
    expect((await profileOf(user.id)).subscription_status).toBe('active');
  });

  it('subscribing again while a cancelled year still runs keeps its days; refunding that year takes back only them', async () => {
    const {client, user} = await signedInUser();
    const [first] = await payCheckouts(client, 1);
    expect((await invoke(client, 'cancel-subscription', {})).status).toBe(200);
    await simControl('flush');
    const [second] = await payCheckouts(client, 1);
    expect(await profileOf(user.id)).toMatchObject({subscription_status: 'active', paypal_subscription_id: second});
    // The new year plus what was left of the cancelled one.
    expect(await yearsOfAccess(user.id)).toBeCloseTo(2, 1);

    await simControl(`subscriptions/${first}/refund`);
    await simControl('flush');
    expect(await yearsOfAccess(user.id)).toBeCloseTo(1, 1);
    expect(await profileOf(user.id)).toMatchObject({subscription_status: 'active', paypal_subscription_id: second});
    expect(await paypalStatus(second!)).toBe('ACTIVE');
  });

  it('one account redeems a single-use code once, however many of its checkouts it pays', async () => {
    const code = await createDiscountCode(50, {maxRedemptions: 1});
    const {client, user} = await signedInUser();
    // Three checkouts, each releasing the one before, all still payable at PayPal at $24.50.
    const ids = await payCheckouts(client, 3, code);
    expect(await redemptionsOf(code)).toBe(1);
    // The discounted year, plus half a year for each further $24.50 (the full price is $49).
    expect(await yearsOfAccess(user.id)).toBeCloseTo(2, 1);
    const current = (await profileOf(user.id)).paypal_subscription_id as string;
    for (const id of ids) expect(await paypalStatus(id)).toBe(id === current ? 'ACTIVE' : 'CANCELLED');
    expect((await client.rpc('check_discount_code', {p_code: code})).data).toEqual({percent_off: null, message: 'You have already used this discount code'});
  });

  it('an unpaid checkout holds a use briefly, and a new checkout of the same account does not renew the hold', async () => {
    const code = await createDiscountCode(20, {maxRedemptions: 1});
    const holder = await signedInUser();
    const other = await signedInUser();
    const first = await invoke<Created>(holder.client, 'create-subscription', {discountCode: code});
    expect(first.status).toBe(200);
    expect((await other.client.rpc('check_discount_code', {p_code: code})).data).toMatchObject({message: 'This discount code has been fully redeemed'});

    // The hold started 16 minutes ago (moved back in the database instead of waiting).
    const moved = await serviceClient()
      .from('pending_subscriptions')
      .update({created_at: new Date(Date.now() - 16 * 60_000).toISOString()})
      .eq('paypal_subscription_id', first.data!.subscriptionId);
    expect(moved.error).toBeNull();
    expect((await other.client.rpc('check_discount_code', {p_code: code})).data).toEqual({percent_off: 20});

    // Creating a checkout again does not block the code for another 15 minutes.
    expect((await invoke(holder.client, 'create-subscription', {discountCode: code})).status).toBe(200);
    expect((await other.client.rpc('check_discount_code', {p_code: code})).data).toEqual({percent_off: 20});
  });

  it('create-subscription and check_discount_code share one limit on trying codes', async () => {
    const {client} = await signedInUser();
    for (let i = 0; i < 10; i++) {
      expect(await invoke(client, 'create-subscription', {discountCode: `GUESS${i}`})).toMatchObject({status: 400, error: 'Unknown discount code'});
    }
    expect(await invoke(client, 'create-subscription', {discountCode: 'GUESS10'})).toMatchObject({
      status: 429,
      error: 'Too many discount code checks; please wait a few minutes and try again',
    });
    const checked = await client.rpc('check_discount_code', {p_code: 'GUESS11'});
    expect(checked.status).toBe(429);
    // Buying without a code is not a guess and stays open.
    expect((await invoke(client, 'create-subscription', {})).status).toBe(200);
  });

  it('deleting an account cancels every subscription it started, paid at PayPal or approved later', async () => {
    const {client, email, password} = await signedInUser();
    // Paid at PayPal, but the webhooks are lost and the tab closed: not activated here.
    const paid = await invoke<Created>(client, 'create-subscription', {});
    await approveOnCheckoutPage(paid.data!.approvalUrl, {webhooks: false});
    // A newer checkout, still waiting for approval.
    const waiting = await invoke<Created>(client, 'create-subscription', {});
    expect(await paypalStatus(paid.data!.subscriptionId)).toBe('ACTIVE');

    expect(await invoke(client, 'delete-account', {email, password})).toMatchObject({status: 200, data: {deleted: true}});
    expect(await paypalStatus(paid.data!.subscriptionId)).toBe('CANCELLED');

    // Approved from a tab left open after the account is gone: the webhook stops it billing.
    await approveOnCheckoutPage(waiting.data!.approvalUrl);
    await simControl('flush');
    expect(await paypalStatus(waiting.data!.subscriptionId)).toBe('CANCELLED');
  });

  it('a subscription that renews for a deleted account is cancelled by the payment webhook', async () => {
    const {client, email, password} = await signedInUser();
    const waiting = await invoke<Created>(client, 'create-subscription', {});
    expect((await invoke(client, 'delete-account', {email, password})).status).toBe(200);
    // Approved later with its activation webhooks lost; the next year's payment is the first news.
    await approveOnCheckoutPage(waiting.data!.approvalUrl, {webhooks: false});
    const renewal = await simControl(`subscriptions/${waiting.data!.subscriptionId}/renew`);
    expect((renewal.deliveries as {event_type: string; status: number}[]).map((d) => [d.event_type, d.status])).toContainEqual(['PAYMENT.SALE.COMPLETED', 200]);
    expect(await paypalStatus(waiting.data!.subscriptionId)).toBe('CANCELLED');
  });
});

describe('Manage on PayPal', () => {
  it('leads to the PayPal the functions use: here the simulator’s page of the subscription', async () => {
    const {client} = await signedInUser();
    const [id] = await payCheckouts(client, 1);
    const apiBase = await fetchPayPalApiBase(client);
    expect(apiBase).toMatch(/\/paypal-sim$/);
    const page = await fetch(paypalManageUrl(apiBase, id!));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(id!);
  });
});

