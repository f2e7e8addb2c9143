// The simulator's test control API (service-role key as `apikey`): plays PayPal's side of a
// subscription's life (renewals, failures, suspension, cancellation, expiry, refunds, disputes), lists the
// webhook deliveries and resends one, as PayPal retries an event answered with a non-2xx.
import {json, readJson} from './api';
import {SimError, type PayPalSimulator, type WebhookEvent} from './state';
import type {WebhookQueue} from './webhooks';

type Action = (sim: PayPalSimulator, id: string, body: {outcome?: unknown}) => WebhookEvent[];

const ACTIONS: Record<string, Action> = {
  approve: (sim, id) => sim.approve(id),
  renew: (sim, id) => sim.renew(id),
  'fail-payment': (sim, id) => sim.failPayment(id),
  suspend: (sim, id) => sim.suspend(id),
  cancel: (sim, id) => sim.cancel(id, 'Cancelled through the simulator control API'),
  expire: (sim, id) => sim.expire(id),
  refund: (sim, id) => sim.refund(id),
  reverse: (sim, id) => sim.refund(id, 'PAYMENT.SALE.REVERSED'),
  dispute: (sim, id) => sim.dispute(id),
  'dispute-resolve': (sim, id, body) => {
    if (body.outcome !== 'buyer' && body.outcome !== 'seller') {
      throw new SimError(400, 'INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.', [
        {field: 'outcome', location: 'body', issue: 'INVALID_PARAMETER_VALUE', description: 'outcome must be "buyer" or "seller".'},
      ]);
    }
    return sim.resolveDispute(id, body.outcome);
  },
};

export function createControl(options: {controlKey: string; sim: PayPalSimulator; webhooks: WebhookQueue}) {
  const {sim, webhooks} = options;
  return async (request: Request, path: string): Promise<Response> => {
    if (request.headers.get('apikey') !== options.controlKey) {
      return json({name: 'AUTHENTICATION_FAILURE', message: 'The simulator control API needs the service role key as apikey.'}, 401);
    }
    if (path === '/test/flush' && request.method === 'POST') {
      await webhooks.idle();
      return json({delivered: webhooks.deliveries.length});
    }
    if (path === '/test/webhooks' && request.method === 'GET') {
      await webhooks.idle();
      return json({deliveries: webhooks.deliveries});
    }
    const resend = /^\/test\/webhooks\/([A-Za-z0-9-]+)\/resend$/.exec(path);
    if (resend && request.method === 'POST') {
      await webhooks.idle();
      const delivery = await webhooks.resend(resend[1] as string);
      if (!delivery) throw new SimError(404, 'RESOURCE_NOT_FOUND', 'No delivery of that event.');
      return json({delivery});
    }
    const m = /^\/test\/subscriptions\/([A-Za-z0-9-]+)\/([a-z-]+)$/.exec(path);
    const action = m ? ACTIONS[m[2] as string] : undefined;
    if (!m || !action || request.method !== 'POST') throw new SimError(404, 'RESOURCE_NOT_FOUND', 'Unknown simulator control.');
    await webhooks.idle();
    const id = m[1] as string;
    const body = ((await readJson(request)) ?? {}) as {webhooks?: boolean; outcome?: unknown};
    const events = action(sim, id, body);
    const delivered = body.webhooks === false ? [] : await webhooks.enqueue(events);
    return json({subscription: sim.view(sim.get(id), sim.urls, true), events, deliveries: delivered});
  };
}
