// Attacks on /auth/v1: links that would carry a victim's tokens elsewhere, and answers that would
// tell an attacker which e-mail addresses have accounts.
import {describe, expect, it} from 'vitest';
import {totpCode} from '../../local-supabase/auth/totp';
import {anonClient, authFetch, followLink, latestMail, serviceClient, signedInUser, uniqueEmail} from './clients';

const SITE = 'http://localhost:3000';

async function confirmedUser() {
  const email = uniqueEmail('victim');
  const password = 'correct-horse-battery';
  const {error} = await serviceClient().auth.admin.createUser({email, password, email_confirm: true});
  if (error) throw error;
  return {email, password};
}

/** Asks for a recovery mail with `redirectTo` and returns where its link finally sends the browser. */
async function recoveryLanding(redirectTo: string): Promise<URL> {
  const {email} = await confirmedUser();
  const res = await authFetch(`/recover?redirect_to=${encodeURIComponent(redirectTo)}`, {method: 'POST', body: JSON.stringify({email})});
  expect(res.status).toBe(200);
  const {location, fragment} = await followLink((await latestMail(email)).link);
  expect(fragment.get('access_token')).toBeTruthy();
  return location;
}

describe('redirect_to allow list', () => {
  it('never sends recovery tokens to another host through userinfo, decimal IPs or look-alike hosts', async () => {
    for (const evil of [
      'http://localhost:3000@1572395042/',
      'http://localhost:3000@evil.example/',
      'http://localhost:3000.evil.example/',
      'http://localhost:3000\\@evil.example/',
      'https://localhost:3000/',
      'http://127.0.0.1:3001/',
      'http://localhost:3001/',
      '//evil.example/',
      'javascript:alert(1)',
    ]) {
      const landing = await recoveryLanding(evil);
      expect(landing.origin, evil).toBe(SITE);
      expect(landing.username, evil).toBe('');
    }
  });

  it('keeps an allowed redirect_to: the site origin, or a match of config.toml\'s additional_redirect_urls', async () => {
    expect((await recoveryLanding(`${SITE}/reset-password`)).pathname).toBe('/reset-password');
    const listed = await recoveryLanding('http://127.0.0.1:3000/reset-password?next=%2Fprogress');
    expect(`${listed.origin}${listed.pathname}${listed.search}`).toBe('http://127.0.0.1:3000/reset-password?next=%2Fprogress');
  });

  it('answers a redirect_to with CR/LF with a redirect to the site URL, not a 500 or an injected header', async () => {
    const {email} = await confirmedUser();
    await authFetch('/recover', {method: 'POST', body: JSON.stringify({email})});
    const link = new URL((await latestMail(email)).link);
    link.searchParams.set('redirect_to', `${SITE}/x\r\nset-cookie: stolen=1`);
    const res = await fetch(link, {redirect: 'manual'});
    expect(res.status).toBe(303);
    expect(res.headers.get('set-cookie')).toBeNull();
    const location = new URL(res.headers.get('location') ?? '');
    expect(location.origin).toBe(SITE);
    expect(new URLSearchParams(location.hash.slice(1)).get('access_token')).toBeTruthy();
  });
});

describe('account enumeration', () => {
  const shape = (body: Record<string, unknown>) => ({
    keys: Object.keys(body).sort(),
    role: body.role,
    identities: body.identities,
    appMetadata: body.app_metadata,
  });

  it('answers sign-up as GoTrue does: the real user for a new or unconfirmed address, an obfuscated one for a confirmed address', async () => {
    const fresh = uniqueEmail('fresh');
    const unconfirmed = uniqueEmail('pending');
    const created = await serviceClient().auth.admin.createUser({email: unconfirmed, password: 'secret12', email_confirm: false});
    expect(created.error).toBeNull();
    const {email: confirmed} = await confirmedUser();

    const answers = [];
    for (const email of [fresh, unconfirmed, confirmed]) {
      const res = await authFetch('/signup', {method: 'POST', body: JSON.stringify({email, password: 'secret12'})});
      expect(res.status, email).toBe(200);
      answers.push((await res.json()) as Record<string, unknown>);
    }
    const [freshUser, pendingUser, confirmedUser_] = answers;
    expect((freshUser?.identities as unknown[]).length).toBe(1);
    expect(freshUser?.role).toBe('authenticated');
    expect(pendingUser?.id).toBe(created.data.user?.id);
    expect((pendingUser?.identities as unknown[]).length).toBe(1);
    // The keys a client reads to tell a taken address (sanitizeUser) match the real user's.
    expect(shape(confirmedUser_ ?? {}).keys).toEqual(shape(freshUser ?? {}).keys);
    expect(confirmedUser_?.identities).toEqual([]);
    expect(confirmedUser_?.app_metadata).toEqual(freshUser?.app_metadata);
  });

  it('spaces mails per address whether or not it has an account (signup, recover, resend)', async () => {
    const {email: known} = await confirmedUser();
    const unknown = uniqueEmail('nobody');
    for (const [path, body] of [
      ['/recover', (email: string) => ({email})],
      ['/resend', (email: string) => ({type: 'signup', email})],
    ] as const) {
      const statuses: Record<string, number[]> = {};
      const bodies: Record<string, unknown> = {};
      for (const email of [known, unknown]) {
        const first = await authFetch(path, {method: 'POST', body: JSON.stringify(body(email))});
        const second = await authFetch(path, {method: 'POST', body: JSON.stringify(body(email))});
        statuses[email] = [first.status, second.status];
        await first.text();
        bodies[email] = ((await second.json()) as {code: string}).code;
      }
      expect(statuses[known], path).toEqual([200, 429]);
      expect(statuses[unknown], path).toEqual(statuses[known]);
      expect(bodies[unknown], path).toBe(bodies[known]);
    }
    const signUps = [];
    for (const email of [uniqueEmail('twice'), known]) {
      await authFetch('/signup', {method: 'POST', body: JSON.stringify({email, password: 'secret12'})});
      signUps.push((await authFetch('/signup', {method: 'POST', body: JSON.stringify({email, password: 'secret12'})})).status);
    }
    expect(signUps[1]).toBe(signUps[0]);
  });

  it('answers a wrong password and an unknown address identically', async () => {
    const {email} = await confirmedUser();
    const wrong = await authFetch('/token?grant_type=password', {method: 'POST', body: JSON.stringify({email, password: 'not-the-password'})});
    const unknown = await authFetch('/token?grant_type=password', {
      method: 'POST',
      body: JSON.stringify({email: uniqueEmail('ghost'), password: 'not-the-password'}),
    });
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(wrong.status);
    expect(await unknown.json()).toEqual(await wrong.json());
  });
});

describe('TOTP', () => {
  it('accepts a code once per factor, even from another session, and the next step\u2019s code after it', async () => {
    const {client, email, password} = await signedInUser();
    const enrolled = await client.auth.mfa.enroll({factorType: 'totp', friendlyName: 'phone'});
    expect(enrolled.error).toBeNull();
    const factor = enrolled.data!;
    const code = totpCode(factor.totp.secret);
    const first = await client.auth.mfa.challengeAndVerify({factorId: factor.id, code});
    expect(first.error).toBeNull();

    // An attacker with the password and the code just used, in a session of their own.
    const other = anonClient();
    expect((await other.auth.signInWithPassword({email, password})).error).toBeNull();
    const replay = await other.auth.mfa.challengeAndVerify({factorId: factor.id, code});
    expect(replay.error?.status).toBe(422);
    expect(replay.error?.code).toBe('mfa_verification_failed');

    const next = await other.auth.mfa.challengeAndVerify({factorId: factor.id, code: totpCode(factor.totp.secret, Date.now() + 30_000)});
    expect(next.error).toBeNull();
  });
});
