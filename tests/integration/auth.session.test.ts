// Password sign-in, refresh-token rotation, sign-out scopes, GET/PUT /user, metadata endpoints.
import {describe, expect, it} from 'vitest';
import {anonClient, authFetch, backend, serviceClient, signedInUser, uniqueEmail} from './clients';

async function refresh(refreshToken: string) {
  const response = await authFetch('/token?grant_type=refresh_token', {method: 'POST', body: JSON.stringify({refresh_token: refreshToken})});
  return {status: response.status, body: (await response.json()) as Record<string, unknown>};
}

function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString()) as Record<string, unknown>;
}

describe('password sign-in', () => {
  it('issues a session with GoTrue claims', async () => {
    const {session, user, email} = await signedInUser({fullName: 'Grace Hopper'});
    expect(session.token_type).toBe('bearer');
    expect(session.expires_in).toBe(3600);
    expect(session.refresh_token).toMatch(/^[a-z0-9]{12}$/);
    const header = JSON.parse(Buffer.from(session.access_token.split('.')[0] as string, 'base64url').toString()) as Record<string, string>;
    expect(header.alg).toBe('ES256');
    expect(header.kid).toBeTruthy();
    const claims = claimsOf(session.access_token);
    expect(claims).toMatchObject({
      sub: user.id,
      aud: 'authenticated',
      role: 'authenticated',
      aal: 'aal1',
      email,
      phone: '',
      is_anonymous: false,
      app_metadata: {provider: 'email', providers: ['email']},
      user_metadata: {full_name: 'Grace Hopper'},
    });
    expect(String(claims.iss)).toMatch(/\/auth\/v1$/);
    expect(claims.exp).toBe(session.expires_at);
    expect((claims.amr as {method: string}[])[0]?.method).toBe('password');
    expect(typeof claims.session_id).toBe('string');
  });

  it('refuses wrong passwords, unknown e-mails and banned users alike', async () => {
    const {email} = await signedInUser();
    const wrong = await anonClient().auth.signInWithPassword({email, password: 'not-the-password'});
    expect(wrong.error?.status).toBe(400);
    expect(wrong.error?.code).toBe('invalid_credentials');
    expect(wrong.error?.message).toBe('Invalid login credentials');
    const unknown = await anonClient().auth.signInWithPassword({email: uniqueEmail('nobody'), password: 'whatever1'});
    expect(unknown.error?.code).toBe('invalid_credentials');

    const grant = await authFetch('/token?grant_type=magic', {method: 'POST', body: '{}'});
    expect(grant.status).toBe(400);
  });

  it('accepts mixed-case e-mails', async () => {
    const {email, password} = await signedInUser();
    expect((await anonClient().auth.signInWithPassword({email: email.toUpperCase(), password})).error).toBeNull();
  });
});

describe('refresh tokens', () => {
  it('rotates, and a parent presented again within the reuse interval returns the active child', async () => {
    const {session} = await signedInUser();
    const first = await refresh(session.refresh_token);
    expect(first.status).toBe(200);
    expect(first.body.refresh_token).not.toBe(session.refresh_token);
    expect(claimsOf(String(first.body.access_token)).session_id).toBe(claimsOf(session.access_token).session_id);

    const again = await refresh(session.refresh_token);
    expect(again.status).toBe(200);
    expect(again.body.refresh_token).toBe(first.body.refresh_token);

    const next = await refresh(String(first.body.refresh_token));
    expect(next.status).toBe(200);
    expect(next.body.refresh_token).not.toBe(first.body.refresh_token);
  });

  it('works through supabase-js refreshSession', async () => {
    const {client, session} = await signedInUser();
    const {data, error} = await client.auth.refreshSession();
    expect(error).toBeNull();
    expect(data.session?.refresh_token).not.toBe(session.refresh_token);
    expect((await client.auth.getUser()).error).toBeNull();
  });

  it('rejects unknown and empty refresh tokens', async () => {
    const unknown = await refresh('doesnotexist');
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({code: 'refresh_token_not_found', msg: 'Invalid Refresh Token: Refresh Token Not Found'});
    const empty = await refresh('');
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({error: 'invalid_request'});
  });
});

describe('sign-out', () => {
  it('local ends only this session; its access token is then refused with session_not_found', async () => {
    const {email, password, client: first} = await signedInUser();
    const second = anonClient();
    await second.auth.signInWithPassword({email, password});
    const firstSession = (await first.auth.getSession()).data.session!;
    expect((await first.auth.signOut({scope: 'local'})).error).toBeNull();

    const refused = await authFetch('/user', {token: firstSession.access_token});
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({code: 'session_not_found'});
    expect((await refresh(firstSession.refresh_token)).status).toBe(400);
    expect((await second.auth.getUser()).error).toBeNull();
  });

  it('others keeps this session and ends the rest', async () => {
    const {email, password, client: keep} = await signedInUser();
    const other = anonClient();
    await other.auth.signInWithPassword({email, password});
    const otherSession = (await other.auth.getSession()).data.session!;
    expect((await keep.auth.signOut({scope: 'others'})).error).toBeNull();
    expect((await keep.auth.getUser()).error).toBeNull();
    expect((await authFetch('/user', {token: otherSession.access_token})).status).toBe(403);
  });

  it('global ends every session of the user', async () => {
    const {email, password, client: a} = await signedInUser();
    const b = anonClient();
    await b.auth.signInWithPassword({email, password});
    const aSession = (await a.auth.getSession()).data.session!;
    const bSession = (await b.auth.getSession()).data.session!;
    const response = await authFetch('/logout?scope=global', {method: 'POST', token: aSession.access_token});
    expect(response.status).toBe(204);
    expect((await authFetch('/user', {token: aSession.access_token})).status).toBe(403);
    expect((await authFetch('/user', {token: bSession.access_token})).status).toBe(403);
    expect((await refresh(bSession.refresh_token)).status).toBe(400);
  });

  it('refuses an unknown scope and a missing token', async () => {
    const {session} = await signedInUser();
    const bad = await authFetch('/logout?scope=everyone', {method: 'POST', token: session.access_token});
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({code: 'validation_failed'});
    // With the publishable key alone the gateway supplies the anon role's token, which names no user.
    const anonymous = await authFetch('/logout', {method: 'POST'});
    expect(anonymous.status).toBe(403);
    expect(await anonymous.json()).toMatchObject({code: 'bad_jwt'});
    const notBearer = await authFetch('/logout', {method: 'POST', headers: {authorization: 'Basic dXNlcjpwYXNz'}});
    expect(notBearer.status).toBe(401);
    expect(await notBearer.json()).toMatchObject({code: 'no_authorization'});
  });
});

describe('GET and PUT /user', () => {
  it('returns the user with identities', async () => {
    const {client, user} = await signedInUser();
    const {data, error} = await client.auth.getUser();
    expect(error).toBeNull();
    expect(data.user?.id).toBe(user.id);
    expect(data.user?.identities?.[0]?.provider).toBe('email');
    expect(data.user).not.toHaveProperty('factors');
  });

  it('merges user metadata, a null removing a key', async () => {
    const {client} = await signedInUser({fullName: 'Before'});
    const first = await client.auth.updateUser({data: {full_name: 'After', city: 'Oslo'}});
    expect(first.error).toBeNull();
    expect(first.data.user?.user_metadata).toMatchObject({full_name: 'After', city: 'Oslo'});
    const second = await client.auth.updateUser({data: {city: null}});
    expect(second.data.user?.user_metadata).not.toHaveProperty('city');
    expect(second.data.user?.user_metadata.full_name).toBe('After');
  });

  it('changes the password, signing out other sessions', async () => {
    const {client, email, password} = await signedInUser();
    const other = anonClient();
    await other.auth.signInWithPassword({email, password});
    const otherToken = (await other.auth.getSession()).data.session!.access_token;

    const same = await client.auth.updateUser({password});
    expect(same.error?.code).toBe('same_password');
    expect(same.error?.status).toBe(422);
    const weak = await client.auth.updateUser({password: '123'});
    expect(weak.error?.code).toBe('weak_password');

    const changed = await client.auth.updateUser({password: 'brand-new-pass'});
    expect(changed.error).toBeNull();
    expect((await client.auth.getUser()).error).toBeNull();
    expect((await authFetch('/user', {token: otherToken})).status).toBe(403);
    expect((await anonClient().auth.signInWithPassword({email, password})).error?.code).toBe('invalid_credentials');
    expect((await anonClient().auth.signInWithPassword({email, password: 'brand-new-pass'})).error).toBeNull();
  });

  it('refuses app_metadata, malformed e-mail addresses and bad bodies from users', async () => {
    const {session, client} = await signedInUser();
    const app = await authFetch('/user', {method: 'PUT', token: session.access_token, body: JSON.stringify({app_metadata: {role: 'admin'}})});
    expect(app.status).toBe(403);
    // E-mail changes themselves are covered in account-security.test.ts.
    const emailChange = await client.auth.updateUser({email: 'not-an-address'});
    expect(emailChange.error).toMatchObject({status: 400, code: 'validation_failed'});
    const bad = await authFetch('/user', {method: 'PUT', token: session.access_token, body: '{"data": '});
    expect(bad.status).toBe(400);
    const wrongType = await authFetch('/user', {method: 'PUT', token: session.access_token, body: JSON.stringify({data: [1]})});
    expect(wrongType.status).toBe(400);
    expect((await client.auth.getUser()).data.user?.app_metadata.role).toBeUndefined();
  });

  it('requires a bearer token with a subject', async () => {
    const missing = await authFetch('/user', {headers: {authorization: 'Basic dXNlcjpwYXNz'}});
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({code: 'no_authorization', message: 'This endpoint requires a valid Bearer token'});
    // The publishable key as the bearer (as supabase-js sends it without a session) acts as anon: no user.
    const apiKey = await authFetch('/user', {token: backend().anonKey});
    expect(apiKey.status).toBe(403);
    expect(await apiKey.json()).toMatchObject({code: 'bad_jwt', message: 'invalid claim: missing sub claim'});
  });
});

describe('metadata endpoints', () => {
  it('serves the JWKS with the signing key and a cache header', async () => {
    const response = await authFetch('/.well-known/jwks.json');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=600');
    const {keys} = (await response.json()) as {keys: Record<string, unknown>[]};
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({kty: 'EC', crv: 'P-256', alg: 'ES256'});
    expect(keys[0]).not.toHaveProperty('d');
  });

  it('verifies its own tokens with getClaims through the JWKS', async () => {
    const {client, user} = await signedInUser();
    const {data, error} = await client.auth.getClaims();
    expect(error).toBeNull();
    expect(data?.claims.sub).toBe(user.id);
  });

  it('serves settings and health', async () => {
    const settings = (await (await authFetch('/settings')).json()) as Record<string, unknown>;
    expect(settings).toMatchObject({disable_signup: false, mailer_autoconfirm: false, external: {email: true, google: false}});
    expect(await (await authFetch('/health')).json()).toMatchObject({name: 'GoTrue'});
    expect((await authFetch('/nope')).status).toBe(404);
  });

  it('the admin API is refused to users', async () => {
    const {session} = await signedInUser();
    const response = await authFetch('/admin/users', {token: session.access_token});
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({code: 'not_admin', message: 'User not allowed'});
    expect((await serviceClient().auth.admin.listUsers()).error).toBeNull();
  });
});
