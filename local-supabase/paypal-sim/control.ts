// The simulator's test control API (service-role key as `apikey`): plays PayPal's side of a
// subscription's life (renewals, failures, suspension, cancellation, expiry, refunds, disputes), lists the
// webhook deliveries and resends one, as PayPal retries an event answered with a non-2xx.
import {Hono} from 'hono';
import {json, readJson} from './api';
import {SimError, type PayPalSimulator, type WebhookEvent} from './state';
import type {WebhookQueue} from './webhooks';

const UNKNOWN_CONTROL = () => new SimError(404, 'RESOURCE_NOT_FOUND', 'Unknown simulator control.');

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

/** The control API's routes, mounted at /test of the simulator. */
export function createControl(options: {controlKey: string; sim: PayPalSimulator; webhooks: WebhookQueue}): Hono {
  const {sim, webhooks} = options;
  const control = new Hono();
  control.use(async (c, next) => {
    if (c.req.header('apikey') !== options.controlKey) {
      return json({name: 'AUTHENTICATION_FAILURE', message: 'The simulator control API needs the service role key as apikey.'}, 401);
    }
    await next();
    return undefined;
  });
  control.post('/flush', async () => {
    await webhooks.idle();
    return json({delivered: webhooks.deliveries.length});
  });
  control.get('/webhooks', async () => {
    await webhooks.idle();
    return json({deliveries: webhooks.deliveries});
  });
  control.post('/webhooks/:id{[A-Za-z0-9-]+}/resend', async (c) => {
    await webhooks.idle();
    const delivery = await webhooks.resend(c.req.param('id'));
    if (!delivery) throw new SimError(404, 'RESOURCE_NOT_FOUND', 'No delivery of that event.');
    return json({delivery});
  });
  control.post('/subscriptions/:id{[A-Za-z0-9-]+}/:action{[a-z-]+}', async (c) => {
    const action = Object.hasOwn(ACTIONS, c.req.param('action')) ? ACTIONS[c.req.param('action')] : undefined;
    if (!action) throw UNKNOWN_CONTROL();
    await webhooks.idle();
    const id = c.req.param('id');
    const body = ((await readJson(c.req.raw)) ?? {}) as {webhooks?: boolean; outcome?: unknown};
    const events = action(sim, id, body);
    const delivered = body.webhooks === false ? [] : await webhooks.enqueue(events);
    return json({subscription: sim.view(sim.get(id), sim.urls, true), events, deliveries: delivered});
  });
  control.all('*', () => {
    throw UNKNOWN_CONTROL();
  });
  return control;
}
