// Sign-up with e-mail confirmation on: the real user, the mailbox link, GET/POST /verify.
import {describe, expect, it} from 'vitest';
import {anonClient, authFetch, backend, followLink, latestMail, mailCount, serviceClient, uniqueEmail} from './clients';

const REDIRECT = 'http://localhost:3000/welcome';

describe('sign-up', () => {
  it('returns the real user with its identity, mails a branded confirmation link and signs in through it', async () => {
    const client = anonClient();
    const email = uniqueEmail('signup');
    const {data, error} = await client.auth.signUp({
      email,
      password: 'secret12',
      options: {data: {full_name: 'Ada Lovelace'}, emailRedirectTo: REDIRECT},
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.email_confirmed_at).toBeUndefined();
    // GoTrue answers a new address with the real user and its e-mail identity.
    expect(data.user?.user_metadata).toMatchObject({full_name: 'Ada Lovelace'});
    expect(data.user?.role).toBe('authenticated');
    expect(data.user?.confirmation_sent_at).toBeTruthy();
    expect(data.user?.identities).toHaveLength(1);
    expect(data.user?.identities?.[0]).toMatchObject({provider: 'email', user_id: data.user?.id, id: data.user?.id});
    expect(data.user?.identities?.[0]?.identity_data).toMatchObject({email, email_verified: false, sub: data.user?.id});

    const signIn = await client.auth.signInWithPassword({email, password: 'secret12'});
    expect(signIn.error?.code).toBe('email_not_confirmed');
    expect(signIn.error?.message).toBe('Email not confirmed');
    expect(signIn.error?.status).toBe(400);

    const mail = await latestMail(email);
    expect(mail.subject).toBe('Confirm your Research Methods Academy account');
    expect(mail.html).toContain('Research Methods Academy');
    expect(mail.link).toMatch(/\/auth\/v1\/verify\?token=[0-9a-f]{56}&type=signup&redirect_to=/);

    const {status, location, fragment} = await followLink(mail.link);
    expect(status).toBe(303);
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
    expect(fragment.get('type')).toBe('signup');
    expect(fragment.get('token_type')).toBe('bearer');
    expect(Number(fragment.get('expires_in'))).toBe(3600);
    const accessToken = fragment.get('access_token') ?? '';
    const refreshToken = fragment.get('refresh_token') ?? '';

    // What auth-js does with a URL session: GET /user with the fragment's token, then store it.
    const set = await client.auth.setSession({access_token: accessToken, refresh_token: refreshToken});
    expect(set.error).toBeNull();
    const user = await client.auth.getUser();
    expect(user.data.user?.id).toBe(data.user?.id);
    expect(user.data.user?.email_confirmed_at).toBeTruthy();
    expect(user.data.user?.user_metadata.email_verified).toBe(true);

    const again = await followLink(mail.link);
    expect(again.fragment.get('error_code')).toBe('otp_expired');
    expect(again.fragment.get('error_description')).toBe('Email link is invalid or has expired');
    expect(again.fragment.get('error')).toBe('access_denied');

    const password = await anonClient().auth.signInWithPassword({email, password: 'secret12'});
    expect(password.error).toBeNull();
    expect(password.data.session?.user.email).toBe(email);
  });

  it('answers an already confirmed address with an obfuscated user and sends no mail', async () => {
    const email = uniqueEmail('taken');
    await serviceClient().auth.admin.createUser({email, password: 'secret12', email_confirm: true});
    const {data, error} = await anonClient().auth.signUp({email, password: 'other-secret'});
    expect(error).toBeNull();
    // GoTrue's sanitizeUser: a fresh id, no identities, the caller's data, no confirmation state.
    expect(data.user?.identities).toEqual([]);
    const real = (await serviceClient().auth.admin.listUsers({perPage: 1000})).data.users.find((u) => u.email === email);
    expect(data.user?.id).not.toBe(real?.id);
    expect(data.user?.email_confirmed_at).toBeUndefined();
    expect(data.user?.app_metadata).toEqual({provider: 'email', providers: ['email']});
    expect(data.session).toBeNull();
    expect(await mailCount(email)).toBe(0);
    // The real account is untouched.
    expect((await anonClient().auth.signInWithPassword({email, password: 'secret12'})).error).toBeNull();
  });

  it('refuses to mail the same unconfirmed address again within max_frequency', async () => {
    const email = uniqueEmail('resend');
    await anonClient().auth.signUp({email, password: 'secret12'});
    const second = await anonClient().auth.signUp({email, password: 'secret12'});
    expect(second.error?.status).toBe(429);
    expect(second.error?.code).toBe('over_email_send_rate_limit');
    expect(await mailCount(email)).toBe(1);
  });

  it('validates e-mail and password', async () => {
    const client = anonClient();
    const badEmail = await client.auth.signUp({email: 'not-an-email', password: 'secret12'});
    expect(badEmail.error?.status).toBe(400);
    expect(badEmail.error?.code).toBe('validation_failed');
    expect(badEmail.error?.message).toBe('Unable to validate email address: invalid format');

    const short = await client.auth.signUp({email: uniqueEmail(), password: '12345'});
    expect(short.error?.status).toBe(422);
    expect(short.error?.code).toBe('weak_password');
    expect(short.error?.message).toBe('Password should be at least 6 characters.');
    expect((short.error as {reasons?: string[]}).reasons).toEqual(['length']);

    const long = await client.auth.signUp({email: uniqueEmail(), password: 'é'.repeat(37)});
    expect(long.error?.status).toBe(400);
    expect(long.error?.message).toBe('Password cannot be longer than 72 characters');

    const exactly72 = await client.auth.signUp({email: uniqueEmail(), password: 'a'.repeat(72)});
    expect(exactly72.error).toBeNull();
  });

  it('answers malformed JSON and wrong types with 4xx and keeps serving', async () => {
    const bad = await authFetch('/signup', {method: 'POST', body: '{"email": '});
    expect(bad.status).toBe(400);
    expect(bad.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(await bad.json()).toMatchObject({code: 'bad_json'});

    const array = await authFetch('/signup', {method: 'POST', body: '[1,2]'});
    expect(array.status).toBe(400);

    const wrongType = await authFetch('/signup', {method: 'POST', body: JSON.stringify({email: 42, password: ['x']})});
    expect(wrongType.status).toBe(400);
    const wrongData = await authFetch('/signup', {
      method: 'POST',
      body: JSON.stringify({email: uniqueEmail(), password: 'secret12', data: 'full_name'}),
    });
    expect(wrongData.status).toBe(400);

    const legacy = await fetch(`${backend().url}/auth/v1/signup`, {
      method: 'POST',
      headers: {apikey: backend().anonKey, 'content-type': 'application/json'},
      body: 'nope',
    });
    expect(legacy.status).toBe(400);
    expect(await legacy.json()).toMatchObject({code: 400, error_code: 'bad_json'});

    const health = await authFetch('/health');
    expect(health.status).toBe(200);
  });

  it('falls back to the site URL for a redirect_to outside the allow list', async () => {
    const email = uniqueEmail('redirect');
    await anonClient().auth.signUp({email, password: 'secret12', options: {emailRedirectTo: 'https://evil.example.com/steal'}});
    const mail = await latestMail(email);
    const {location, fragment} = await followLink(mail.link);
    expect(location.origin).toBe('http://localhost:3000');
    expect(fragment.get('access_token')).toBeTruthy();
  });

  it('accepts a redirect_to that matches config.toml\'s additional_redirect_urls', async () => {
    const email = uniqueEmail('redirect2');
    await anonClient().auth.signUp({email, password: 'secret12', options: {emailRedirectTo: 'http://127.0.0.1:3000/auth/callback'}});
    const {location} = await followLink((await latestMail(email)).link);
    expect(`${location.origin}${location.pathname}`).toBe('http://127.0.0.1:3000/auth/callback');
  });

  it('reports an unknown link token in the fragment', async () => {
    const {url} = backend();
    const {status, location, fragment} = await followLink(
      `${url}/auth/v1/verify?token=${'0'.repeat(56)}&type=signup&redirect_to=${encodeURIComponent(REDIRECT)}`,
    );
    expect(status).toBe(303);
    expect(location.pathname).toBe('/welcome');
    expect(fragment.get('error_code')).toBe('otp_expired');

    const missingType = await fetch(`${url}/auth/v1/verify?token=abc`, {redirect: 'manual'});
    expect(missingType.status).toBe(400);
  });

  it('verifies with POST /verify by token hash and by e-mail + code', async () => {
    const byHash = uniqueEmail('hash');
    await anonClient().auth.signUp({email: byHash, password: 'secret12'});
    const tokenHash = new URL((await latestMail(byHash)).link).searchParams.get('token') ?? '';
    const client = anonClient();
    const verified = await client.auth.verifyOtp({type: 'signup', token_hash: tokenHash});
    expect(verified.error).toBeNull();
    expect(verified.data.session?.user.email).toBe(byHash);
    expect((await client.auth.getUser()).data.user?.email_confirmed_at).toBeTruthy();
    const reused = await anonClient().auth.verifyOtp({type: 'signup', token_hash: tokenHash});
    expect(reused.error?.code).toBe('otp_expired');
    expect(reused.error?.status).toBe(403);

    const byCode = uniqueEmail('code');
    await anonClient().auth.signUp({email: byCode, password: 'secret12'});
    const code = /code: (\d{6})/.exec((await latestMail(byCode)).text)?.[1] ?? '';
    const wrong = await anonClient().auth.verifyOtp({type: 'email', email: byCode, token: code === '000000' ? '111111' : '000000'});
    expect(wrong.error?.code).toBe('otp_expired');
    expect(wrong.error?.message).toBe('Token has expired or is invalid');
    const right = await anonClient().auth.verifyOtp({type: 'email', email: byCode, token: code});
    expect(right.error).toBeNull();
    expect(right.data.session?.access_token).toBeTruthy();
  });
});
