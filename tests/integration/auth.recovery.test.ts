// Password recovery through the mailbox link, and the PKCE variants of sign-up and recovery.
import {describe, expect, it} from 'vitest';
import {anonClient, authFetch, followLink, latestMail, mailCount, signedInUser, uniqueEmail} from './clients';

describe('password recovery', () => {
  it('mails a reset link that yields a recovery session able to set a new password', async () => {
    const {email, password} = await signedInUser();
    const client = anonClient();
    const {error} = await client.auth.resetPasswordForEmail(email, {redirectTo: 'http://localhost:3000/reset-password'});
    expect(error).toBeNull();
    const mail = await latestMail(email);
    expect(mail.subject).toBe('Reset your Research Methods Academy password');
    expect(mail.link).toContain('type=recovery');

    const {status, location, fragment} = await followLink(mail.link);
    expect(status).toBe(303);
    expect(location.pathname).toBe('/reset-password');
    expect(fragment.get('type')).toBe('recovery');
    await client.auth.setSession({access_token: fragment.get('access_token')!, refresh_token: fragment.get('refresh_token')!});
    const updated = await client.auth.updateUser({password: 'recovered-pass'});
    expect(updated.error).toBeNull();

    expect((await anonClient().auth.signInWithPassword({email, password})).error?.code).toBe('invalid_credentials');
    expect((await anonClient().auth.signInWithPassword({email, password: 'recovered-pass'})).error).toBeNull();
    expect((await followLink(mail.link)).fragment.get('error_code')).toBe('otp_expired');
  });

  it('answers {} for unknown addresses without sending anything', async () => {
    const email = uniqueEmail('ghost');
    const response = await authFetch('/recover', {method: 'POST', body: JSON.stringify({email})});
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({});
    expect(await mailCount(email)).toBe(0);
  });

  it('validates the address and the body', async () => {
    expect((await anonClient().auth.resetPasswordForEmail('nope')).error?.status).toBe(400);
    expect((await authFetch('/recover', {method: 'POST', body: '{'})).status).toBe(400);
  });

  it('recovers with an e-mailed code through verifyOtp', async () => {
    const {email} = await signedInUser();
    await anonClient().auth.resetPasswordForEmail(email);
    const code = /code: (\d{6})/.exec((await latestMail(email)).text)?.[1] ?? '';
    const client = anonClient();
    const {data, error} = await client.auth.verifyOtp({type: 'recovery', email, token: code});
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(email);
  });
});

describe('PKCE', () => {
  it('confirms a sign-up with ?code= and exchangeCodeForSession', async () => {
    const client = anonClient(undefined, {flowType: 'pkce'});
    const email = uniqueEmail('pkce');
    const signUp = await client.auth.signUp({email, password: 'secret12', options: {emailRedirectTo: 'http://localhost:3000/cb'}});
    expect(signUp.error).toBeNull();
    const mail = await latestMail(email);
    expect(mail.link).toMatch(/token=pkce_[0-9a-f]{56}/);
    const {status, location} = await followLink(mail.link);
    expect(status).toBe(303);
    expect(location.pathname).toBe('/cb');
    const code = location.searchParams.get('code') ?? '';
    expect(code).toMatch(/^[0-9a-f-]{36}$/);
    const {data, error} = await client.auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(email);
    const amr = JSON.parse(Buffer.from(data.session!.access_token.split('.')[1]!, 'base64url').toString()).amr as {method: string}[];
    expect(amr[0]?.method).toBe('email/signup');

    const replay = await client.auth.exchangeCodeForSession(code);
    expect(replay.error).not.toBeNull();
  });

  it('refuses a wrong code verifier and unknown codes', async () => {
    const client = anonClient(undefined, {flowType: 'pkce'});
    const {email} = await signedInUser();
    await client.auth.resetPasswordForEmail(email, {redirectTo: 'http://localhost:3000/reset-password'});
    const {location} = await followLink((await latestMail(email)).link);
    const code = location.searchParams.get('code') ?? '';
    const wrong = await authFetch('/token?grant_type=pkce', {
      method: 'POST',
      body: JSON.stringify({auth_code: code, code_verifier: 'x'.repeat(64)}),
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({code: 'bad_code_verifier'});
    const unknown = await authFetch('/token?grant_type=pkce', {
      method: 'POST',
      body: JSON.stringify({auth_code: '00000000-0000-4000-8000-000000000000', code_verifier: 'x'.repeat(64)}),
    });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({code: 'flow_state_not_found'});
    // The right verifier still works: a failed attempt does not burn the flow.
    const {data, error} = await client.auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(email);
  });

  it('puts PKCE link errors in the query too', async () => {
    const {url} = (await import('./clients')).backend();
    const {location, fragment} = await followLink(`${url}/auth/v1/verify?token=pkce_${'0'.repeat(56)}&type=signup&redirect_to=http://localhost:3000/cb`);
    expect(location.searchParams.get('error_code')).toBe('otp_expired');
    expect(fragment.get('error_code')).toBe('otp_expired');
  });

  it('rejects half-specified PKCE parameters', async () => {
    const response = await authFetch('/signup', {
      method: 'POST',
      body: JSON.stringify({email: uniqueEmail(), password: 'secret12', code_challenge: 'a'.repeat(43)}),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({code: 'validation_failed'});
  });
});
