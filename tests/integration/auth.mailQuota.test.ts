// The project's e-mail quota as hosted Supabase applies it. Only mail that is really sent spends
// it: /recover for addresses nobody has (an attack run) must not use up the mails that real
// sign-ups and resets need. Without custom SMTP the built-in mailer's 2 e-mails an hour apply,
// however relaxed the backend's other limits are.
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {anonClient, authFetch, latestMail, mailCount, uniqueEmail, type Target} from './clients';
import {startBackend, type Backend} from './harness';

const recover = (email: string, target: Target) => authFetch('/recover', {method: 'POST', body: JSON.stringify({email})}, target);

/** What a caller can observe of an answer, minus the clock. */
async function observed(response: Response) {
  const headers = [...response.headers].filter(([name]) => name !== 'date');
  return {status: response.status, body: await response.text(), headers};
}

describe('with custom SMTP and email_sent = 3', () => {
  let server: Backend;
  beforeAll(async () => {
    server = await startBackend({rateLimitScale: 1, env: {GOTRUE_RATE_LIMIT_EMAIL_SENT: '3'}});
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('spends nothing on /recover for unknown addresses, so a real sign-up and reset still get their mail', async () => {
    for (let i = 0; i < 10; i += 1) {
      const response = await recover(uniqueEmail('nobody'), server);
      expect(response.status).toBe(200);
    }

    const email = uniqueEmail('real');
    const signUp = await anonClient(server).auth.signUp({email, password: 'secret12'});
    expect(signUp.error).toBeNull();
    expect((await latestMail(email, server)).subject).toBe('Confirm your Research Methods Academy account');

    const known = await recover(email, server);
    const unknown = await recover(uniqueEmail('nobody'), server);
    // The two answers cannot be told apart.
    expect(await observed(unknown)).toEqual(await observed(known));
    expect(known.status).toBe(200);
    expect((await latestMail(email, server)).subject).toBe('Reset your Research Methods Academy password');
    expect(await mailCount(email, server)).toBe(2);
  });

  it('answers 429 alike for known and unknown addresses once real mail has used the quota up', async () => {
    // The first test sent 2 of the 3; this reset sends the last.
    const email = uniqueEmail('last');
    expect((await anonClient(server).auth.signUp({email, password: 'secret12'})).error).toBeNull();
    expect(await mailCount(email, server)).toBe(1);

    const known = await recover(email, server);
    const unknown = await recover(uniqueEmail('nobody'), server);
    expect(known.status).toBe(429);
    expect(await observed(unknown)).toEqual(await observed(known));
    expect(await mailCount(email, server)).toBe(1);
  });
});

describe('without custom SMTP', () => {
  let server: Backend;
  beforeAll(async () => {
    // The default rate-limit scale (1000) relaxes every other limit; the built-in mailer's stays.
    server = await startBackend({env: {SMTP_ENABLED: 'false'}});
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('sends 2 e-mails an hour for the whole project, whatever email_sent says', async () => {
    const results = [];
    for (let i = 0; i < 3; i += 1) {
      const email = uniqueEmail('builtin');
      const {error} = await anonClient(server).auth.signUp({email, password: 'secret12'});
      results.push({error: error?.code ?? null, mails: await mailCount(email, server)});
    }
    expect(results).toEqual([
      {error: null, mails: 1},
      {error: null, mails: 1},
      {error: 'over_email_send_rate_limit', mails: 0},
    ]);
  });
});
