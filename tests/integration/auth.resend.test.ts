// POST /auth/v1/resend: a new confirmation link for an unconfirmed account, nothing for others.
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {anonClient, followLink, latestMail, mailCount, uniqueEmail} from './clients';
import {startBackend, type Backend} from './harness';

describe('resend confirmation', () => {
  // Its own backend with no spacing between mails, so a resend right after sign-up is allowed.
  let target: Backend;
  beforeAll(async () => {
    target = await startBackend({env: {MAILER_MAX_FREQUENCY: '0'}});
  });
  afterAll(async () => {
    await target.stop();
  });

  it('mails a new confirmation link that signs the user in', async () => {
    const email = uniqueEmail('resend');
    const client = anonClient(target);
    expect((await client.auth.signUp({email, password: 'first-password'})).error).toBeNull();
    expect(await mailCount(email, target)).toBe(1);

    expect((await client.auth.resend({type: 'signup', email})).error).toBeNull();
    expect(await mailCount(email, target)).toBe(2);
    const followed = await followLink((await latestMail(email, target)).link);
    expect(followed.status).toBe(303);
    expect(followed.fragment.get('access_token')).toBeTruthy();
    expect(followed.fragment.get('type')).toBe('signup');
  });

  it('answers the same for unknown and confirmed addresses and sends nothing', async () => {
    const unknown = uniqueEmail('nobody');
    expect((await anonClient(target).auth.resend({type: 'signup', email: unknown})).error).toBeNull();
    expect(await mailCount(unknown, target)).toBe(0);

    const email = uniqueEmail('confirmed');
    await anonClient(target).auth.signUp({email, password: 'first-password'});
    await followLink((await latestMail(email, target)).link);
    expect((await anonClient(target).auth.resend({type: 'signup', email})).error).toBeNull();
    expect(await mailCount(email, target)).toBe(1);
  });

  it('refuses unsupported types and bad e-mails with 400', async () => {
    const bad = await anonClient(target).auth.resend({type: 'signup', email: 'not-an-email'});
    expect(bad.error?.status).toBe(400);
    const wrongType = await anonClient(target).auth.resend({type: 'sms', phone: '+15555550100'});
    expect(wrongType.error?.status).toBe(400);
  });
});
