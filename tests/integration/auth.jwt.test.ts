// Forged and stale access tokens are refused by GoTrue endpoints. This file starts its own
// backend so it can read the signing key and mint tokens whose only flaw is one claim.
import fs from 'node:fs';
import path from 'node:path';
import {SignJWT, generateKeyPair, importJWK, type JWK} from 'jose';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {authFetch, signedInUser, type Target} from './clients';
import {startBackend, type Backend} from './harness';

let server: Backend;
let target: Target;
let signingKey: CryptoKey;
let kid: string;

beforeAll(async () => {
  server = await startBackend();
  target = server;
  const stored = JSON.parse(fs.readFileSync(path.join(server.dataDir, 'keys.json'), 'utf8')) as {signingKeys: {id: string; status: string; privateJwk: JWK}[]};
  const current = stored.signingKeys.find((k) => k.status === 'in_use');
  if (!current) throw new Error('keys.json has no signing key in use');
  kid = current.id;
  signingKey = (await importJWK(current.privateJwk, 'ES256')) as CryptoKey;
});

afterAll(async () => {
  await server?.stop();
});

function decode(token: string): {header: Record<string, unknown>; payload: Record<string, unknown>} {
  const [h, p] = token.split('.');
  return {
    header: JSON.parse(Buffer.from(h as string, 'base64url').toString()) as Record<string, unknown>,
    payload: JSON.parse(Buffer.from(p as string, 'base64url').toString()) as Record<string, unknown>,
  };
}

async function mint(payload: Record<string, unknown>, key: CryptoKey = signingKey): Promise<string> {
  return new SignJWT(payload).setProtectedHeader({alg: 'ES256', kid, typ: 'JWT'}).sign(key);
}

async function getUser(token: string) {
  const response = await authFetch('/user', {token}, target);
  return {status: response.status, body: (await response.json()) as Record<string, unknown>};
}

describe('access token verification on /user', () => {
  it('accepts the real token and a re-minted copy with the real key', async () => {
    const {session} = await signedInUser({target});
    expect((await getUser(session.access_token)).status).toBe(200);
    expect((await getUser(await mint(decode(session.access_token).payload))).status).toBe(200);
  });

  it('refuses a tampered payload (bad signature)', async () => {
    const {session} = await signedInUser({target});
    const [h, , s] = session.access_token.split('.');
    const payload = {...decode(session.access_token).payload, role: 'service_role'};
    const forged = `${h}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${s}`;
    const result = await getUser(forged);
    expect(result.status).toBe(403);
    expect(result.body.code).toBe('bad_jwt');
  });

  it('refuses a token signed by another key with the same kid', async () => {
    const {session} = await signedInUser({target});
    const {privateKey} = await generateKeyPair('ES256');
    const result = await getUser(await mint(decode(session.access_token).payload, privateKey));
    expect(result.status).toBe(403);
    expect(result.body.code).toBe('bad_jwt');
  });

  it('refuses alg none', async () => {
    const {session} = await signedInUser({target});
    const header = Buffer.from(JSON.stringify({alg: 'none', typ: 'JWT'})).toString('base64url');
    const payload = Buffer.from(JSON.stringify(decode(session.access_token).payload)).toString('base64url');
    expect((await getUser(`${header}.${payload}.`)).status).toBe(403);
  });

  it('refuses HS256 signed with the public key or an API key', async () => {
    const {session} = await signedInUser({target});
    const payload = decode(session.access_token).payload;
    const jwks = (await (await fetch(`${target.url}/auth/v1/.well-known/jwks.json`)).json()) as {keys: JWK[]};
    for (const secret of [server.publishableKey, server.secretKey, JSON.stringify(jwks.keys[0])]) {
      const forged = await new SignJWT(payload).setProtectedHeader({alg: 'HS256', kid, typ: 'JWT'}).sign(new TextEncoder().encode(secret));
      expect((await getUser(forged)).status).toBe(403);
    }
  });

  it('refuses the wrong audience', async () => {
    const {session} = await signedInUser({target});
    const result = await getUser(await mint({...decode(session.access_token).payload, aud: 'someone-else'}));
    expect(result.status).toBe(403);
    expect(result.body.code).toBe('bad_jwt');
  });

  it('refuses an expired exp', async () => {
    const {session} = await signedInUser({target});
    const now = Math.floor(Date.now() / 1000);
    const result = await getUser(await mint({...decode(session.access_token).payload, iat: now - 7200, exp: now - 3600}));
    expect(result.status).toBe(403);
    expect(result.body.code).toBe('bad_jwt');
    expect(String(result.body.message)).toContain('expired');
  });

  it('refuses a token for a session that never existed and for a deleted user', async () => {
    const {session} = await signedInUser({target});
    const payload = decode(session.access_token).payload;
    const noSession = await getUser(await mint({...payload, session_id: '00000000-0000-4000-8000-000000000001'}));
    expect(noSession.status).toBe(403);
    expect(noSession.body.code).toBe('session_not_found');
    const noUser = await getUser(await mint({...payload, sub: '00000000-0000-4000-8000-000000000002'}));
    expect(noUser.status).toBe(403);
    expect(noUser.body.code).toBe('user_not_found');
  });

  it('refuses a token issued in the future (beyond 30 s of skew) at the REST API, as PostgREST does', async () => {
    const {session} = await signedInUser({target});
    const now = Math.floor(Date.now() / 1000);
    const rest = async (token: string) => {
      const res = await fetch(`${target.url}/rest/v1/profiles?select=id`, {headers: {apikey: target.anonKey, authorization: `Bearer ${token}`}});
      return {status: res.status, body: (await res.json()) as Record<string, unknown>};
    };
    const future = await rest(await mint({...decode(session.access_token).payload, iat: now + 3600, exp: now + 7200}));
    expect(future.status).toBe(401);
    expect(future.body).toMatchObject({code: 'PGRST303', message: 'JWT issued at future'});
    expect((await getUser(await mint({...decode(session.access_token).payload, iat: now + 3600, exp: now + 7200}))).status).toBe(403);
    // Within the skew it is accepted.
    const skewed = await rest(await mint({...decode(session.access_token).payload, iat: now + 10}));
    expect(skewed.status).toBe(200);
  });

  it('refuses garbage in the Authorization header', async () => {
    expect((await getUser('not.a.jwt')).status).toBe(403);
    expect((await getUser('abc')).status).toBe(403);
  });
});
