import {describe, expect, it} from 'vitest';
import {PayPalError, type PayPalClient} from './paypal';
import {stopAllBilling} from './subscription';
import type {ServiceClient} from './supabase';

/** A PayPal stand-in answering each subscription's GETs from a script of statuses or failures. */
function fakePayPal(script: Record<string, (string | PayPalError)[]>) {
  const cancelled: string[] = [];
  const client = {
    async getSubscription(id: string) {
      const next = script[id]?.shift() ?? 'CANCELLED';
      if (next instanceof PayPalError) throw next;
      return {id, status: cancelled.includes(id) ? 'CANCELLED' : next};
    },
    async cancelSubscription(id: string) {
      cancelled.push(id);
    },
  };
  return {client: client as unknown as PayPalClient, cancelled};
}

const admin = {rpc: async () => ({error: null})} as unknown as ServiceClient;

describe('stopAllBilling', () => {
  it('cancels every live subscription and retries PayPal outages', async () => {
    const {client, cancelled} = fakePayPal({
      'I-LIVE': [new PayPalError(503, 'down'), new PayPalError(0, 'unreachable'), 'ACTIVE'],
      'I-WAITING': ['APPROVAL_PENDING'],
      'I-SUSPENDED': ['SUSPENDED'],
    });
    expect(await stopAllBilling(admin, client, ['I-LIVE', 'I-WAITING', 'I-SUSPENDED'], 'Account deleted', {attempts: 3, pause: async () => undefined})).toEqual([]);
    expect(cancelled).toEqual(['I-LIVE', 'I-SUSPENDED']);
  });

  it('reports a subscription it could not stop instead of dropping it', async () => {
    const outage = () => new PayPalError(503, 'down');
    const {client, cancelled} = fakePayPal({'I-LIVE': [outage(), outage(), outage()]});
    expect(await stopAllBilling(admin, client, ['I-LIVE'], 'Account deleted', {attempts: 3, pause: async () => undefined})).toEqual(['I-LIVE']);
    expect(cancelled).toEqual([]);
  });

  it('does not retry a refusal that is not transient', async () => {
    const {client} = fakePayPal({'I-X': [new PayPalError(401, 'unauthorised')]});
    await expect(stopAllBilling(admin, client, ['I-X'], 'Account deleted', {attempts: 3, pause: async () => undefined})).rejects.toMatchObject({status: 401});
  });
});
