// Webhook delivery: each event is signed like PayPal signs it (over the exact body bytes sent)
// and POSTed to the site's paypal-webhook function, one at a time and in order. Deliveries are
// kept (the last 1000) so tests and the control API can resend them, as PayPal retries.
import crypto from 'node:crypto';
import {signWebhook, signedString, type SigningIdentity} from './signature';
import type {WebhookEvent} from './state';

export interface Delivery {
  event_id: string;
  event_type: string;
  status: number | null;
  error?: string;
  headers: Record<string, string>;
  body: string;
}

export interface WebhookQueue {
  enqueue(events: WebhookEvent[]): Promise<Delivery[]>;
  /** Delivers an earlier event again, freshly signed (PayPal's retry after a non-2xx answer). */
  resend(eventId: string): Promise<Delivery | null>;
  /** Resolves when every queued webhook has been delivered. */
  idle(): Promise<void>;
  deliveries: Delivery[];
}

export function createWebhookQueue(options: {url: string; certUrl: string; webhookId: () => string; signer: () => SigningIdentity}): WebhookQueue {
  const deliveries: Delivery[] = [];
  let queue: Promise<unknown> = Promise.resolve();

  async function deliver(event: WebhookEvent): Promise<Delivery> {
    const body = JSON.stringify(event);
    const transmissionId = crypto.randomUUID();
    const time = new Date().toISOString();
    const signature = signWebhook(options.signer().privateKey, signedString(transmissionId, time, options.webhookId(), body));
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'paypal-transmission-id': transmissionId,
      'paypal-transmission-time': time,
      'paypal-transmission-sig': signature,
      'paypal-cert-url': options.certUrl,
      'paypal-auth-algo': 'SHA256withRSA',
      'user-agent': 'PayPal/AUHD-214.0-58845614 (local-supabase simulator)',
    };
    const delivery: Delivery = {event_id: event.id, event_type: event.event_type, status: null, headers, body};
    try {
      const response = await fetch(options.url, {method: 'POST', headers, body});
      delivery.status = response.status;
      await response.arrayBuffer();
    } catch (error) {
      delivery.error = (error as Error).message;
    }
    deliveries.push(delivery);
    if (deliveries.length > 1000) deliveries.shift();
    return delivery;
  }

  return {
    deliveries,
    enqueue(events) {
      const run = queue.then(async () => {
        const out: Delivery[] = [];
        for (const event of events) out.push(await deliver(event));
        return out;
      });
      queue = run.catch(() => undefined);
      return run;
    },
    async resend(eventId) {
      const earlier = [...deliveries].reverse().find((d) => d.event_id === eventId);
      if (!earlier) return null;
      const [delivery] = await this.enqueue([JSON.parse(earlier.body) as WebhookEvent]);
      return delivery ?? null;
    },
    async idle() {
      await queue;
    },
  };
}
