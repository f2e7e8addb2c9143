// Who can see and change Premium data: owners read their own transactions, admins read all,
// nobody but the service role writes subscription columns, transactions or discount codes.
import {describe, expect, it} from 'vitest';
import {anonClient, serviceClient, signedInUser} from './clients';
import {createDiscountCode, purchase} from './premiumHelpers';

describe('Premium data access', () => {
  it('owners read only their own transactions; admins read everyone’s', async () => {
    const buyer = await signedInUser();
    const id = await purchase(buyer.client);
    const other = await signedInUser();
    const admin = await signedInUser({appMetadata: {role: 'admin'}});

    const mine = await buyer.client.from('subscription_transactions').select('user_id, paypal_subscription_id');
    expect(mine.data).toEqual([{user_id: buyer.user.id, paypal_subscription_id: id}]);
    const theirs = await other.client.from('subscription_transactions').select('*').eq('user_id', buyer.user.id);
    expect(theirs.error).toBeNull();
    expect(theirs.data).toEqual([]);
    const all = await admin.client.from('subscription_transactions').select('user_id').eq('user_id', buyer.user.id);
    expect(all.data).toHaveLength(1);
    const anon = await anonClient().from('subscription_transactions').select('*');
    expect(anon.data ?? []).toEqual([]);
  });

  it('users cannot write transactions or their own subscription columns', async () => {
    const {client, user} = await signedInUser();
    const insert = await client.from('subscription_transactions').insert({user_id: user.id, transaction_type: 'subscription', amount: 0, status: 'completed'});
    expect(insert.error?.code).toBe('42501');
    const update = await client.from('profiles').update({subscription_status: 'active', subscription_end_date: '2999-01-01T00:00:00Z'}).eq('id', user.id);
    expect(update.error?.code).toBe('42501');
    expect((await client.rpc('is_premium')).data).toBe(false);
    // The service-role functions are not executable by users (42501, not merely unknown).
    const serviceOnly: [string, Record<string, unknown>][] = [
      ['activate_paid_subscription', {p_subscription_id: 'I-X', p_start: new Date().toISOString(), p_end: '2999-01-01T00:00:00Z'}],
      ['apply_paypal_event', {p_event: {id: 'WH-X', event_type: 'PAYMENT.SALE.COMPLETED', resource: {}}}],
      ['reconcile_subscription', {p_subscription_id: 'I-X', p_paypal_status: 'ACTIVE', p_next_billing: '2999-01-01T00:00:00Z'}],
      ['mark_subscription_cancelled', {p_subscription_id: 'I-X'}],
      ['subscriptions_to_cancel', {p_user_id: user.id}],
      ['take_rate_limit', {p_bucket: 'x', p_limit: 1000, p_window: '1 second'}],
      ['discount_code_problem', {p_code: 'X', p_for_user: user.id}],
      ['take_discount_code_attempt', {p_user: user.id, p_address: '203.0.113.9'}],
      ['take_back_payment', {p_subscription_id: 'I-X', p_sale_id: 'S-X'}],
    ];
    for (const [name, args] of serviceOnly) {
      expect((await client.rpc(name, args)).error?.code, name).toBe('42501');
    }
    // release_checkout touches only the caller's own checkouts.
    expect((await client.rpc('release_checkout', {p_subscription_id: 'I-SOMEONE-ELSES'})).data).toBe(false);
  });

  it('discount codes are not readable or writable; they are checked through a function', async () => {
    const code = await createDiscountCode(15, {maxRedemptions: 2});
    const {client} = await signedInUser();
    const read = await client.from('discount_codes').select('*');
    expect(read.error?.code).toBe('42501');
    const write = await client.from('discount_codes').insert({code: 'FREEBIE', percent_off: 100});
    expect(write.error?.code).toBe('42501');
    expect((await client.rpc('check_discount_code', {p_code: code})).data).toEqual({percent_off: 15});
    const anonCheck = await anonClient().rpc('check_discount_code', {p_code: code});
    expect(anonCheck.error).not.toBeNull();
    for (const table of ['pending_subscriptions', 'paypal_webhook_events', 'rate_limit_hits']) {
      expect((await client.from(table).select('*')).error?.code).toBe('42501');
    }
  });

  it('is_premium answers for yourself; others only for admins and the service role; anon gets false', async () => {
    const buyer = await signedInUser();
    await purchase(buyer.client);
    const other = await signedInUser();
    const admin = await signedInUser({appMetadata: {role: 'admin'}});
    expect((await buyer.client.rpc('is_premium')).data).toBe(true);
    expect((await other.client.rpc('is_premium', {p_user_id: buyer.user.id})).data).toBe(false);
    expect((await admin.client.rpc('is_premium', {p_user_id: buyer.user.id})).data).toBe(true);
    expect((await serviceClient().rpc('is_premium', {p_user_id: buyer.user.id})).data).toBe(true);
    expect((await anonClient().rpc('is_premium')).data).toBe(false);
  });
});
