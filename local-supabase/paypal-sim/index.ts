// PayPal REST simulator mounted at /paypal-sim on the local-supabase API server. Used whenever no
// PAYPAL_CLIENT_ID is configured (and always in tests): the functions talk to it exactly as to
// api-m.paypal.com. It also serves a clearly labelled approval page and delivers signed webhooks
// to /functions/v1/paypal-webhook. State is in memory: it lives as long as the process.
import crypto from 'node:crypto';
import fs from 'node:fs';
import {PayPalSimulator, SimError, type WebhookEvent} from './simulator';
import {createSigningIdentity, signWebhook, signedString, crc32, verifyWebhook, type SigningIdentity} from './signature';

export const SIM_PREFIX = '/paypal-sim';
export const SIM_CLIENT_ID = 'local-sim-client-id';
export const SIM_CLIENT_SECRET = 'local-sim-client-secret';
export const SIM_WEBHOOK_ID = 'WH-LOCAL-SIM-WEBHOOK';
export const SIM_PLAN_ID = 'P-LOCALSIM-PREMIUM-YEARLY';

export interface PayPalSimOptions {
  apiUrl: string;
  /** Requests to /paypal-sim/test/* must carry this as `apikey` (the service role key). */
  controlKey: string;
  /** Where webhooks go; default `${apiUrl}/functions/v1/paypal-webhook`. */
  webhookUrl?: string;
  /** Keep subscriptions and the signing key here across restarts (absent: memory only). */
  stateFile?: string;
}

interface StoredState {
  privateKeyPem: string;
  certPem: string;
  simulator: ReturnType<PayPalSimulator['snapshot']>;
}

export interface Delivery {
  event_id: string;
  event_type: string;
  status: number | null;
  error?: string;
  headers: Record<string, string>;
  body: string;
}

export interface PayPalSimHandle {
  /** Returns null for paths outside /paypal-sim. */
  handle(request: Request, url: URL): Promise<Response | null>;
  /** The environment the functions need to use the simulator. */
  functionEnv: Record<string, string>;
  simulator: PayPalSimulator;
  /** Resolves when every queued webhook has been delivered. */
  idle(): Promise<void>;
}

function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: status === 204 ? headers : {'content-type': 'application/json', ...headers},
  });
}

function debugId(): string {
  return crypto.randomBytes(7).toString('hex');
}

function paypalError(error: SimError): Response {
  return json({
    name: error.paypalName,
    message: error.message,
    debug_id: debugId(),
    details: error.details,
    links: [{href: `https://developer.paypal.com/docs/api/v1/billing/subscriptions#${error.paypalName}`, rel: 'information_link', method: 'GET'}],
  }, error.status);
}

const AUTH_FAILURE = () =>
  json({name: 'AUTHENTICATION_FAILURE', message: 'Authentication failed due to invalid authentication credentials or a missing Authorization header.', links: [{href: 'https://developer.paypal.com/docs/api/overview/#error', rel: 'information_link'}]}, 401);

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;'})[c] as string);
}

function withQuery(target: string, params: Record<string, string>): string {
  const u = new URL(target);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  return u.toString();
}

export function createPayPalSim(options: PayPalSimOptions): PayPalSimHandle {
  const base = `${options.apiUrl}${SIM_PREFIX}`;
  const webhookUrl = options.webhookUrl ?? `${options.apiUrl}/functions/v1/paypal-webhook`;
  const certUrl = `${base}/v1/notifications/certs/CERT-LOCALSIM-1`;
  const sim = new PayPalSimulator();
  sim.urls = {approveUrl: (id) => `${base}/checkout/${id}`, selfUrl: (id) => `${base}/v1/billing/subscriptions/${id}`};
  let identity: SigningIdentity | undefined;
  if (options.stateFile && fs.existsSync(options.stateFile)) {
    try {
      const stored = JSON.parse(fs.readFileSync(options.stateFile, 'utf8')) as StoredState;
      const privateKey = crypto.createPrivateKey(stored.privateKeyPem);
      identity = {privateKey, publicKey: crypto.createPublicKey(privateKey), certPem: stored.certPem};
      sim.restore(stored.simulator);
    } catch (error) {
      console.error(`[paypal-sim] ignoring unreadable ${options.stateFile}: ${(error as Error).message}`);
    }
  }
  const signer = () => (identity ??= createSigningIdentity());
  function save(): void {
    if (!options.stateFile) return;
    const state: StoredState = {
      privateKeyPem: signer().privateKey.export({type: 'pkcs8', format: 'pem'}) as string,
      certPem: signer().certPem,
      simulator: sim.snapshot(),
    };
    fs.writeFileSync(options.stateFile, JSON.stringify(state), {mode: 0o600});
  }
  const tokens = new Map<string, number>();
  const deliveries: Delivery[] = [];
  let queue: Promise<unknown> = Promise.resolve();

  async function deliverNow(event: WebhookEvent): Promise<Delivery> {
    const body = JSON.stringify(event);
    const transmissionId = crypto.randomUUID();
    const time = new Date().toISOString();
    const signature = signWebhook(signer().privateKey, signedString(transmissionId, time, SIM_WEBHOOK_ID, body));
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'paypal-transmission-id': transmissionId,
      'paypal-transmission-time': time,
      'paypal-transmission-sig': signature,
      'paypal-cert-url': certUrl,
      'paypal-auth-algo': 'SHA256withRSA',
      'user-agent': 'PayPal/AUHD-214.0-58845614 (local-supabase simulator)',
    };
    const delivery: Delivery = {event_id: event.id, event_type: event.event_type, status: null, headers, body};
    try {
      const response = await fetch(webhookUrl, {method: 'POST', headers, body});
      delivery.status = response.status;
      await response.arrayBuffer();
    } catch (error) {
      delivery.error = (error as Error).message;
    }
    deliveries.push(delivery);
    if (deliveries.length > 1000) deliveries.shift();
    return delivery;
  }

  /** Webhooks go out one at a time, in order, like a queue at PayPal. */
  function enqueue(events: WebhookEvent[]): Promise<Delivery[]> {
    const run = queue.then(async () => {
      const out: Delivery[] = [];
      for (const event of events) out.push(await deliverNow(event));
      return out;
    });
    queue = run.catch(() => undefined);
    return run;
  }

  function bearerOk(request: Request): boolean {
    const m = /^Bearer\s+(.+)$/i.exec(request.headers.get('authorization') ?? '');
    const expires = m ? tokens.get((m[1] as string).trim()) : undefined;
    return expires !== undefined && expires > Date.now();
  }

  async function readJson(request: Request): Promise<unknown> {
    const text = await request.text();
    if (text.trim() === '') return {};
    try {
      return JSON.parse(text);
    } catch {
      throw new SimError(400, 'INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.', [
        {issue: 'MALFORMED_REQUEST_JSON', description: 'The request JSON is not well formed.', location: 'body'},
      ]);
    }
  }

  function checkoutPage(id: string): Response {
    const sub = sim.get(id);
    const pending = sub.status === 'APPROVAL_PENDING';
    const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>PayPal simulator — approve subscription</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}
.banner{background:#fff3cd;border:2px solid #b58100;padding:.75rem 1rem;border-radius:.5rem;font-weight:600}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}dt{font-weight:600}
.actions{display:flex;gap:1rem;margin-top:1.5rem}button{font-size:1rem;padding:.6rem 1.4rem;border-radius:1.5rem;border:2px solid #003087;cursor:pointer}
.approve{background:#0070ba;color:#fff;border-color:#0070ba}.cancel{background:#fff;color:#003087}</style></head>
<body><main>
<p class="banner" role="note">PayPal simulator — local-supabase, no real money. Nothing here is charged.</p>
<h1>Approve your subscription</h1>
<dl><dt>Merchant</dt><dd>${escapeHtml(sub.brand_name ?? 'Research Methods Academy')}</dd>
<dt>Plan</dt><dd>${escapeHtml(sub.plan_id)}</dd>
<dt>Price</dt><dd><span data-testid="paypal-sim-amount">${escapeHtml(sub.price.value)} ${escapeHtml(sub.price.currency_code)}</span> every year until cancelled</dd>
<dt>Subscription</dt><dd>${escapeHtml(sub.id)}</dd><dt>Status</dt><dd>${escapeHtml(sub.status)}</dd></dl>
${
  pending
    ? `<div class="actions"><form method="post" action="${base}/checkout/${sub.id}/approve"><button class="approve" type="submit">Approve</button></form>
<form method="post" action="${base}/checkout/${sub.id}/cancel"><button class="cancel" type="submit">Cancel</button></form></div>`
    : '<p>This subscription is no longer waiting for approval.</p>'
}
</main></body></html>`;
    return new Response(html, {status: 200, headers: {'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store'}});
  }

  async function api(request: Request, path: string, url: URL): Promise<Response> {
    const method = request.method;
    if (path === '/v1/oauth2/token' && method === 'POST') {
      const m = /^Basic\s+(.+)$/i.exec(request.headers.get('authorization') ?? '');
      const [id, secret] = m ? Buffer.from(m[1] as string, 'base64').toString('utf8').split(':') : [];
      if (id !== SIM_CLIENT_ID || secret !== SIM_CLIENT_SECRET) {
        return json({error: 'invalid_client', error_description: 'Client Authentication failed'}, 401);
      }
      const form = new URLSearchParams(await request.text());
      if (form.get('grant_type') !== 'client_credentials') {
        return json({error: 'unsupported_grant_type', error_description: 'Grant Type is NULL or not supported'}, 400);
      }
      const token = `A21AA${crypto.randomBytes(32).toString('base64url')}`;
      tokens.set(token, Date.now() + 32_400_000);
      return json({
        scope: 'https://uri.paypal.com/services/subscriptions https://uri.paypal.com/services/applications/webhooks',
        access_token: token,
        token_type: 'Bearer',
        app_id: 'APP-LOCALSIM',
        expires_in: 32400,
        nonce: `${new Date().toISOString()}${crypto.randomBytes(8).toString('hex')}`,
      });
    }
    const certMatch = /^\/v1\/notifications\/certs\/([A-Za-z0-9-]+)$/.exec(path);
    if (certMatch && method === 'GET') {
      return new Response(signer().certPem, {headers: {'content-type': 'application/x-pem-file'}});
    }
    if (!bearerOk(request)) return AUTH_FAILURE();

    const planMatch = /^\/v1\/billing\/plans\/([^/]+)$/.exec(path);
    if (planMatch && method === 'GET') {
      const planId = decodeURIComponent(planMatch[1] as string);
      if (!/^P-[A-Z0-9-]{1,50}$/.test(planId)) throw new SimError(404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.', [{issue: 'INVALID_RESOURCE_ID', description: 'Invalid plan id.'}]);
      return json({
        id: planId,
        product_id: 'PROD-LOCALSIM',
        name: 'Premium (yearly)',
        status: 'ACTIVE',
        billing_cycles: [{frequency: {interval_unit: 'YEAR', interval_count: 1}, tenure_type: 'REGULAR', sequence: 1, total_cycles: 0, pricing_scheme: {fixed_price: {currency_code: 'USD', value: '49.00'}, version: 1}}],
        payment_preferences: {auto_bill_outstanding: true, setup_fee_failure_action: 'CANCEL', payment_failure_threshold: 0},
      });
    }
    if (path === '/v1/billing/subscriptions' && method === 'POST') {
      const {subscription, replayed} = sim.create(await readJson(request), request.headers.get('paypal-request-id'));
      const view = sim.view(subscription, sim.urls);
      const created = {
        id: view.id,
        status: view.status,
        status_update_time: view.status_update_time,
        plan_id: view.plan_id,
        plan_overridden: view.plan_overridden,
        start_time: view.start_time,
        quantity: view.quantity,
        custom_id: view.custom_id,
        create_time: view.create_time,
        links: view.links,
      };
      return json(created, replayed ? 200 : 201);
    }
    const subMatch = /^\/v1\/billing\/subscriptions\/([^/]+)(\/cancel)?$/.exec(path);
    if (subMatch) {
      const id = decodeURIComponent(subMatch[1] as string);
      if (!subMatch[2] && method === 'GET') {
        const fields = (url.searchParams.get('fields') ?? '').split(',');
        return json(sim.view(sim.get(id), sim.urls, fields.includes('plan')));
      }
      if (subMatch[2] && method === 'POST') {
        const body = (await readJson(request)) as {reason?: unknown};
        const events = sim.cancel(id, body.reason);
        void enqueue(events);
        return json(null, 204);
      }
    }
    if (path === '/v1/notifications/verify-webhook-signature' && method === 'POST') {
      const b = (await readJson(request)) as Record<string, unknown>;
      const required = ['auth_algo', 'cert_url', 'transmission_id', 'transmission_sig', 'transmission_time', 'webhook_id', 'webhook_event'];
      const missing = required.filter((f) => b[f] === undefined || b[f] === null || b[f] === '');
      if (missing.length > 0) {
        throw new SimError(400, 'INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.', missing.map((f) => ({field: `/${f}`, location: 'body', issue: 'MISSING_REQUIRED_PARAMETER', description: 'A required field / parameter is missing.'})));
      }
      const ok =
        b.auth_algo === 'SHA256withRSA' &&
        b.cert_url === certUrl &&
        b.webhook_id === SIM_WEBHOOK_ID &&
        typeof b.transmission_sig === 'string' &&
        verifyWebhook(
          signer().certPem,
          `${String(b.transmission_id)}|${String(b.transmission_time)}|${SIM_WEBHOOK_ID}|${crc32(JSON.stringify(b.webhook_event))}`,
          b.transmission_sig,
        );
      return json({verification_status: ok ? 'SUCCESS' : 'FAILURE'});
    }
    throw new SimError(404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.', [{issue: 'INVALID_RESOURCE_ID', description: `No simulated endpoint ${method} ${path}`}]);
  }

  async function checkout(request: Request, path: string): Promise<Response> {
    const m = /^\/checkout\/([A-Za-z0-9-]+)(\/approve|\/cancel)?$/.exec(path);
    if (!m) throw new SimError(404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.');
    const id = m[1] as string;
    if (!m[2]) return checkoutPage(id);
    if (request.method !== 'POST') return new Response('Method Not Allowed', {status: 405});
    const sub = sim.get(id);
    if (m[2] === '/cancel') {
      const target = sub.cancel_url ? withQuery(sub.cancel_url, {token: sub.id}) : `${base}/checkout/${id}`;
      return new Response(null, {status: 302, headers: {location: target}});
    }
    const events = sim.approve(id);
    const form = new URLSearchParams(await request.text());
    if (form.get('webhooks') !== 'off') void enqueue(events);
    const target = sub.return_url
      ? withQuery(sub.return_url, {subscription_id: sub.id, ba_token: `BA-${crypto.randomBytes(9).toString('hex').toUpperCase()}`, token: crypto.randomBytes(9).toString('hex').toUpperCase()})
      : `${base}/checkout/${id}`;
    return new Response(null, {status: 302, headers: {location: target}});
  }

  async function control(request: Request, path: string): Promise<Response> {
    if (request.headers.get('apikey') !== options.controlKey) {
      return json({name: 'AUTHENTICATION_FAILURE', message: 'The simulator control API needs the service role key as apikey.'}, 401);
    }
    if (path === '/test/flush' && request.method === 'POST') {
      await queue;
      return json({delivered: deliveries.length});
    }
    if (path === '/test/webhooks' && request.method === 'GET') {
      await queue;
      return json({deliveries});
    }
    const m = /^\/test\/subscriptions\/([A-Za-z0-9-]+)\/(approve|renew|fail-payment|suspend|cancel|expire|refund)$/.exec(path);
    if (!m || request.method !== 'POST') throw new SimError(404, 'RESOURCE_NOT_FOUND', 'Unknown simulator control.');
    await queue;
    const id = m[1] as string;
    const body = (await readJson(request)) as {webhooks?: boolean};
    const action = m[2] as string;
    const events =
      action === 'approve'
        ? sim.approve(id)
        : action === 'renew'
          ? sim.renew(id)
          : action === 'fail-payment'
            ? sim.failPayment(id)
            : action === 'suspend'
              ? sim.suspend(id)
              : action === 'cancel'
                ? sim.cancel(id, 'Cancelled through the simulator control API')
                : action === 'expire'
                  ? sim.expire(id)
                  : sim.refund(id);
    const delivered = body.webhooks === false ? [] : await enqueue(events);
    return json({subscription: sim.view(sim.get(id), sim.urls, true), events, deliveries: delivered});
  }

  return {
    simulator: sim,
    functionEnv: {
      PAYPAL_API_BASE: base,
      PAYPAL_CLIENT_ID: SIM_CLIENT_ID,
      PAYPAL_CLIENT_SECRET: SIM_CLIENT_SECRET,
      PAYPAL_WEBHOOK_ID: SIM_WEBHOOK_ID,
      PAYPAL_PLAN_ID: SIM_PLAN_ID,
    },
    idle: async () => {
      await queue;
    },
    async handle(request, url) {
      if (url.pathname !== SIM_PREFIX && !url.pathname.startsWith(`${SIM_PREFIX}/`)) return null;
      const path = url.pathname.slice(SIM_PREFIX.length) || '/';
      try {
        const changes = request.method === 'POST' && path !== '/v1/oauth2/token' && path !== '/v1/notifications/verify-webhook-signature';
        const response = path.startsWith('/v1/')
          ? await api(request, path, url)
          : path.startsWith('/checkout/')
            ? await checkout(request, path)
            : path.startsWith('/test/')
              ? await control(request, path)
              : null;
        if (response) {
          if (changes && response.status < 400) save();
          return response;
        }
        if (path === '/') return json({name: 'PayPal simulator (local-supabase)', note: 'No real money. REST API under /paypal-sim/v1.'});
        throw new SimError(404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.');
      } catch (error) {
        if (error instanceof SimError) return paypalError(error);
        throw error;
      }
    },
  };
}
