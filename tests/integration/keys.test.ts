// Hosted Supabase's key model against local-supabase with legacy API keys disabled: the
// publishable and secret keys through real supabase-js, the browser refusal of a secret key,
// legacy keys and HS256 tokens refused, signing-key rotation through the Management API subset,
// getClaims, and keys that persist with the data directory. Its own backend, so rotations and
// restarts do not disturb other files.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {createClient} from '@supabase/supabase-js';
import {SignJWT, decodeProtectedHeader, type JWK} from 'jose';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {anonClient, serviceClient, signedInUser, uniqueEmail, type Target} from './clients';
import {createPostgresDatabase, dropPostgresDatabase, startBackend, type Backend} from './harness';

const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const SECRET_IN_BROWSER = {
  message: 'Forbidden use of secret API key in browser',
  hint: 'Secret API keys can only be used in a protected environment and should never be used in a browser. Delete this secret API key immediately!',
};

let server: Backend;
let target: Target;

beforeAll(async () => {
  server = await startBackend();
  target = server;
});

afterAll(async () => {
  await server?.stop();
});

interface StoredKeys {
  legacyJwtSecret: string;
  anonKey: string;
  serviceRoleKey: string;
}

function storedKeys(backend: Backend): StoredKeys {
  return JSON.parse(fs.readFileSync(path.join(backend.dataDir, 'keys.json'), 'utf8')) as StoredKeys;
}

function restGet(token: string | null, apikey = server.publishableKey, base = server.url) {
  const headers: Record<string, string> = {apikey};
  if (token) headers.authorization = `Bearer ${token}`;
  return fetch(`${base}/rest/v1/profiles?select=id`, {headers});
}

/** A call to a function that verifies its caller itself: 409 (no subscription) for a valid user, 401 otherwise. */
function cancelSubscription(token: string, base = server.url, apikey = server.publishableKey) {
  return fetch(`${base}/functions/v1/cancel-subscription`, {
    method: 'POST',
    headers: {apikey, authorization: `Bearer ${token}`, 'content-type': 'application/json'},
    body: '{}',
  });
}

function signingKeysApi(pathSuffix = '', init: RequestInit = {}, key = server.secretKey) {
  const headers = new Headers(init.headers);
  headers.set('authorization', `Bearer ${key}`);
  if (init.body !== undefined) headers.set('content-type', 'application/json');
  return fetch(`${server.url}/v1/projects/local/config/auth/signing-keys${pathSuffix}`, {...init, headers});
}

async function forgeLegacyToken(secret: string, claims: Record<string, unknown>): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({alg: 'HS256', typ: 'JWT'}).setIssuedAt().setExpirationTime('1h').sign(new TextEncoder().encode(secret));
}

describe('status.json with legacy keys disabled', () => {
  it('names the publishable and secret keys in hosted format and leaves the legacy keys out', () => {
    const status = JSON.parse(fs.readFileSync(path.join(server.dataDir, 'status.json'), 'utf8')) as Record<string, unknown>;
    expect(status.publishable_key).toMatch(/^sb_publishable_[A-Za-z0-9_-]{22}_[A-Za-z0-9_-]{8}$/);
    expect(status.secret_key).toMatch(/^sb_secret_[A-Za-z0-9_-]{22}_[A-Za-z0-9_-]{8}$/);
    expect(status).not.toHaveProperty('anon_key');
    expect(status).not.toHaveProperty('service_role_key');
  });
});

describe('the publishable key', () => {
  it('reads through REST as anon, signs up and in, and calls functions', async () => {
    const client = anonClient(target);
    const courses = await client.from('courses').select('slug').limit(1);
    expect(courses.error).toBeNull();
    expect(courses.data?.length).toBe(1);
    // It acts as anon, not service_role: no profile is readable with it.
    const {data: profiles} = await client.from('profiles').select('id');
    expect(profiles ?? []).toEqual([]);

    const signUp = await client.auth.signUp({email: uniqueEmail('publishable'), password: 'correct-horse-battery'});
    expect(signUp.error).toBeNull();
    expect(signUp.data.user?.id).toBeTruthy();
    // signedInUser signs in through a publishable-key client.
    const {session} = await signedInUser({target});
    expect(session.access_token).toBeTruthy();

    const health = await client.functions.invoke('health');
    expect(health.error).toBeNull();
    expect(health.data).toMatchObject({status: 'ok'});
  });

  it('is refused by the auth admin API, which needs the service_role', async () => {
    const {error} = await createClient(server.url, server.publishableKey, {auth: {persistSession: false}}).auth.admin.listUsers();
    expect(error?.status).toBe(403);
  });
});

describe('the secret key', () => {
  it('acts as service_role for REST and the auth admin API', async () => {
    const admin = serviceClient(target);
    const {data: created, error} = await admin.auth.admin.createUser({email: uniqueEmail('secret'), password: 'correct-horse-battery', email_confirm: true});
    expect(error).toBeNull();
    const {data: profile} = await admin.from('profiles').select('id').eq('id', created.user?.id ?? '').single();
    expect(profile?.id).toBe(created.user?.id);
  });

  it('from a browser User-Agent is refused with 401 on REST, auth and functions', async () => {
    for (const url of [`${server.url}/rest/v1/courses?select=slug`, `${server.url}/auth/v1/admin/users`, `${server.url}/functions/v1/health`]) {
      const res = await fetch(url, {headers: {apikey: server.secretKey, authorization: `Bearer ${server.secretKey}`, 'user-agent': BROWSER_UA}});
      expect(res.status, url).toBe(401);
      expect(await res.json()).toEqual(SECRET_IN_BROWSER);
    }
  });
});

describe('keys the gateway does not know', () => {
  it('refuses an unknown key with hosted body', async () => {
    const res = await restGet(null, 'sb_publishable_notARealKeyAtAll0000000_00000000');
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.'});
  });

  it('refuses the legacy anon and service_role keys while legacy keys are disabled', async () => {
    const {anonKey, serviceRoleKey} = storedKeys(server);
    for (const key of [anonKey, serviceRoleKey]) {
      const res = await restGet(null, key);
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({message: 'Legacy API keys are disabled'});
      const auth = await fetch(`${server.url}/auth/v1/settings`, {headers: {apikey: key}});
      expect(auth.status).toBe(401);
    }
  });

  it('refuses a token signed with the legacy JWT secret while legacy keys are disabled', async () => {
    const {user} = await signedInUser({target});
    const forged = await forgeLegacyToken(storedKeys(server).legacyJwtSecret, {sub: user.id, role: 'authenticated', aud: 'authenticated'});
    const rest = await restGet(forged);
    expect(rest.status).toBe(401);
    expect(await rest.json()).toMatchObject({code: 'PGRST301'});
    const auth = await fetch(`${server.url}/auth/v1/user`, {headers: {apikey: server.publishableKey, authorization: `Bearer ${forged}`}});
    expect(auth.status).toBe(403);
    expect((await cancelSubscription(forged)).status).toBe(401);
  });
});

describe('JWKS', () => {
  it('is served at hosted paths without an API key, with public keys only', async () => {
    for (const suffix of ['/.well-known/jwks.json', '/jwks']) {
      const res = await fetch(`${server.url}/auth/v1${suffix}`);
      expect(res.status).toBe(200);
      const {keys} = (await res.json()) as {keys: JWK[]};
      expect(keys.length).toBeGreaterThan(0);
      for (const key of keys) {
        expect(key.kty).toBe('EC');
        for (const field of ['d', 'p', 'q', 'dp', 'dq', 'qi', 'k']) expect(key).not.toHaveProperty(field);
        expect(key.key_ops).toEqual(['verify']);
      }
    }
  });

  it('lets supabase-js getClaims verify the session token locally', async () => {
    const {client, user, session} = await signedInUser({target});
    const {data, error} = await client.auth.getClaims();
    expect(error).toBeNull();
    expect(data?.claims.sub).toBe(user.id);
    expect(data?.header.kid).toBe(decodeProtectedHeader(session.access_token).kid);
  });
});

describe('signing-key rotation (Management API subset)', () => {
  it('refuses callers without the secret key', async () => {
    expect((await signingKeysApi('', {}, server.publishableKey)).status).toBe(401);
    expect((await fetch(`${server.url}/v1/projects/local/config/auth/signing-keys`)).status).toBe(401);
  });

  it('standby → in use → previously used (tokens still valid) → revoked (tokens refused at once)', async () => {
    const before = await signedInUser({target});
    const oldKid = decodeProtectedHeader(before.session.access_token).kid as string;

    const created = await signingKeysApi('', {method: 'POST', body: JSON.stringify({algorithm: 'ES256', status: 'standby'})});
    expect(created.status).toBe(201);
    const standby = (await created.json()) as {id: string; status: string; public_jwk: JWK};
    expect(standby.status).toBe('standby');
    expect(standby.public_jwk).not.toHaveProperty('d');
    // A standby key is published ahead of use, so caches know it before it signs anything.
    const jwksKids = async () => ((await (await fetch(`${server.url}/auth/v1/.well-known/jwks.json`)).json()) as {keys: JWK[]}).keys.map((k) => k.kid);
    expect(await jwksKids()).toEqual(expect.arrayContaining([oldKid, standby.id]));

    const rotated = await signingKeysApi(`/${standby.id}`, {method: 'PATCH', body: JSON.stringify({status: 'in_use'})});
    expect(rotated.status).toBe(200);
    const list = (await (await signingKeysApi()).json()) as {keys: {id: string; status: string}[]};
    expect(list.keys.find((k) => k.id === oldKid)?.status).toBe('previously_used');

    const after = await signedInUser({target});
    expect(decodeProtectedHeader(after.session.access_token).kid).toBe(standby.id);
    // The previous key's tokens keep working at REST, auth and in functions.
    expect((await restGet(before.session.access_token)).status).toBe(200);
    expect((await before.client.auth.getUser()).error).toBeNull();
    expect((await cancelSubscription(before.session.access_token)).status).toBe(409);

    const inUse = await signingKeysApi(`/${standby.id}`, {method: 'PATCH', body: JSON.stringify({status: 'revoked'})});
    expect(inUse.status).toBe(400);
    const revoked = await signingKeysApi(`/${oldKid}`, {method: 'PATCH', body: JSON.stringify({status: 'revoked'})});
    expect(revoked.status).toBe(200);
    expect(await jwksKids()).not.toContain(oldKid);
    const refused = await restGet(before.session.access_token);
    expect(refused.status).toBe(401);
    expect((await cancelSubscription(before.session.access_token)).status).toBe(401);
    // The new key's tokens are unaffected.
    expect((await restGet(after.session.access_token)).status).toBe(200);
    expect((await cancelSubscription(after.session.access_token)).status).toBe(409);
    const claims = await after.client.auth.getClaims();
    expect(claims.error).toBeNull();

    expect((await signingKeysApi(`/${oldKid}`, {method: 'DELETE'})).status).toBe(200);
    expect((await signingKeysApi(`/${oldKid}`)).status).toBe(404);
  });
});

describe('keys and the data directory', () => {
  it('persist across a restart (nobody is signed out) and are new for a new data directory', {timeout: 120_000}, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rma-keys-'));
    const databaseUrl = process.env.BACKEND_DB === 'postgres' ? await createPostgresDatabase() : undefined;
    const first = await startBackend({persistent: true, dataDir, databaseUrl});
    let token: string;
    try {
      token = (await signedInUser({target: first})).session.access_token;
    } finally {
      await first.stop();
    }
    const second = await startBackend({persistent: true, dataDir, databaseUrl});
    const other = await startBackend();
    try {
      expect(second.publishableKey).toBe(first.publishableKey);
      expect(second.secretKey).toBe(first.secretKey);
      expect((await restGet(token, second.publishableKey, second.url)).status).toBe(200);
      expect(other.publishableKey).not.toBe(first.publishableKey);
      expect(other.secretKey).not.toBe(first.secretKey);
      expect((await restGet(token, other.publishableKey, other.url)).status).toBe(401);
    } finally {
      await second.stop();
      await other.stop();
      if (databaseUrl) await dropPostgresDatabase(databaseUrl);
      fs.rmSync(dataDir, {recursive: true, force: true});
    }
  });
});

describe('RS256 signing keys', () => {
  it('sign sessions that REST accepts and getClaims verifies', {timeout: 60_000}, async () => {
    const rsa = await startBackend({signingAlgorithm: 'RS256'});
    try {
      const {client, session} = await signedInUser({target: rsa});
      expect(decodeProtectedHeader(session.access_token).alg).toBe('RS256');
      const {keys} = (await (await fetch(`${rsa.url}/auth/v1/.well-known/jwks.json`)).json()) as {keys: JWK[]};
      expect(keys.map((k) => [k.kty, k.alg])).toEqual([['RSA', 'RS256']]);
      for (const field of ['d', 'p', 'q', 'dp', 'dq', 'qi']) expect(keys[0]).not.toHaveProperty(field);
      expect((await restGet(session.access_token, rsa.publishableKey, rsa.url)).status).toBe(200);
      const claims = await client.auth.getClaims();
      expect(claims.error).toBeNull();
      expect(claims.data?.header.alg).toBe('RS256');
    } finally {
      await rsa.stop();
    }
  });
});
