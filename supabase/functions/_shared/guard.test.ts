import {afterEach, describe, expect, it, vi} from 'vitest';
import {RETRY_TEXT, guarded} from './guard';
import {PayPalError} from './paypal';
import {VerificationError} from './subscription';
import {DatabaseError} from './supabase';

const call = async (error: unknown) => {
  const handler = guarded('test', ['POST'], async () => {
    throw error;
  });
  const response = await handler(new Request('http://fn.test/', {method: 'POST'}), {});
  return {status: response.status, body: (await response.json()) as {error: string}};
};

describe('function guard', () => {
  afterEach(() => vi.restoreAllMocks());

  it('answers a database failure 503 with a retry text and logs the detail instead of sending it', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const answer = await call(new DatabaseError('activating the subscription', {code: '42501', message: 'permission denied for function activate_paid_subscription'}));
    expect(answer).toEqual({status: 503, body: {error: RETRY_TEXT}});
    expect(log.mock.calls.flat().join(' ')).toContain('permission denied for function activate_paid_subscription');
  });

  it('never passes PayPal’s or an unknown error’s text on', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await call(new PayPalError(0, 'connect ECONNREFUSED 10.0.0.1:443'))).toEqual({status: 503, body: {error: `PayPal could not be reached. ${RETRY_TEXT}`}});
    const refused = await call(new PayPalError(422, 'UNPROCESSABLE_ENTITY — debug_id 8f1c'));
    expect(refused.status).toBe(502);
    expect(refused.body.error).not.toContain('debug_id');
    expect(await call(new Error('relation "public.x" does not exist'))).toEqual({status: 500, body: {error: 'Something went wrong; please try again'}});
  });

  it('passes a verified refusal on with its own status and text', async () => {
    expect(await call(new VerificationError('The PayPal subscription is for a different plan'))).toEqual({
      status: 409,
      body: {error: 'The PayPal subscription is for a different plan'},
    });
  });
});
