// PayPal disputes: a dispute on the current year's payment pauses Premium until PayPal decides;
// the seller winning gives the same access back, the buyer winning ends it like a full refund.
import {describe, expect, it} from 'vitest';
import type {SupabaseClient} from '@supabase/supabase-js';
import {serviceClient, signedInUser} from './clients';
import {approveOnCheckoutPage, invoke, postWebhook, profileOf, simApi, simControl, transactionsOf, type Created, type Delivery} from './premiumHelpers';

/** A learner with a paid year (activated by PayPal's webhooks, as after closing the tab). */
async function paidLearner(): Promise<{client: SupabaseClient; userId: string; id: string}> {
  const {client, user} = await signedInUser();
  const created = await invoke<Created>(client, 'create-subscription', {});
  if (!created.data) throw new Error(`create-subscription: ${created.status} ${created.error}`);
  await approveOnCheckoutPage(created.data.approvalUrl);
  await simControl('flush');
  expect((await client.rpc('is_premium')).data).toBe(true);
  return {client, userId: user.id, id: created.data.subscriptionId};
}

/** Runs a simulator control and returns its one webhook delivery. */
async function control(id: string, action: string, body: unknown = {}): Promise<Delivery> {
  const result = await simControl(`subscriptions/${id}/${action}`, body);
  const delivery = (result.deliveries as Delivery[])[0];
  if (!delivery) throw new Error(`${action} delivered no webhook`);
  return delivery;
}

const isPremium = async (client: SupabaseClient) => (await client.rpc('is_premium')).data;

describe('PayPal disputes', () => {
  it('an open dispute pauses Premium; the seller winning restores the same year', async () => {
    const {client, userId, id} = await paidLearner();
    const endDate = (await profileOf(userId)).subscription_end_date;

    const opened = await control(id, 'dispute');
    expect(opened.event_type).toBe('CUSTOMER.DISPUTE.CREATED');
    expect(opened.status).toBe(200);
    expect(JSON.parse(opened.body)).toMatchObject({resource: {status: 'OPEN', disputed_transactions: [{seller_transaction_id: expect.any(String)}]}});
    expect(await isPremium(client)).toBe(false);
    expect(await profileOf(userId)).toMatchObject({subscription_status: 'suspended', subscription_end_date: endDate});

    const resolved = await control(id, 'dispute-resolve', {outcome: 'seller'});
    expect(resolved.status).toBe(200);
    expect(JSON.parse(resolved.body)).toMatchObject({event_type: 'CUSTOMER.DISPUTE.RESOLVED', resource: {dispute_outcome: {outcome_code: 'RESOLVED_SELLER_FAVOUR'}}});
    expect(await isPremium(client)).toBe(true);
    expect(await profileOf(userId)).toMatchObject({subscription_status: 'active', subscription_end_date: endDate});
    expect((await simApi<{status: string}>('GET', `/v1/billing/subscriptions/${id}`)).data.status).toBe('ACTIVE');
    expect((await transactionsOf(userId)).map((t) => [t.transaction_type, t.status])).toEqual([
      ['subscription', 'completed'],
      ['dispute', 'resolved'],
      ['dispute', 'resolved_seller_favour'],
    ]);
  });

  it('the buyer winning ends Premium and stops billing, like a full refund', async () => {
    const {client, userId, id} = await paidLearner();
    await control(id, 'dispute');
    expect(await isPremium(client)).toBe(false);

    const resolved = await control(id, 'dispute-resolve', {outcome: 'buyer'});
    expect(resolved.status).toBe(200);
    await simControl('flush');
    expect(await isPremium(client)).toBe(false);
    const profile = await profileOf(userId);
    expect(profile.subscription_status).toBe('cancelled');
    expect(Date.parse(profile.subscription_end_date as string)).toBeLessThanOrEqual(Date.now());
    expect((await simApi<{status: string}>('GET', `/v1/billing/subscriptions/${id}`)).data.status).toBe('CANCELLED');
    expect((await transactionsOf(userId)).map((t) => t.transaction_type)).toEqual(['subscription', 'dispute', 'dispute', 'cancellation']);
  });

  it('a replayed dispute event changes nothing', async () => {
    const {client, userId, id} = await paidLearner();
    const opened = await control(id, 'dispute');
    const resolved = await control(id, 'dispute-resolve', {outcome: 'seller'});
    const before = await transactionsOf(userId);

    // PayPal resending the opening after the resolution must not pause access again.
    const replay = await postWebhook(opened.body, opened.headers);
    expect(replay).toMatchObject({status: 200, json: {received: true, outcome: 'duplicate'}});
    expect((await postWebhook(resolved.body, resolved.headers)).json).toMatchObject({outcome: 'duplicate'});
    expect(await isPremium(client)).toBe(true);
    expect((await profileOf(userId)).subscription_status).toBe('active');
    expect(await transactionsOf(userId)).toEqual(before);
  });

  it('cancelling during a dispute does not lift the pause', async () => {
    const {client, userId, id} = await paidLearner();
    await control(id, 'dispute');
    expect((await invoke(client, 'cancel-subscription', {subscriptionId: id})).status).toBe(200);
    await simControl('flush');
    expect(await isPremium(client)).toBe(false);
    await control(id, 'dispute-resolve', {outcome: 'seller'});
    // Cancelled, so access runs to the paid end date and no further.
    expect(await profileOf(userId)).toMatchObject({subscription_status: 'cancelled'});
    expect(await isPremium(client)).toBe(true);
  });

  it('a dispute about last year’s payment leaves the renewed year alone', async () => {
    const {client, userId, id} = await paidLearner();
    await control(id, 'renew');
    const {data: pending} = await serviceClient().from('pending_subscriptions').select('first_sale_id').eq('paypal_subscription_id', id).single();
    const dispute = (type: string, outcome?: string) => ({
      id: `WH-OLD-${type}-${Date.now()}`,
      event_type: `CUSTOMER.DISPUTE.${type}`,
      resource: {
        dispute_id: `PP-D-OLD-${userId}`,
        disputed_transactions: [{seller_transaction_id: pending!.first_sale_id}],
        status: outcome ? 'RESOLVED' : 'OPEN',
        ...(outcome ? {dispute_outcome: {outcome_code: outcome}} : {}),
      },
    });
    expect(await serviceClient().rpc('apply_paypal_event', {p_event: dispute('CREATED')})).toMatchObject({data: 'applied', error: null});
    expect(await isPremium(client)).toBe(true);
    expect(await serviceClient().rpc('apply_paypal_event', {p_event: dispute('RESOLVED', 'RESOLVED_BUYER_FAVOUR')})).toMatchObject({data: 'applied', error: null});
    expect(await isPremium(client)).toBe(true);
    expect((await profileOf(userId)).subscription_status).toBe('active');
  });

  it('the control API refuses a resolution without an outcome or an open dispute', async () => {
    const {id} = await paidLearner();
    await expect(simControl(`subscriptions/${id}/dispute-resolve`, {outcome: 'buyer'})).rejects.toThrow(/422.*NO_OPEN_DISPUTE/);
    await control(id, 'dispute');
    await expect(simControl(`subscriptions/${id}/dispute-resolve`, {outcome: 'nobody'})).rejects.toThrow(/400.*outcome/);
  });
});
