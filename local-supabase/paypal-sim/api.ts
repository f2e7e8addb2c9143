// The simulator's PayPal REST API (what the functions call at PAYPAL_API_BASE): OAuth client
// credentials, plans, subscriptions (create/show/cancel/suspend/activate) and verify-webhook-signature, in the
// shapes of PayPal's v1 APIs, as Hono routes. No state of its own beyond access tokens.
import crypto from 'node:crypto';
import {Hono} from 'hono';
import {findNodeAtLocation, parseTree} from 'jsonc-parser';
import {PREMIUM_PLAN} from '../../shared/plan';
import {bearerToken} from '../../shared/bearer';
import {json as jsonResponse} from '../http/json';
import type {SimCredentials} from './credentials';
import {signedString, verifyWebhook, type SigningIdentity} from './signature';
import {DEFAULT_PLAN_PRICE, SimError, type PayPalSimulator, type WebhookEvent} from './state';

/** PayPal's JSON answers carry no charset; its 204s no body. */
export function json(body: unknown, status = 200): Response {
  return status === 204 ? new Response(null, {status}) : jsonResponse(body, status, {'content-type': 'application/json'});
}

const INVALID_REQUEST = 'Request is not well-formed, syntactically incorrect, or violates schema.';

export async function readJson(request: Request): Promise<unknown> {
  return parseBody(await request.text());
}

/**
 * The body of a call to one of PayPal's JSON APIs. PayPal answers 415 to a body sent as anything but
 * application/json, so a client that forgets the header fails here as it would against PayPal.
 */
async function readApiText(request: Request): Promise<string> {
  const text = await request.text();
  const type = (request.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
  if (text.trim() !== '' && type !== 'application/json') {
    throw new SimError(415, 'UNSUPPORTED_MEDIA_TYPE', "The server does not support the request payload's media type.");
  }
  return text;
}

const readApiJson = async (request: Request): Promise<unknown> => parseBody(await readApiText(request));

function parseBody(text: string): unknown {
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new SimError(400, 'INVALID_REQUEST', INVALID_REQUEST, [{issue: 'MALFORMED_REQUEST_JSON', description: 'The request JSON is not well formed.', location: 'body'}]);
  }
}

/**
 * The exact text of `webhook_event` in a verify-webhook-signature body: the bytes PayPal delivered,
 * from just after its colon to the next delimiter, so whitespace added around the event is part of
 * what the CRC covers, as it is part of the bytes received.
 */
function rawWebhookEvent(text: string): string | null {
  const root = parseTree(text);
  const value = root ? findNodeAtLocation(root, ['webhook_event']) : undefined;
  const property = value?.parent;
  if (!root || !value || property?.colonOffset === undefined) return null;
  const siblings = root.children ?? [];
  const next = siblings[siblings.indexOf(property) + 1];
  // The value ends at the comma before the next member, or at the object's closing brace.
  const end = next ? text.lastIndexOf(',', next.offset) : root.offset + root.length - 1;
  return text.slice(property.colonOffset + 1, end);
}

const AUTH_FAILURE = () =>
  json(
    {
      name: 'AUTHENTICATION_FAILURE',
      message: 'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
      links: [{href: 'https://developer.paypal.com/docs/api/overview/#error', rel: 'information_link'}],
    },
    401,
  );

const notFound = (description: string) => new SimError(404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.', [{issue: 'INVALID_RESOURCE_ID', description}]);

export interface ApiOptions {
  sim: PayPalSimulator;
  certUrl: string;
  credentials: SimCredentials;
  signer: () => SigningIdentity;
  enqueue: (events: WebhookEvent[]) => unknown;
}

/** The API's routes, mounted at /v1 of the simulator. */
export function createApi({sim, certUrl, credentials, signer, enqueue}: ApiOptions): Hono {
  const tokens = new Map<string, number>();

  function bearerOk(request: Request): boolean {
    const token = bearerToken(request.headers.get('authorization'));
    const expires = token === null ? undefined : tokens.get(token);
    return expires !== undefined && expires > Date.now();
  }

  async function token(request: Request): Promise<Response> {
    const m = /^Basic\s+(.+)$/i.exec(request.headers.get('authorization') ?? '');
    const [id, secret] = m ? Buffer.from(m[1] as string, 'base64').toString('utf8').split(':') : [];
    if (id !== credentials.clientId || secret !== credentials.clientSecret) {
      return json({error: 'invalid_client', error_description: 'Client Authentication failed'}, 401);
    }
    const form = new URLSearchParams(await request.text());
    if (form.get('grant_type') !== 'client_credentials') return json({error: 'unsupported_grant_type', error_description: 'Grant Type is NULL or not supported'}, 400);
    const accessToken = `A21AA${crypto.randomBytes(32).toString('base64url')}`;
    tokens.set(accessToken, Date.now() + 32_400_000);
    return json({
      scope: 'https://uri.paypal.com/services/subscriptions https://uri.paypal.com/services/applications/webhooks',
      access_token: accessToken,
      token_type: 'Bearer',
      app_id: 'APP-LOCALSIM',
      expires_in: 32400,
      nonce: `${new Date().toISOString()}${crypto.randomBytes(8).toString('hex')}`,
    });
  }

  function plan(planId: string): Response {
    if (!/^P-[A-Z0-9-]{1,50}$/.test(planId)) throw notFound('Invalid plan id.');
    return json({
      id: planId,
      product_id: 'PROD-LOCALSIM',
      name: PREMIUM_PLAN.name,
      status: 'ACTIVE',
      billing_cycles: [
        {frequency: {interval_unit: PREMIUM_PLAN.interval, interval_count: 1}, tenure_type: 'REGULAR', sequence: 1, total_cycles: 0, pricing_scheme: {fixed_price: DEFAULT_PLAN_PRICE, version: 1}},
      ],
      payment_preferences: {auto_bill_outstanding: true, setup_fee_failure_action: 'CANCEL', payment_failure_threshold: 0},
    });
  }

  async function create(request: Request): Promise<Response> {
    const {subscription, replayed} = sim.create(await readApiJson(request), request.headers.get('paypal-request-id'));
    const view = sim.view(subscription, sim.urls);
    const fields = ['id', 'status', 'status_update_time', 'plan_id', 'plan_overridden', 'start_time', 'quantity', 'custom_id', 'create_time', 'links'];
    return json(Object.fromEntries(fields.filter((f) => f in view).map((f) => [f, view[f]])), replayed ? 200 : 201);
  }

  /** PayPal's postback: the CRC is taken over webhook_event exactly as received, never re-serialised. */
  async function verify(request: Request): Promise<Response> {
    const text = await readApiText(request);
    const b = parseBody(text) as Record<string, unknown>;
    const required = ['auth_algo', 'cert_url', 'transmission_id', 'transmission_sig', 'transmission_time', 'webhook_id', 'webhook_event'];
    const missing = required.filter((f) => b[f] === undefined || b[f] === null || b[f] === '');
    if (missing.length > 0) {
      throw new SimError(400, 'INVALID_REQUEST', INVALID_REQUEST, missing.map((f) => ({field: `/${f}`, location: 'body', issue: 'MISSING_REQUIRED_PARAMETER', description: 'A required field / parameter is missing.'})));
    }
    const event = rawWebhookEvent(text);
    const ok =
      event !== null &&
      b.auth_algo === 'SHA256withRSA' &&
      b.cert_url === certUrl &&
      b.webhook_id === credentials.webhookId &&
      typeof b.transmission_sig === 'string' &&
      verifyWebhook(signer().certPem, signedString(String(b.transmission_id), String(b.transmission_time), credentials.webhookId, event), b.transmission_sig);
    return json({verification_status: ok ? 'SUCCESS' : 'FAILURE'});
  }

  const api = new Hono();
  // Open endpoints first: everything registered after the bearer check needs an access token.
  api.post('/oauth2/token', (c) => token(c.req.raw));
  api.get('/notifications/certs/:certId{[A-Za-z0-9-]+}', () => new Response(signer().certPem, {headers: {'content-type': 'application/x-pem-file'}}));
  api.use(async (c, next) => {
    if (!bearerOk(c.req.raw)) return AUTH_FAILURE();
    await next();
    return undefined;
  });
  api.get('/billing/plans/:id', (c) => plan(c.req.param('id')));
  api.post('/billing/subscriptions', (c) => create(c.req.raw));
  api.get('/billing/subscriptions/:id', (c) => {
    const fields = (c.req.query('fields') ?? '').split(',');
    return json(sim.view(sim.get(c.req.param('id')), sim.urls, fields.includes('plan')));
  });
  api.post('/billing/subscriptions/:id/cancel', async (c) => {
    const body = (await readApiJson(c.req.raw)) as {reason?: unknown};
    void enqueue(sim.cancel(c.req.param('id'), body.reason));
    return json(null, 204);
  });
  api.post('/billing/subscriptions/:id/suspend', async (c) => {
    const body = (await readApiJson(c.req.raw)) as {reason?: unknown};
    void enqueue(sim.suspendByMerchant(c.req.param('id'), body.reason));
    return json(null, 204);
  });
  api.post('/billing/subscriptions/:id/activate', async (c) => {
    const body = (await readApiJson(c.req.raw)) as {reason?: unknown};
    void enqueue(sim.activate(c.req.param('id'), body.reason));
    return json(null, 204);
  });
  api.post('/notifications/verify-webhook-signature', (c) => verify(c.req.raw));
  api.all('*', (c) => {
    throw new SimError(404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.', [
      {issue: 'INVALID_RESOURCE_ID', description: `No simulated endpoint ${c.req.method} ${c.req.path.slice(c.req.path.indexOf('/v1/'))}`},
    ]);
  });
  return api;
}
