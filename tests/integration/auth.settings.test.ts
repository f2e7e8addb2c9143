// config.toml's [auth] settings switched the way the Supabase CLI hands them to GoTrue (GOTRUE_*):
// enable_confirmations off (autoconfirm: signUp answers with a session), minimum_password_length,
// jwt_expiry, refresh token rotation off; then enable_signup off on a second backend.
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {anonClient, authFetch, serviceClient, uniqueEmail, type Target} from './clients';
import {startBackend, type Backend} from './harness';

describe('autoconfirm, password length, JWT expiry, no rotation', () => {
  let server: Backend;
  let target: Target;

  beforeAll(async () => {
    server = await startBackend({
      env: {
        GOTRUE_MAILER_AUTOCONFIRM: 'true',
        GOTRUE_PASSWORD_MIN_LENGTH: '10',
        GOTRUE_JWT_EXP: '600',
        GOTRUE_SECURITY_REFRESH_TOKEN_ROTATION_ENABLED: 'false',
        // With rotation on, a zero interval refuses any second use at once.
        GOTRUE_SECURITY_REFRESH_TOKEN_REUSE_INTERVAL: '0',
      },
    });
    target = server;
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('signUp returns a session at once, and a second sign-up of the address is 422 user_already_exists', async () => {
    const email = uniqueEmail('autoconfirm');
    const client = anonClient(target);
    const {data, error} = await client.auth.signUp({email, password: 'long-enough-1', options: {data: {full_name: 'Auto'}}});
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
    expect(data.session?.expires_in).toBe(600);
    expect(data.user?.email_confirmed_at).toBeTruthy();
    expect(data.user?.user_metadata).toMatchObject({full_name: 'Auto'});
    expect((await client.auth.getUser()).data.user?.email).toBe(email);

    const again = await anonClient(target).auth.signUp({email, password: 'long-enough-2'});
    expect(again.error).toMatchObject({status: 422, code: 'user_already_exists', message: 'User already registered'});
    const settings = (await (await authFetch('/settings', {}, target)).json()) as Record<string, unknown>;
    expect(settings.mailer_autoconfirm).toBe(true);
  });

  it('enforces minimum_password_length everywhere a password is set', async () => {
    const short = await anonClient(target).auth.signUp({email: uniqueEmail('short'), password: 'only9char'});
    expect(short.error).toMatchObject({status: 422, code: 'weak_password', message: 'Password should be at least 10 characters.'});
    const admin = await serviceClient(target).auth.admin.createUser({email: uniqueEmail('short'), password: 'only9char'});
    expect(admin.error).toMatchObject({status: 422, code: 'weak_password'});
  });

  it('accepts a used refresh token again when rotation is off', async () => {
    const email = uniqueEmail('rotation');
    const {data} = await anonClient(target).auth.signUp({email, password: 'long-enough-1'});
    const first = data.session?.refresh_token ?? '';
    const refresh = async () =>
      authFetch('/token?grant_type=refresh_token', {method: 'POST', body: JSON.stringify({refresh_token: first})}, target);
    expect((await refresh()).status).toBe(200);
    expect((await refresh()).status).toBe(200);
  });
});

describe('enable_signup = false', () => {
  let server: Backend;
  let target: Target;

  beforeAll(async () => {
    server = await startBackend({env: {GOTRUE_DISABLE_SIGNUP: 'true'}});
    target = server;
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('refuses sign-up and OTP sign-up with 422 signup_disabled; the admin API still creates users', async () => {
    const email = uniqueEmail('closed');
    const signUp = await anonClient(target).auth.signUp({email, password: 'secret12'});
    expect(signUp.error).toMatchObject({status: 422, code: 'signup_disabled', message: 'Signups not allowed for this instance'});
    const otp = await anonClient(target).auth.signInWithOtp({email});
    expect(otp.error).toMatchObject({status: 422, code: 'signup_disabled'});
    const settings = (await (await authFetch('/settings', {}, target)).json()) as Record<string, unknown>;
    expect(settings.disable_signup).toBe(true);

    const created = await serviceClient(target).auth.admin.createUser({email, password: 'secret12', email_confirm: true});
    expect(created.error).toBeNull();
    expect((await anonClient(target).auth.signInWithPassword({email, password: 'secret12'})).error).toBeNull();
    // An existing user may still sign in by e-mail link.
    expect((await anonClient(target).auth.signInWithOtp({email})).error).toBeNull();
  });
});
