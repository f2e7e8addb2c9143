// `npm run admin -- reconcile`: repairs what lost webhooks left behind, from PayPal's records,
// prints what it changed, and changes nothing the second time.
import {describe, expect, it} from 'vitest';
import {backend, signedInUser} from './clients';
import {UsageError, runAdmin} from '../../scripts/admin';
import {approveOnCheckoutPage, invoke, profileOf, purchase, simControl, transactionsOf, type Created} from './premiumHelpers';

const connection = () => ({url: backend().url, serviceRoleKey: backend().serviceRoleKey, paypal: backend().paypal});

describe('npm run admin -- reconcile', () => {
  it('activates a paid subscription whose return and webhooks were both lost, once', async () => {
    const {client, user, email} = await signedInUser();
    const created = await invoke<Created>(client, 'create-subscription', {});
    await approveOnCheckoutPage(created.data!.approvalUrl, {webhooks: false});
    expect((await profileOf(user.id)).subscription_status).toBe('inactive');

    const first = await runAdmin(['reconcile', email], connection());
    expect(first).toEqual([`${created.data!.subscriptionId} (user ${user.id}): activated (paid at PayPal, never applied here)`, 'Checked 1 subscription; 1 changed.']);
    expect((await profileOf(user.id)).subscription_status).toBe('active');
    expect(await transactionsOf(user.id)).toHaveLength(1);

    expect(await runAdmin(['reconcile', email], connection())).toEqual(['Checked 1 subscription; everything already matched PayPal.']);
    expect(await transactionsOf(user.id)).toHaveLength(1);
  });

  it('applies a renewal and a cancellation whose webhooks were lost', async () => {
    const {client, user, email} = await signedInUser();
    const id = await purchase(client);
    const renewed = await simControl(`subscriptions/${id}/renew`, {webhooks: false});
    const nextBilling = (renewed.subscription as {billing_info: {next_billing_time: string}}).billing_info.next_billing_time;

    const first = await runAdmin(['reconcile', email], connection());
    expect(first[0]).toBe(`${id} (user ${user.id}): access extended to ${nextBilling.slice(0, 10)}`);
    expect(Date.parse((await profileOf(user.id)).subscription_end_date as string)).toBe(Date.parse(nextBilling));

    await simControl(`subscriptions/${id}/cancel`, {webhooks: false});
    expect(await runAdmin(['reconcile', email], connection())).toEqual([`${id} (user ${user.id}): marked cancelled`, 'Checked 1 subscription; 1 changed.']);
    expect((await profileOf(user.id)).subscription_status).toBe('cancelled');
    expect((await client.rpc('is_premium')).data).toBe(true);
    expect(await runAdmin(['reconcile', email], connection())).toEqual(['Checked 1 subscription; everything already matched PayPal.']);
  });

  it('needs a target and PayPal settings', async () => {
    await expect(runAdmin(['reconcile'], connection())).rejects.toBeInstanceOf(UsageError);
    await expect(runAdmin(['reconcile', '--all'], {url: backend().url, serviceRoleKey: backend().serviceRoleKey})).rejects.toThrow('reconcile needs PayPal');
  });
});
