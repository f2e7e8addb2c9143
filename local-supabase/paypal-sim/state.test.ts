import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {PayPalSimulator, SimError} from './state';
import {createPayPalSim, SIM_PLAN_ID} from './index';
import {CorruptStateError} from './store';
import {PayPalClient} from '../../supabase/functions/_shared/paypal';

function expectSimError(fn: () => unknown, status: number, issue: string): void {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(SimError);
    expect((error as SimError).status).toBe(status);
    expect((error as SimError).details[0]?.issue).toBe(issue);
    return;
  }
  throw new Error('expected a SimError');
}

const override = (value: string) => ({billing_cycles: [{sequence: 1, total_cycles: 0, pricing_scheme: {fixed_price: {currency_code: 'USD', value}}}]});

describe('PayPal simulator state machine', () => {
  it('creates APPROVAL_PENDING subscriptions with the plan override price', () => {
    const sim = new PayPalSimulator();
    const {subscription} = sim.create({plan_id: SIM_PLAN_ID, custom_id: 'user-1', plan: override('39.2')}, null);
    expect(subscription).toMatchObject({status: 'APPROVAL_PENDING', plan_overridden: true, price: {currency_code: 'USD', value: '39.20'}, custom_id: 'user-1'});
    expect(subscription.id).toMatch(/^I-[A-Z0-9]{12}$/);
    const plain = sim.create({plan_id: SIM_PLAN_ID}, null).subscription;
    expect(plain).toMatchObject({plan_overridden: false, price: {value: '49.00'}});
  });

  it('honours PayPal-Request-Id', () => {
    const sim = new PayPalSimulator();
    const a = sim.create({plan_id: SIM_PLAN_ID}, 'req-1');
    const b = sim.create({plan_id: SIM_PLAN_ID}, 'req-1');
    expect(b.replayed).toBe(true);
    expect(b.subscription.id).toBe(a.subscription.id);
    expect(sim.create({plan_id: SIM_PLAN_ID}, 'req-2').subscription.id).not.toBe(a.subscription.id);
  });

  it('validates the create body like PayPal', () => {
    const sim = new PayPalSimulator();
    expectSimError(() => sim.create({}, null), 400, 'MISSING_REQUIRED_PARAMETER');
    expectSimError(() => sim.create({plan_id: 'nope'}, null), 404, 'INVALID_RESOURCE_ID');
    expectSimError(() => sim.create({plan_id: SIM_PLAN_ID, custom_id: 'x'.repeat(128)}, null), 400, 'INVALID_STRING_LENGTH');
    expectSimError(() => sim.create({plan_id: SIM_PLAN_ID, plan: override('abc')}, null), 400, 'INVALID_PARAMETER_VALUE');
  });

  it('approve → ACTIVE with a year paid, renew, fail, suspend, cancel, expire', () => {
    let now = new Date('2026-03-01T10:00:00Z');
    const sim = new PayPalSimulator(() => now);
    const {subscription: sub} = sim.create({plan_id: SIM_PLAN_ID, custom_id: 'u'}, null);
    expectSimError(() => sim.renew(sub.id), 422, 'SUBSCRIPTION_STATUS_INVALID');
    const events = sim.approve(sub.id);
    expect(events.map((e) => e.event_type)).toEqual(['BILLING.SUBSCRIPTION.ACTIVATED', 'PAYMENT.SALE.COMPLETED']);
    expect(sub.status).toBe('ACTIVE');
    expect(sub.start_time).toBe('2026-03-01T10:00:00Z');
    expect(sub.billing_info?.next_billing_time).toBe('2027-03-01T10:00:00Z');
    expect(sub.billing_info?.last_payment?.amount.value).toBe('49.00');
    expect(events[1]?.resource).toMatchObject({billing_agreement_id: sub.id, amount: {total: '49.00', currency: 'USD'}, state: 'completed'});
    expectSimError(() => sim.approve(sub.id), 422, 'SUBSCRIPTION_STATUS_INVALID');

    now = new Date('2027-03-01T10:00:00Z');
    const renewal = sim.renew(sub.id);
    expect(renewal[0]?.event_type).toBe('PAYMENT.SALE.COMPLETED');
    expect(renewal[0]?.resource.id).not.toBe(events[1]?.resource.id);
    expect(sub.billing_info?.next_billing_time).toBe('2028-03-01T10:00:00Z');
    expect(sub.billing_info?.cycle_executions[0]?.cycles_completed).toBe(2);

    expect(sim.failPayment(sub.id)[0]?.event_type).toBe('BILLING.SUBSCRIPTION.PAYMENT.FAILED');
    expect(sub.billing_info?.failed_payments_count).toBe(1);
    expect(sim.suspend(sub.id)[0]?.event_type).toBe('BILLING.SUBSCRIPTION.SUSPENDED');
    expect(sub.status).toBe('SUSPENDED');
    expect(sim.refund(sub.id)[0]).toMatchObject({event_type: 'PAYMENT.SALE.REFUNDED', resource: {sale_id: renewal[0]?.resource.id}});

    expectSimError(() => sim.cancel(sub.id, ''), 400, 'MISSING_REQUIRED_PARAMETER');
    expectSimError(() => sim.cancel(sub.id, 'x'.repeat(129)), 400, 'INVALID_STRING_LENGTH');
    expect(sim.cancel(sub.id, 'Not needed')[0]?.event_type).toBe('BILLING.SUBSCRIPTION.CANCELLED');
    expect(sub.status).toBe('CANCELLED');
    expectSimError(() => sim.cancel(sub.id, 'again'), 422, 'SUBSCRIPTION_STATUS_INVALID');
    expectSimError(() => sim.expire(sub.id), 422, 'SUBSCRIPTION_STATUS_INVALID');

    const other = sim.create({plan_id: SIM_PLAN_ID}, null).subscription;
    sim.approve(other.id);
    expect(sim.expire(other.id)[0]?.event_type).toBe('BILLING.SUBSCRIPTION.EXPIRED');
    expect(other.status).toBe('EXPIRED');
    expectSimError(() => sim.get('I-NOPE'), 404, 'INVALID_RESOURCE_ID');
  });
});

describe('PayPal simulator over HTTP with the functions’ PayPal client', () => {
  const apiUrl = 'http://sim.test';
  const handle = createPayPalSim({apiUrl, controlKey: 'control', webhookUrl: 'http://sim.test/hook'});
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    return (await handle.handle(request, new URL(request.url))) ?? new Response('not found', {status: 404});
  }) as typeof fetch;
  const env = handle.functionEnv;
  const client = new PayPalClient(
    {apiBase: env.PAYPAL_API_BASE as string, clientId: env.PAYPAL_CLIENT_ID as string, clientSecret: env.PAYPAL_CLIENT_SECRET as string, webhookId: env.PAYPAL_WEBHOOK_ID as string, planId: env.PAYPAL_PLAN_ID as string},
    fetchImpl,
  );

  it('refuses bad client credentials and missing tokens in PayPal’s shapes', async () => {
    const bad = new PayPalClient({...client.config, clientSecret: 'wrong'}, fetchImpl);
    await expect(bad.getPlan(SIM_PLAN_ID)).rejects.toMatchObject({status: 401});
    const response = await fetchImpl(`${env.PAYPAL_API_BASE}/v1/billing/subscriptions/I-X`);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({name: 'AUTHENTICATION_FAILURE'});
  });

  it('creates, shows and cancels a subscription', async () => {
    const created = await client.createSubscription({plan_id: SIM_PLAN_ID, custom_id: 'u1', application_context: {return_url: 'http://site.test/account?paypal=return'}}, 'r-1');
    expect(created.status).toBe('APPROVAL_PENDING');
    expect(created.links?.find((l) => l.rel === 'approve')?.href).toBe(`${apiUrl}/paypal-sim/checkout/${created.id}`);
    const page = await fetchImpl(`${apiUrl}/paypal-sim/checkout/${created.id}`);
    expect(await page.text()).toContain('PayPal simulator — local-supabase, no real money');
    const approve = await fetchImpl(`${apiUrl}/paypal-sim/checkout/${created.id}/approve`, {method: 'POST', body: 'webhooks=off', headers: {'content-type': 'application/x-www-form-urlencoded'}});
    expect(approve.status).toBe(302);
    const back = new URL(approve.headers.get('location') as string);
    expect(back.searchParams.get('paypal')).toBe('return');
    expect(back.searchParams.get('subscription_id')).toBe(created.id);
    expect(back.searchParams.get('ba_token')).toMatch(/^BA-/);
    const shown = await client.getSubscription(created.id);
    expect(shown).toMatchObject({status: 'ACTIVE', custom_id: 'u1', plan: {billing_cycles: [{pricing_scheme: {fixed_price: {value: '49.00'}}}]}});
    await expect(client.cancelSubscription(created.id, '')).rejects.toMatchObject({status: 400});
    await client.cancelSubscription(created.id, 'Done');
    expect((await client.getSubscription(created.id)).status).toBe('CANCELLED');
  });

  it('verify-webhook-signature accepts what the simulator signed and nothing else', async () => {
    const captured: {headers: Headers; body: string}[] = [];
    const delivering = createPayPalSim({
      apiUrl,
      controlKey: 'control',
      webhookUrl: 'http://sim.test/hook',
      credentials: {clientId: env.PAYPAL_CLIENT_ID as string, clientSecret: env.PAYPAL_CLIENT_SECRET as string, webhookId: env.PAYPAL_WEBHOOK_ID as string},
    });
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      if (request.url === 'http://sim.test/hook') {
        captured.push({headers: request.headers, body: await request.text()});
        return new Response('{}', {status: 200});
      }
      return (await delivering.handle(request, new URL(request.url))) ?? new Response(null, {status: 404});
    }) as typeof fetch;
    try {
      const c = new PayPalClient(client.config, globalThis.fetch);
      const created = await c.createSubscription({plan_id: SIM_PLAN_ID, custom_id: 'u2'}, 'r-2');
      await fetch(`${apiUrl}/paypal-sim/checkout/${created.id}/approve`, {method: 'POST'});
      await delivering.idle();
      expect(captured).toHaveLength(2);
      const first = captured[0]!;
      expect(await c.verifyWebhookSignature(first.headers, first.body)).toBe(true);
      expect(await c.verifyWebhookSignature(first.headers, first.body.replace('ACTIVATED', 'CANCELLED'))).toBe(false);
      const noSig = new Headers(first.headers);
      noSig.delete('paypal-transmission-sig');
      expect(await c.verifyWebhookSignature(noSig, first.body)).toBe(false);
      const wrongId = new PayPalClient({...c.config, webhookId: 'WH-SOMEONE-ELSE'}, globalThis.fetch);
      expect(await wrongId.verifyWebhookSignature(first.headers, first.body)).toBe(false);
      // The CRC is over the bytes delivered: the same event re-serialised differently does not verify,
      // and the delivered bytes verify even when they are not how JSON.stringify would write them.
      const reformatted = JSON.stringify(JSON.parse(first.body), null, 2);
      expect(await c.verifyWebhookSignature(first.headers, reformatted)).toBe(false);
      // Whitespace around the event changes the bytes too: PayPal's CRC covers them.
      expect(await c.verifyWebhookSignature(first.headers, ` ${first.body}\n`)).toBe(false);
      expect(await c.verifyWebhookSignature(first.headers, `${first.body} `)).toBe(false);
    } finally {
      globalThis.fetch = realFetch;
    }
  });

  it('guards the control API with the control key', async () => {
    const response = await fetchImpl(`${apiUrl}/paypal-sim/test/flush`, {method: 'POST'});
    expect(response.status).toBe(401);
    const ok = await fetchImpl(`${apiUrl}/paypal-sim/test/flush`, {method: 'POST', headers: {apikey: 'control'}});
    expect(ok.status).toBe(200);
  });
});

describe('PayPal simulator state file and credentials', () => {
  const call = (h: ReturnType<typeof createPayPalSim>, url: string, init?: RequestInit) => h.handle(new Request(url, init), new URL(url));
  const tokenResponse = (h: ReturnType<typeof createPayPalSim>, id: string, secret: string) =>
    call(h, 'http://a.test/paypal-sim/v1/oauth2/token', {
      method: 'POST',
      headers: {authorization: `Basic ${btoa(`${id}:${secret}`)}`},
      body: 'grant_type=client_credentials',
    });
  const tokenOf = async (h: ReturnType<typeof createPayPalSim>) =>
    ((await (await tokenResponse(h, h.functionEnv.PAYPAL_CLIENT_ID as string, h.functionEnv.PAYPAL_CLIENT_SECRET as string))!.json()) as {access_token: string}).access_token;
  const tempStateFile = () => path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'paypal-sim-')), 'paypal-sim.json');

  it('keeps subscriptions and the signing key across restarts', async () => {
    const stateFile = tempStateFile();
    const first = createPayPalSim({apiUrl: 'http://a.test', controlKey: 'k', stateFile});
    const created = await call(first, 'http://a.test/paypal-sim/v1/billing/subscriptions', {
      method: 'POST',
      headers: {authorization: `Bearer ${await tokenOf(first)}`, 'content-type': 'application/json'},
      body: JSON.stringify({plan_id: SIM_PLAN_ID}),
    });
    const {id} = (await created!.json()) as {id: string};
    const cert = await (await call(first, 'http://a.test/paypal-sim/v1/notifications/certs/CERT-LOCALSIM-1'))!.text();
    // Written by rename: no temporary file is left beside it.
    expect(fs.readdirSync(path.dirname(stateFile))).toEqual(['paypal-sim.json']);

    const second = createPayPalSim({apiUrl: 'http://a.test', controlKey: 'k', stateFile});
    const shown = await call(second, `http://a.test/paypal-sim/v1/billing/subscriptions/${id}`, {headers: {authorization: `Bearer ${await tokenOf(second)}`}});
    expect(shown!.status).toBe(200);
    expect(await (await call(second, 'http://a.test/paypal-sim/v1/notifications/certs/CERT-LOCALSIM-1'))!.text()).toBe(cert);
  });

  it('answers 415 UNSUPPORTED_MEDIA_TYPE to a JSON API body sent as another type, and creates nothing', async () => {
    const h = createPayPalSim({apiUrl: 'http://a.test', controlKey: 'k'});
    const token = await tokenOf(h);
    const before = h.simulator.subscriptions.size;
    for (const type of [undefined, 'text/plain;charset=UTF-8', 'application/x-www-form-urlencoded']) {
      const response = await call(h, 'http://a.test/paypal-sim/v1/billing/subscriptions', {
        method: 'POST',
        headers: {authorization: `Bearer ${token}`, ...(type ? {'content-type': type} : {})},
        body: JSON.stringify({plan_id: SIM_PLAN_ID}),
      });
      expect(response!.status, type).toBe(415);
      expect(await response!.json()).toMatchObject({name: 'UNSUPPORTED_MEDIA_TYPE', message: "The server does not support the request payload's media type."});
    }
    expect(h.simulator.subscriptions.size).toBe(before);
    const json = await call(h, 'http://a.test/paypal-sim/v1/billing/subscriptions', {
      method: 'POST',
      headers: {authorization: `Bearer ${token}`, 'content-type': 'application/json; charset=utf-8'},
      body: JSON.stringify({plan_id: SIM_PLAN_ID}),
    });
    expect(json!.status).toBe(201);
  });

  it('refuses to start on a damaged state file and leaves it for recovery', () => {
    const stateFile = tempStateFile();
    fs.writeFileSync(stateFile, '{"privateKeyPem": "-----BEGIN PRIV');
    expect(() => createPayPalSim({apiUrl: 'http://a.test', controlKey: 'k', stateFile})).toThrow(CorruptStateError);
    expect(() => createPayPalSim({apiUrl: 'http://a.test', controlKey: 'k', stateFile})).toThrow(/damaged.*restore it from a backup/);
    expect(fs.readFileSync(stateFile, 'utf8')).toBe('{"privateKeyPem": "-----BEGIN PRIV');
    fs.writeFileSync(stateFile, '[]');
    expect(() => createPayPalSim({apiUrl: 'http://a.test', controlKey: 'k', stateFile})).toThrow(CorruptStateError);
  });

  it('has new client credentials at every start; the old fixed ones are refused', async () => {
    const first = createPayPalSim({apiUrl: 'http://a.test', controlKey: 'k'});
    const second = createPayPalSim({apiUrl: 'http://a.test', controlKey: 'k'});
    expect(first.functionEnv.PAYPAL_CLIENT_SECRET).not.toBe(second.functionEnv.PAYPAL_CLIENT_SECRET);
    expect(first.functionEnv.PAYPAL_WEBHOOK_ID).not.toBe(second.functionEnv.PAYPAL_WEBHOOK_ID);
    expect((await tokenResponse(first, 'local-sim-client-id', 'local-sim-client-secret'))!.status).toBe(401);
    expect((await tokenResponse(first, second.functionEnv.PAYPAL_CLIENT_ID as string, second.functionEnv.PAYPAL_CLIENT_SECRET as string))!.status).toBe(401);
    expect(await tokenOf(first)).toMatch(/^A21AA/);
  });
});
