// check_discount_code is rate-limited in Postgres, per account and per client address, and
// answers PostgREST's 429 (PT429). Its own backend: the per-address bucket is shared by every
// test client on 127.0.0.1.
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {signedInUser, type Target} from './clients';
import {startBackend, type Backend} from './harness';

let server: Backend;
let target: Target;

beforeAll(async () => {
  server = await startBackend();
  target = server;
});

afterAll(async () => {
  await server?.stop();
});

async function check(client: Awaited<ReturnType<typeof signedInUser>>['client'], code: string) {
  const {data, error, status} = await client.rpc('check_discount_code', {p_code: code});
  return {data, error, status};
}

describe('discount code guessing', () => {
  it('allows 10 checks per account in 10 minutes, then answers 429 in PostgREST’s format', async () => {
    const {client} = await signedInUser({target});
    for (let i = 0; i < 10; i++) {
      expect(await check(client, `GUESS${i}`)).toMatchObject({status: 200, data: {percent_off: null, message: 'Unknown discount code'}});
    }
    const refused = await check(client, 'GUESS10');
    expect(refused.status).toBe(429);
    expect(refused.error).toMatchObject({
      code: 'PT429',
      message: 'Too many discount code checks; please wait a few minutes and try again',
    });
  });

  it('limits one address to 30 checks across accounts', async () => {
    // The first test used 11 from this address (the refused one is not counted).
    let used = 10;
    const refusedAt: number[] = [];
    for (let account = 0; account < 3; account++) {
      const {client} = await signedInUser({target});
      for (let i = 0; i < 8; i++) {
        const result = await check(client, `ADDR${account}X${i}`);
        used += 1;
        if (result.status === 429) refusedAt.push(used);
      }
    }
    expect(refusedAt[0]).toBe(31);
  });
});
