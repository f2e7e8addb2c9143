// Cancel and Resume (issue 26): cancelling the running subscription suspends it at PayPal, so
// Resume can activate it while the paid year runs; PayPal then bills at the same next billing
// time (no charge now, no free day); after the year, or after PayPal's own suspension for failed
// payments, there is nothing to resume.
import {describe, expect, it} from 'vitest';
import {backend, serviceClient, signedInUser} from './clients';
import {runAdmin} from '../../scripts/admin';
import {invoke, profileOf, purchase, simApi, simControl, transactionsOf} from './premiumHelpers';

interface SimView {
  status: string;
  billing_info?: {next_billing_time?: string; last_payment?: {time: string}};
}

const paypal = async (id: string) => (await simApi<SimView>('GET', `/v1/billing/subscriptions/${id}`)).data;

describe('resume-subscription', () => {
  it('cancel holds the subscription at PayPal; resume bills again at the same date and charges nothing now', async () => {
    const {client, user} = await signedInUser();
    const id = await purchase(client);
    const before = await paypal(id);
    const end = (await profileOf(user.id)).subscription_end_date;

    expect(await invoke(client, 'cancel-subscription', {})).toMatchObject({status: 200, data: {status: 'cancelled', subscriptionId: id, accessUntil: end}});
    await simControl('flush');
    expect((await paypal(id)).status).toBe('SUSPENDED');
    expect(await profileOf(user.id)).toMatchObject({subscription_status: 'cancelled', subscription_end_date: end});
    expect((await client.rpc('is_premium')).data).toBe(true);
    expect((await client.rpc('can_resume_subscription')).data).toBe(true);
    // The suspension's own webhook pauses nothing and adds no "Suspension" to the history.
    expect((await transactionsOf(user.id)).map((t) => t.transaction_type)).toEqual(['subscription', 'cancellation']);

    expect(await invoke(client, 'resume-subscription', {})).toMatchObject({status: 200, data: {status: 'active', subscriptionId: id, renewsOn: end}});
    await simControl('flush');
    const after = await paypal(id);
    expect(after.status).toBe('ACTIVE');
    // The renewal date PayPal bills at is the one the learner paid up to; no new payment was taken.
    expect(after.billing_info?.next_billing_time).toBe(before.billing_info?.next_billing_time);
    expect(after.billing_info?.last_payment?.time).toBe(before.billing_info?.last_payment?.time);
    expect(await profileOf(user.id)).toMatchObject({subscription_status: 'active', subscription_end_date: end});
    expect((await client.rpc('can_resume_subscription')).data).toBe(false);
    const types = (await transactionsOf(user.id)).map((t) => t.transaction_type);
    expect(types.filter((t) => t === 'cancellation' || t === 'resumption' || t === 'subscription')).toEqual(['subscription', 'cancellation', 'resumption']);
    // Nothing left to resume; a second resume is refused.
    expect((await invoke(client, 'resume-subscription', {})).status).toBe(409);

    // The next renewal extends the same year's end by one year, as before the cancel.
    await simControl(`subscriptions/${id}/renew`);
    const renewed = Date.parse((await profileOf(user.id)).subscription_end_date as string);
    expect(Math.round((renewed - Date.parse(end as string)) / 86_400_000)).toBeGreaterThanOrEqual(365);
  });

  it('refuses once the paid year is over; reconcile then cancels the held subscription at PayPal for good', async () => {
    const {client, user, email} = await signedInUser();
    const id = await purchase(client);
    expect((await invoke(client, 'cancel-subscription', {})).status).toBe(200);
    const {error} = await serviceClient()
      .from('profiles')
      .update({subscription_end_date: new Date(Date.now() - 60_000).toISOString()})
      .eq('id', user.id);
    expect(error).toBeNull();
    expect((await client.rpc('can_resume_subscription')).data).toBe(false);
    expect(await invoke(client, 'resume-subscription', {})).toMatchObject({status: 409});
    expect((await paypal(id)).status).toBe('SUSPENDED');
    const {data: ended} = await serviceClient().rpc('held_subscriptions_ended');
    expect(ended).toContain(id);
    expect((await transactionsOf(user.id)).some((t) => t.transaction_type === 'resumption')).toBe(false);
    const report = await runAdmin(['reconcile', email], {url: backend().url, serviceRoleKey: backend().serviceRoleKey, paypal: backend().paypal});
    expect(report).toContain(`${id}: cancelled at PayPal (cancelled by the subscriber, paid year over)`);
    expect((await paypal(id)).status).toBe('CANCELLED');
    expect((await serviceClient().rpc('held_subscriptions_ended')).data).not.toContain(id);
  });

  it('a subscription PayPal suspended after failed payments is not resumable, and a stranger has nothing to resume', async () => {
    const {client, user} = await signedInUser();
    const id = await purchase(client);
    await simControl(`subscriptions/${id}/fail-payment`);
    await simControl(`subscriptions/${id}/suspend`);
    expect((await profileOf(user.id)).subscription_status).toBe('suspended');
    expect(await invoke(client, 'resume-subscription', {})).toMatchObject({status: 409});
    expect((await paypal(id)).status).toBe('SUSPENDED');

    const stranger = await signedInUser();
    expect((await stranger.client.rpc('can_resume_subscription')).data).toBe(false);
    expect(await invoke(stranger.client, 'resume-subscription', {})).toMatchObject({status: 409});
    // The service-role functions are not the learner's to call.
    expect((await stranger.client.rpc('resume_held_subscription', {p_subscription_id: id})).error).not.toBeNull();
    expect((await stranger.client.rpc('resumable_subscription', {p_user: user.id})).error).not.toBeNull();
  });

  it('a dispute on a held subscription decided for the seller gives back "cancelled", still resumable', async () => {
    const {client, user} = await signedInUser();
    const id = await purchase(client);
    expect((await invoke(client, 'cancel-subscription', {})).status).toBe(200);
    await simControl(`subscriptions/${id}/dispute`);
    expect((await profileOf(user.id)).subscription_status).toBe('suspended');
    expect((await client.rpc('can_resume_subscription')).data).toBe(false);
    await simControl(`subscriptions/${id}/dispute-resolve`, {outcome: 'seller'});
    expect((await profileOf(user.id)).subscription_status).toBe('cancelled');
    expect((await client.rpc('is_premium')).data).toBe(true);
    expect((await invoke(client, 'resume-subscription', {})).status).toBe(200);
    expect((await profileOf(user.id)).subscription_status).toBe('active');
  });

  it('PayPal refuses to activate what is not suspended, with its 422', async () => {
    const {client} = await signedInUser();
    const id = await purchase(client);
    const refused = await simApi<{name: string; details: {issue: string}[]}>('POST', `/v1/billing/subscriptions/${id}/activate`, {reason: 'test'});
    expect(refused.status).toBe(422);
    expect(refused.data).toMatchObject({name: 'UNPROCESSABLE_ENTITY', details: [{issue: 'SUBSCRIPTION_STATUS_INVALID'}]});
    const missing = await simApi<{name: string}>('POST', `/v1/billing/subscriptions/${id}/suspend`, {});
    expect(missing.status).toBe(400);
  });
});
