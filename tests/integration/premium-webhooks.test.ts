// PayPal webhooks: signature checks that fail closed, each event recorded once, renewals,
// failures, cancellation, expiry and refunds keeping the profile and transactions true.
import {describe, expect, it} from 'vitest';
import {serviceClient, signedInUser} from './clients';
import {deliveries, invoke, postWebhook, profileOf, purchase, simControl, transactionsOf, type Delivery} from './premiumHelpers';

async function eventRows(eventId: string) {
  const {data, error} = await serviceClient().from('paypal_webhook_events').select('*').eq('event_id', eventId);
  if (error) throw error;
  return data;
}

async function lastDelivery(type: string, subscriptionId: string): Promise<Delivery> {
  const found = (await deliveries()).filter((d) => d.event_type === type && d.body.includes(subscriptionId)).at(-1);
  if (!found) throw new Error(`no ${type} delivery for ${subscriptionId}`);
  return found;
}

describe('PayPal webhooks', () => {
  it('delivers signed events the function accepts', async () => {
    const {client, user} = await signedInUser();
    const id = await purchase(client);
    const activated = await lastDelivery('BILLING.SUBSCRIPTION.ACTIVATED', id);
    const sale = await lastDelivery('PAYMENT.SALE.COMPLETED', id);
    expect(activated.status).toBe(200);
    expect(sale.status).toBe(200);
    expect(activated.headers['paypal-auth-algo']).toBe('SHA256withRSA');
    const cert = await fetch(activated.headers['paypal-cert-url'] as string);
    expect(await cert.text()).toContain('BEGIN CERTIFICATE');
    expect((await eventRows(JSON.parse(sale.body).id))[0]).toMatchObject({outcome: 'initial_payment'});
    // The first sale is the year already paid at activation: no second transaction, no extra year.
    expect(await transactionsOf(user.id)).toHaveLength(1);
  });

  it('refuses a missing or bad signature and writes nothing', async () => {
    const {client, user} = await signedInUser();
    const id = await purchase(client);
    const genuine = await lastDelivery('BILLING.SUBSCRIPTION.ACTIVATED', id);
    const forged = JSON.parse(genuine.body) as {id: string; event_type: string; resource: Record<string, unknown>};
    forged.id = `WH-FORGED-${Date.now()}`;
    forged.event_type = 'BILLING.SUBSCRIPTION.CANCELLED';
    forged.resource = {...forged.resource, status: 'CANCELLED'};
    const body = JSON.stringify(forged);

    const missing = await postWebhook(body, {});
    expect(missing.status).toBe(400);
    const wrongSig = await postWebhook(body, genuine.headers);
    expect(wrongSig.status).toBe(401);
    expect(wrongSig.json).toEqual({error: 'Invalid webhook signature'});
    const garbageSig = await postWebhook(body, {...genuine.headers, 'paypal-transmission-sig': 'AAAA'});
    expect(garbageSig.status).toBe(401);
    const otherCert = await postWebhook(genuine.body, {...genuine.headers, 'paypal-cert-url': 'https://evil.example.com/cert.pem'});
    expect(otherCert.status).toBe(401);
    // PayPal signs the bytes it sent: the genuine event with whitespace added around it is not them.
    const padded = await postWebhook(` ${genuine.body}\n`, genuine.headers);
    expect(padded.status).toBe(401);

    expect(await eventRows(forged.id)).toHaveLength(0);
    expect((await profileOf(user.id)).subscription_status).toBe('active');
    expect(await transactionsOf(user.id)).toHaveLength(1);
  });

  it('records a replayed event once', async () => {
    const {client, user} = await signedInUser();
    const id = await purchase(client);
    await simControl(`subscriptions/${id}/fail-payment`);
    const failed = await lastDelivery('BILLING.SUBSCRIPTION.PAYMENT.FAILED', id);
    const replay = await postWebhook(failed.body, failed.headers);
    expect(replay.status).toBe(200);
    expect(replay.json).toMatchObject({received: true, outcome: 'duplicate'});
    expect(await eventRows(JSON.parse(failed.body).id)).toHaveLength(1);
    const tx = await transactionsOf(user.id);
    expect(tx.filter((t) => t.transaction_type === 'payment_failed')).toHaveLength(1);
    expect(tx.find((t) => t.transaction_type === 'payment_failed')).toMatchObject({status: 'failed'});
  });

  it('a renewal extends the end date by a year and adds exactly one transaction', async () => {
    const {client, user} = await signedInUser();
    const id = await purchase(client);
    const before = Date.parse((await profileOf(user.id)).subscription_end_date as string);
    const result = await simControl(`subscriptions/${id}/renew`);
    expect((result.deliveries as Delivery[])[0]?.status).toBe(200);
    const renewal = await lastDelivery('PAYMENT.SALE.COMPLETED', id);
    await postWebhook(renewal.body, renewal.headers); // PayPal retrying the same event

    const after = Date.parse((await profileOf(user.id)).subscription_end_date as string);
    const days = (after - before) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(365);
    expect(days).toBeLessThanOrEqual(366);
    const renewals = (await transactionsOf(user.id)).filter((t) => t.transaction_type === 'renewal');
    expect(renewals).toHaveLength(1);
    expect(renewals[0]).toMatchObject({paypal_event_id: JSON.parse(renewal.body).resource.id, paypal_subscription_id: id, status: 'completed'});
    expect(Number(renewals[0]!.amount)).toBe(49);
    expect((await profileOf(user.id)).subscription_status).toBe('active');
  });

  it('cancellation keeps access until the end date', async () => {
    const {client, user} = await signedInUser();
    const id = await purchase(client);
    const end = (await profileOf(user.id)).subscription_end_date;
    const cancelled = await invoke(client, 'cancel-subscription', {reason: 'Finished my thesis'});
    expect(cancelled).toMatchObject({status: 200, data: {status: 'cancelled', subscriptionId: id}});
    await simControl('flush');
    // Suspended at PayPal while the paid year runs, so it can be resumed (premium-resume.test.ts);
    // the SUSPENDED webhook this sends does not pause Premium.
    expect((await lastDelivery('BILLING.SUBSCRIPTION.SUSPENDED', id)).status).toBe(200);
    const profile = await profileOf(user.id);
    expect(profile.subscription_status).toBe('cancelled');
    expect(profile.subscription_end_date).toBe(end);
    expect((await client.rpc('is_premium')).data).toBe(true);
    expect((await transactionsOf(user.id)).filter((t) => t.transaction_type === 'cancellation')).toHaveLength(1);
    expect((await invoke(client, 'cancel-subscription', {})).status).toBe(409);
  });

  it('suspension and expiry reach the profile and history', async () => {
    const {client, user} = await signedInUser();
    const id = await purchase(client);
    await simControl(`subscriptions/${id}/suspend`);
    expect((await profileOf(user.id)).subscription_status).toBe('suspended');
    expect((await client.rpc('is_premium')).data).toBe(false);
    await simControl(`subscriptions/${id}/renew`);
    expect((await profileOf(user.id)).subscription_status).toBe('active');
    await simControl(`subscriptions/${id}/expire`);
    expect((await profileOf(user.id)).subscription_status).toBe('expired');
    expect((await client.rpc('is_premium')).data).toBe(false);
    const types = (await transactionsOf(user.id)).map((t) => t.transaction_type);
    expect(types).toEqual(['subscription', 'suspension', 'renewal', 'expiry']);
  });

  it('a passed end date is not Premium even while the status says active', async () => {
    const {client, user} = await signedInUser();
    await purchase(client);
    expect((await client.rpc('is_premium')).data).toBe(true);
    const {error} = await serviceClient().from('profiles').update({subscription_end_date: new Date(Date.now() - 1000).toISOString()}).eq('id', user.id);
    expect(error).toBeNull();
    expect((await client.rpc('is_premium')).data).toBe(false);
  });
});
