// A small PayPal REST client for the functions (works in Deno and Node: fetch only).
// PAYPAL_API_BASE is https://api-m.sandbox.paypal.com, https://api-m.paypal.com, or local-supabase's
// simulator (`<api>/paypal-sim`, set automatically when no PayPal credentials are configured).
export type Env = Record<string, string | undefined>;

export interface PayPalConfig {
  apiBase: string;
  clientId: string;
  clientSecret: string;
  webhookId: string;
  planId: string;
}

export class PayPalError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown = null,
  ) {
    super(message);
  }
}

export class ConfigError extends Error {}

export function paypalConfig(env: Env): PayPalConfig {
  const need = (name: string): string => {
    const value = env[name];
    if (!value) throw new ConfigError(`${name} is not configured`);
    return value;
  };
  return {
    apiBase: need('PAYPAL_API_BASE').replace(/\/+$/, ''),
    clientId: need('PAYPAL_CLIENT_ID'),
    clientSecret: need('PAYPAL_CLIENT_SECRET'),
    webhookId: need('PAYPAL_WEBHOOK_ID'),
    planId: need('PAYPAL_PLAN_ID'),
  };
}

export interface Money {
  currency_code: string;
  value: string;
}

export interface PayPalSubscription {
  id: string;
  status: string;
  plan_id: string;
  custom_id?: string;
  plan_overridden?: boolean;
  start_time?: string;
  create_time?: string;
  plan?: {billing_cycles?: {tenure_type?: string; sequence?: number; pricing_scheme?: {fixed_price?: Money}}[]};
  billing_info?: {
    next_billing_time?: string;
    last_payment?: {amount?: Money; time?: string};
    failed_payments_count?: number;
  };
  links?: {href: string; rel: string; method?: string}[];
}

export interface PayPalPlan {
  id: string;
  billing_cycles?: {tenure_type?: string; sequence?: number; pricing_scheme?: {fixed_price?: Money}}[];
}

function describe(status: number, body: unknown): string {
  const b = body as {message?: string; name?: string; error_description?: string; details?: {issue?: string; description?: string}[]} | null;
  const detail = b?.details?.[0];
  return [b?.name, b?.message ?? b?.error_description, detail ? `${detail.issue}: ${detail.description}` : null]
    .filter(Boolean)
    .join(' — ') || `PayPal answered ${status}`;
}

const tokenCache = new Map<string, {token: string; expires: number}>();

export class PayPalClient {
  constructor(
    readonly config: PayPalConfig,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  /** fetch, with a network failure as PayPalError status 0 (the guard answers it 503: retry). */
  private async send(url: string, init: RequestInit): Promise<Response> {
    try {
      return await this.fetchImpl(url, init);
    } catch (error) {
      throw new PayPalError(0, `PayPal could not be reached: ${(error as Error).message}`);
    }
  }

  private async token(): Promise<string> {
    const key = `${this.config.apiBase}|${this.config.clientId}`;
    const cached = tokenCache.get(key);
    if (cached && cached.expires > Date.now() + 60_000) return cached.token;
    const response = await this.send(`${this.config.apiBase}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${btoa(`${this.config.clientId}:${this.config.clientSecret}`)}`,
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
    });
    const body = (await response.json().catch(() => null)) as {access_token?: string; expires_in?: number} | null;
    if (!response.ok || !body?.access_token) throw new PayPalError(response.status, `PayPal authentication failed: ${describe(response.status, body)}`, body);
    tokenCache.set(key, {token: body.access_token, expires: Date.now() + (body.expires_in ?? 3600) * 1000});
    return body.access_token;
  }

  private forgetToken(): void {
    tokenCache.delete(`${this.config.apiBase}|${this.config.clientId}`);
  }

  /** fetch with a bearer token; a 401 (token revoked or expired early) gets one retry with a new token. */
  private async authorized(url: string, init: RequestInit & {headers: Record<string, string>}): Promise<Response> {
    const response = await this.send(url, {...init, headers: {...init.headers, Authorization: `Bearer ${await this.token()}`}});
    if (response.status !== 401) return response;
    await response.arrayBuffer();
    this.forgetToken();
    return this.send(url, {...init, headers: {...init.headers, Authorization: `Bearer ${await this.token()}`}});
  }

  async request<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{status: number; data: T}> {
    const response = await this.authorized(`${this.config.apiBase}${path}`, {
      method,
      headers: {
        Accept: 'application/json',
        ...(body === undefined ? {} : {'Content-Type': 'application/json'}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    let data: unknown = null;
    if (text) {
      try {
        data = JSON.parse(text);
      } catch {
        data = text;
      }
    }
    if (!response.ok) throw new PayPalError(response.status, describe(response.status, data), data);
    return {status: response.status, data: data as T};
  }

  async createSubscription(body: Record<string, unknown>, requestId: string): Promise<PayPalSubscription> {
    return (await this.request<PayPalSubscription>('POST', '/v1/billing/subscriptions', body, {'PayPal-Request-Id': requestId, Prefer: 'return=representation'})).data;
  }

  async getSubscription(id: string): Promise<PayPalSubscription> {
    return (await this.request<PayPalSubscription>('GET', `/v1/billing/subscriptions/${encodeURIComponent(id)}?fields=plan`)).data;
  }

  async getPlan(id: string): Promise<PayPalPlan> {
    return (await this.request<PayPalPlan>('GET', `/v1/billing/plans/${encodeURIComponent(id)}`)).data;
  }

  async cancelSubscription(id: string, reason: string): Promise<void> {
    await this.request('POST', `/v1/billing/subscriptions/${encodeURIComponent(id)}/cancel`, {reason: reason.slice(0, 128)});
  }

  /** Stops billing without ending the subscription (only an ACTIVE one; 422 otherwise). */
  async suspendSubscription(id: string, reason: string): Promise<void> {
    await this.request('POST', `/v1/billing/subscriptions/${encodeURIComponent(id)}/suspend`, {reason: reason.slice(0, 128)});
  }

  /** Bills a SUSPENDED subscription again at its next_billing_time (422 for any other state). */
  async activateSubscription(id: string, reason: string): Promise<void> {
    await this.request('POST', `/v1/billing/subscriptions/${encodeURIComponent(id)}/activate`, {reason: reason.slice(0, 128)});
  }

  /**
   * PayPal's verify-webhook-signature postback. The raw body is spliced into the request as is,
   * so the CRC PayPal computes is over the bytes it signed.
   */
  async verifyWebhookSignature(headers: Headers, rawBody: string): Promise<boolean> {
    const get = (name: string) => headers.get(name);
    const fields = {
      auth_algo: get('paypal-auth-algo'),
      cert_url: get('paypal-cert-url'),
      transmission_id: get('paypal-transmission-id'),
      transmission_sig: get('paypal-transmission-sig'),
      transmission_time: get('paypal-transmission-time'),
      webhook_id: this.config.webhookId,
    };
    if (Object.values(fields).some((v) => !v)) return false;
    const response = await this.authorized(`${this.config.apiBase}/v1/notifications/verify-webhook-signature`, {
      method: 'POST',
      headers: {'Content-Type': 'application/json', Accept: 'application/json'},
      body: `${JSON.stringify(fields).slice(0, -1)},"webhook_event":${rawBody}}`,
    });
    const body = (await response.json().catch(() => null)) as {verification_status?: string} | null;
    if (!response.ok) throw new PayPalError(response.status, `Webhook verification failed: ${describe(response.status, body)}`, body);
    return body?.verification_status === 'SUCCESS';
  }
}

/** The regular cycle's price of a subscription: its plan override, else its plan's. */
export async function regularPrice(client: PayPalClient, sub: PayPalSubscription): Promise<Money | null> {
  const pick = (cycles: PayPalPlan['billing_cycles']) =>
    cycles?.find((c) => (c.tenure_type ?? 'REGULAR') === 'REGULAR')?.pricing_scheme?.fixed_price ?? null;
  const override = pick(sub.plan?.billing_cycles);
  if (override) return override;
  return pick((await client.getPlan(sub.plan_id)).billing_cycles);
}
