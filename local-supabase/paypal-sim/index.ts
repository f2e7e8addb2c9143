// PayPal simulator mounted at /paypal-sim on the local-supabase API server, used whenever no
// PAYPAL_CLIENT_ID is configured (and always in tests): the functions talk to it exactly as to
// api-m.paypal.com. This file mounts the parts' Hono routes and saves the state after each change.
// Parts: api.ts (the REST API), state.ts (subscriptions and the events their changes produce),
// pages.ts (the approval page), webhooks.ts (signed deliveries), control.ts (the test control API),
// store.ts (the state file, when a data dir is used) and credentials.ts (client id, secret and
// webhook id, new at every start).
import crypto from 'node:crypto';
import {Hono} from 'hono';
import {createApi, json} from './api';
import {createControl} from './control';
import {newCredentials, type SimCredentials} from './credentials';
import {createCheckoutPages} from './pages';
import {createSigningIdentity, type SigningIdentity} from './signature';
import {PayPalSimulator, SimError} from './state';
import {loadState, saveState} from './store';
import {createWebhookQueue, type Delivery} from './webhooks';

export type {Delivery};

export const SIM_PREFIX = '/paypal-sim';
export const SIM_PLAN_ID = 'P-LOCALSIM-PREMIUM-YEARLY';

export interface PayPalSimOptions {
  apiUrl: string;
  /** Requests to /paypal-sim/test/* must carry this as `apikey` (the service role key). */
  controlKey: string;
  /** Where webhooks go; default `${apiUrl}/functions/v1/paypal-webhook`. */
  webhookUrl?: string;
  /** Keep subscriptions and the signing key here across restarts (absent: memory only). */
  stateFile?: string;
  /** Default: new random ones. */
  credentials?: SimCredentials;
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

function paypalError(error: SimError): Response {
  return json(
    {
      name: error.paypalName,
      message: error.message,
      debug_id: crypto.randomBytes(7).toString('hex'),
      details: error.details,
      links: [{href: `https://developer.paypal.com/docs/api/v1/billing/subscriptions#${error.paypalName}`, rel: 'information_link', method: 'GET'}],
    },
    error.status,
  );
}

/** Throws CorruptStateError when the state file exists but cannot be read. */
export function createPayPalSim(options: PayPalSimOptions): PayPalSimHandle {
  const base = `${options.apiUrl}${SIM_PREFIX}`;
  const certUrl = `${base}/v1/notifications/certs/CERT-LOCALSIM-1`;
  const credentials = options.credentials ?? newCredentials();
  const sim = new PayPalSimulator();
  sim.urls = {approveUrl: (id) => `${base}/checkout/${id}`, selfUrl: (id) => `${base}/v1/billing/subscriptions/${id}`};

  let identity: SigningIdentity | undefined;
  const stored = options.stateFile ? loadState(options.stateFile) : null;
  if (stored) {
    const privateKey = crypto.createPrivateKey(stored.privateKeyPem);
    identity = {privateKey, publicKey: crypto.createPublicKey(privateKey), certPem: stored.certPem};
    sim.restore(stored.simulator);
  }
  const signer = () => (identity ??= createSigningIdentity());
  const save = () => {
    if (!options.stateFile) return;
    const key = signer();
    saveState(options.stateFile, {privateKeyPem: key.privateKey.export({type: 'pkcs8', format: 'pem'}) as string, certPem: key.certPem, simulator: sim.snapshot()});
  };

  const webhooks = createWebhookQueue({url: options.webhookUrl ?? `${options.apiUrl}/functions/v1/paypal-webhook`, certUrl, webhookId: () => credentials.webhookId, signer});
  const enqueue = (events: Parameters<typeof webhooks.enqueue>[0]) => webhooks.enqueue(events);
  // State-changing calls are saved once they succeed; the token and signature checks change nothing.
  const READ_ONLY_POSTS = new Set(['/v1/oauth2/token', '/v1/notifications/verify-webhook-signature']);
  const app = new Hono().basePath(SIM_PREFIX);
  app.use(async (c, next) => {
    await next();
    const path = c.req.path.slice(SIM_PREFIX.length);
    if (c.req.method === 'POST' && !READ_ONLY_POSTS.has(path) && c.res.status < 400) save();
  });
  app.get('/', () => json({name: 'PayPal simulator (local-supabase)', note: 'No real money. REST API under /paypal-sim/v1.'}));
  app.route('/v1', createApi({sim, certUrl, credentials, signer, enqueue}));
  app.route('/checkout', createCheckoutPages({base, sim, enqueue}));
  app.route('/test', createControl({controlKey: options.controlKey, sim, webhooks}));
  app.notFound(() => paypalError(new SimError(404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.')));
  app.onError((error) => {
    if (error instanceof SimError) return paypalError(error);
    throw error;
  });

  return {
    simulator: sim,
    functionEnv: {
      PAYPAL_API_BASE: base,
      PAYPAL_CLIENT_ID: credentials.clientId,
      PAYPAL_CLIENT_SECRET: credentials.clientSecret,
      PAYPAL_WEBHOOK_ID: credentials.webhookId,
      PAYPAL_PLAN_ID: SIM_PLAN_ID,
    },
    idle: () => webhooks.idle(),
    async handle(request, url) {
      if (url.pathname !== SIM_PREFIX && !url.pathname.startsWith(`${SIM_PREFIX}/`)) return null;
      return app.fetch(request);
    },
  };
}
