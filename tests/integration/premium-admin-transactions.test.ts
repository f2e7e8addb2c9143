// The admin transactions RPC (supabase/migrations/20251103000000_admin_transactions.sql) and the
// site's payments service on top of it: admins get every transaction with the buyer's e-mail,
// filterable by status and date; everyone else gets nothing.
import {describe, expect, it} from 'vitest';
import {anonClient, signedInUser} from './clients';
import {createDiscountCode, purchase} from './premiumHelpers';
import {checkDiscountCode, fetchAdminTransactions, totalsOf} from '../../src/lib/payments';

describe('admin_transactions()', () => {
  it('admins see every transaction with the e-mail; filters by status and date work through the API', async () => {
    const code = await createDiscountCode(20);
    const buyer = await signedInUser();
    const id = await purchase(buyer.client, code);
    const admin = await signedInUser({appMetadata: {role: 'admin'}});

    const all = await fetchAdminTransactions(admin.client);
    expect(all.error).toBeNull();
    const row = all.data?.find((r) => r.paypal_subscription_id === id);
    expect(row).toMatchObject({user_id: buyer.user.id, user_email: buyer.email, transaction_type: 'subscription', amount: 39.2, currency: 'USD', status: 'completed'});
    expect(totalsOf(all.data ?? []).revenue).toBeGreaterThanOrEqual(39.2);

    const failed = await fetchAdminTransactions(admin.client, {status: 'failed'});
    expect(failed.data?.some((r) => r.paypal_subscription_id === id)).toBe(false);
    const completed = await fetchAdminTransactions(admin.client, {status: 'completed'});
    expect(completed.data?.some((r) => r.paypal_subscription_id === id)).toBe(true);

    const day = (offset: number) => {
      const d = new Date(Date.now() + offset * 86_400_000);
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    };
    const today = await fetchAdminTransactions(admin.client, {from: day(0), to: day(0)});
    expect(today.data?.some((r) => r.paypal_subscription_id === id)).toBe(true);
    const earlier = await fetchAdminTransactions(admin.client, {to: day(-1)});
    expect(earlier.data?.some((r) => r.paypal_subscription_id === id)).toBe(false);
    const later = await fetchAdminTransactions(admin.client, {from: day(1)});
    expect(later.data).toEqual([]);
  });

  it('returns nothing to a normal user (not even their own) or to anon', async () => {
    const buyer = await signedInUser();
    await purchase(buyer.client);
    const own = await fetchAdminTransactions(buyer.client);
    expect(own).toEqual({data: [], error: null});
    const other = await signedInUser();
    expect((await fetchAdminTransactions(other.client)).data).toEqual([]);
    const anon = await anonClient().rpc('admin_transactions');
    expect(anon.error).not.toBeNull();
  });

  it('the discount-code check gives the server’s clear messages', async () => {
    const {client} = await signedInUser();
    const valid = await createDiscountCode(25);
    expect(await checkDiscountCode(client, ` ${valid.toLowerCase()} `)).toEqual({data: {code: valid, percentOff: 25, amount: 36.75}, error: null});
    expect((await checkDiscountCode(client, 'NOPE-NOT-A-CODE')).error).toBe('Unknown discount code');
    const expired = await createDiscountCode(25, {expiresAt: '2000-01-01T00:00:00Z'});
    expect((await checkDiscountCode(client, expired)).error).toBe('This discount code has expired');
    const used = await createDiscountCode(25, {maxRedemptions: 1, redemptions: 1});
    expect((await checkDiscountCode(client, used)).error).toBe('This discount code has been fully redeemed');
  });
});
