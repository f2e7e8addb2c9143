// PayPal simulator mounted at /paypal-sim on the local-supabase API server, used whenever no
// PAYPAL_CLIENT_ID is configured (and always in tests): the functions talk to it exactly as to
// api-m.paypal.com. Parts: api.ts (the REST API), state.ts (subscriptions and the events their
// changes produce), pages.ts (the approval page), webhooks.ts (signed deliveries), control.ts
// (the test control API), store.ts (the state file, when a data dir is used) and credentials.ts
// (client id, secret and webhook id, new at every start).
import crypto from 'node:crypto';
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
  const api = createApi({sim, certUrl, credentials, signer, enqueue});
  const pages = createCheckoutPages({base, sim, enqueue});
  const control = createControl({controlKey: options.controlKey, sim, webhooks});

  async function route(request: Request, path: string, url: URL): Promise<Response | null> {
    if (path.startsWith('/v1/')) return api(request, path, url);
    if (path.startsWith('/checkout/')) return pages.handle(request, path);
    if (path.startsWith('/test/')) return control(request, path);
    if (path === '/') return json({name: 'PayPal simulator (local-supabase)', note: 'No real money. REST API under /paypal-sim/v1.'});
    return null;
  }

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
      const path = url.pathname.slice(SIM_PREFIX.length) || '/';
      try {
        const response = await route(request, path, url);
        if (!response) throw new SimError(404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.');
        const changes = request.method === 'POST' && path !== '/v1/oauth2/token' && path !== '/v1/notifications/verify-webhook-signature';
        if (changes && response.status < 400) save();
        return response;
      } catch (error) {
        if (error instanceof SimError) return paypalError(error);
        throw error;
      }
    },
  };
}
