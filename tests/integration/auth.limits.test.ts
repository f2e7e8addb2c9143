// Settings that the shared backend relaxes: GoTrue's real rate limits and no resend spacing (to
// see an unconfirmed re-send). Refresh tokens are stepped outside the reuse interval by moving
// their last change into the past, not by waiting.
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {databaseQuery} from '../../scripts/lib/databaseQuery';
import {anonClient, authFetch, latestMail, mailCount, signedInUser, uniqueEmail, type Target} from './clients';
import {startBackend, type Backend} from './harness';

let server: Backend;
let target: Target;

beforeAll(async () => {
  server = await startBackend({rateLimitScale: 1, env: {MAILER_MAX_FREQUENCY: '0'}});
  target = server;
});

afterAll(async () => {
  await server?.stop();
});

async function refresh(refreshToken: string) {
  const response = await authFetch('/token?grant_type=refresh_token', {method: 'POST', body: JSON.stringify({refresh_token: refreshToken})}, target);
  return {status: response.status, body: (await response.json()) as Record<string, unknown>};
}

/** As if an hour had passed since the user's refresh tokens last changed: past the reuse interval (10 s). */
async function anHourLater(userId: string): Promise<void> {
  await databaseQuery(server, `update auth.refresh_tokens set updated_at = updated_at - interval '1 hour', created_at = created_at - interval '1 hour' where user_id = '${userId}'`);
}

describe('refresh token reuse outside the interval', () => {
  it('is refused as already used and revokes the whole family', async () => {
    const {session, user} = await signedInUser({target});
    const child = await refresh(session.refresh_token);
    expect(child.status).toBe(200);
    const grandchild = await refresh(String(child.body.refresh_token));
    expect(grandchild.status).toBe(200);
    await anHourLater(user.id);

    // The first token is no longer the parent of the active one: its reuse is a leak.
    const reuse = await refresh(session.refresh_token);
    expect(reuse.status).toBe(400);
    expect(reuse.body).toMatchObject({code: 'refresh_token_already_used', message: 'Invalid Refresh Token: Already Used'});
    // The token that the legitimate client (or the thief) holds is dead too.
    const latestAfter = await refresh(String(grandchild.body.refresh_token));
    expect(latestAfter.status).toBe(400);
    expect(latestAfter.body.code).toBe('refresh_token_already_used');
  });

  it('hands back the active token, however late, for the token it was issued from (a lost answer)', async () => {
    const {session, user} = await signedInUser({target});
    const child = await refresh(session.refresh_token);
    expect(child.status).toBe(200);
    await anHourLater(user.id);

    const again = await refresh(session.refresh_token);
    expect(again.status).toBe(200);
    expect(again.body.refresh_token).toBe(child.body.refresh_token);
    // Nothing was revoked: the active token still refreshes.
    expect((await refresh(String(child.body.refresh_token))).status).toBe(200);
  });
});

describe('unconfirmed sign-up again', () => {
  it('re-sends the confirmation mail and the newest link works', async () => {
    const email = uniqueEmail('again');
    await anonClient(target).auth.signUp({email, password: 'secret12'});
    const second = await anonClient(target).auth.signUp({email, password: 'secret12'});
    expect(second.error).toBeNull();
    // GoTrue answers an unconfirmed address with its real user again.
    expect(second.data.user?.identities).toHaveLength(1);
    expect(await mailCount(email, target)).toBe(2);
    const response = await fetch((await latestMail(email, target)).link, {redirect: 'manual'});
    expect(response.headers.get('location')).toContain('access_token=');
  });
});

describe('rate limits', () => {
  it('bite after GoTrue’s burst of 30 verify requests per IP', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 32; i += 1) {
      const response = await authFetch(
        '/verify',
        {method: 'POST', body: JSON.stringify({type: 'signup', token_hash: `${i}`.padStart(56, '0')})},
        target,
      );
      statuses.push(response.status);
      if (response.status === 429) {
        expect(await response.json()).toMatchObject({code: 'over_request_rate_limit', message: 'Request rate limit reached'});
        break;
      }
    }
    expect(statuses.filter((s) => s === 403).length).toBeGreaterThanOrEqual(28);
    expect(statuses.at(-1)).toBe(429);
    // Other buckets are unaffected and the server keeps serving.
    expect((await authFetch('/health', {}, target)).status).toBe(200);
  });

  it('give /recover its own bucket, as GoTrue does: exhausting it leaves sign-up, /otp and /resend open', async () => {
    let limited: Record<string, unknown> | null = null;
    for (let i = 0; i < 32 && !limited; i += 1) {
      const response = await authFetch('/recover', {method: 'POST', body: JSON.stringify({email: uniqueEmail('nobody')})}, target);
      const body = (await response.json()) as Record<string, unknown>;
      if (body.code === 'over_request_rate_limit') limited = body;
    }
    expect(limited).toMatchObject({code: 'over_request_rate_limit', message: 'Request rate limit reached'});

    const email = uniqueEmail('after-recover');
    const signUp = await anonClient(target).auth.signUp({email, password: 'secret-password-1'});
    expect(signUp.error).toBeNull();
    expect(signUp.data.user?.email).toBe(email);
    const magicLink = await anonClient(target).auth.signInWithOtp({email: uniqueEmail('nobody'), options: {shouldCreateUser: false}});
    expect(magicLink.error?.code).not.toBe('over_request_rate_limit');
    const resend = await anonClient(target).auth.resend({type: 'signup', email});
    expect(resend.error?.code).not.toBe('over_request_rate_limit');
  });
});
