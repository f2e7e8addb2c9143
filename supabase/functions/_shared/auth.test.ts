// @vitest-environment node
// jose's key objects must come from Node's own WebCrypto, not jsdom's realm.
import http from 'node:http';
import type {AddressInfo} from 'node:net';
import {afterAll, afterEach, beforeAll, describe, expect, it, vi} from 'vitest';
import {SignJWT, exportJWK, generateKeyPair, type CryptoKey, type JWK} from 'jose';
import {verifyCaller} from './auth';
import {guarded} from './guard';
import {jsonResponse} from './http';

interface Pair {
  kid: string;
  alg: 'ES256' | 'RS256';
  privateKey: CryptoKey;
  jwk: JWK;
}

async function pair(kid: string, alg: 'ES256' | 'RS256' = 'ES256'): Promise<Pair> {
  const {privateKey, publicKey} = await generateKeyPair(alg, {extractable: true});
  return {kid, alg, privateKey, jwk: {...(await exportJWK(publicKey)), kid, alg, use: 'sig'}};
}

const USER_ID = '6f1c3a52-1d0e-4c55-9b1e-3d6f7a8b9c0d';
const now = () => Math.floor(Date.now() / 1000);

function token(key: Pair, claims: Record<string, unknown> = {}, header: Record<string, unknown> = {}): Promise<string> {
  return new SignJWT({sub: USER_ID, aud: 'authenticated', role: 'authenticated', email: 'ada@example.com', aal: 'aal1', exp: now() + 3600, iat: now(), ...claims})
    .setProtectedHeader({alg: key.alg, kid: key.kid, typ: 'JWT', ...header})
    .sign(key.privateKey);
}

/** A stand-in auth server: its JWKS endpoint, and /user answering `userStatus`. */
async function authServer(keys: JWK[], userStatus = 401) {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    requests.push(req.url ?? '');
    if (req.url === '/auth/v1/.well-known/jwks.json') {
      res.writeHead(200, {'content-type': 'application/json'}).end(JSON.stringify({keys}));
    } else if (req.url === '/auth/v1/user') {
      res.writeHead(userStatus, {'content-type': 'application/json'}).end('{}');
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return {url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests};
}
const servers: http.Server[] = [];

// The same wrapper every function uses, so the answers are the functions' own.
const handler = guarded('test', ['POST'], async (request, env) => jsonResponse(await verifyCaller(request, env)));

async function call(env: Record<string, string>, authorization?: string, method = 'POST') {
  const headers = authorization === undefined ? undefined : {authorization};
  const response = await handler(new Request('http://fn.test/', {method, headers}), env);
  return {status: response.status, body: (await response.json().catch(() => null)) as {error?: string; code?: string; id?: string; email?: string; aal?: string}};
}

let current: Pair;
let env: Record<string, string>;

beforeAll(async () => {
  current = await pair('key-1');
  env = {SUPABASE_URL: 'http://127.0.0.1:9', SUPABASE_JWKS: JSON.stringify({keys: [current.jwk]})};
});
afterEach(() => vi.restoreAllMocks());
afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
});

describe('verifyCaller (functions check the caller’s JWT themselves)', () => {
  it('accepts a signed-in user’s token signed by a key of SUPABASE_JWKS', async () => {
    const answer = await call(env, `Bearer ${await token(current, {aal: 'aal2'})}`);
    expect(answer).toEqual({status: 200, body: expect.objectContaining({id: USER_ID, email: 'ada@example.com', aal: 'aal2'})});
  });

  it('refuses a request without a token, with the functions’ JSON error', async () => {
    expect(await call(env)).toEqual({status: 401, body: {error: expect.stringContaining('Sign in'), code: 'no_authorization'}});
    expect(await call(env, 'Basic abc')).toMatchObject({status: 401, body: {code: 'no_authorization'}});
  });

  it('leaves the CORS preflight open', async () => {
    const response = await handler(new Request('http://fn.test/', {method: 'OPTIONS'}), env);
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-headers')).toContain('authorization');
  });

  it('refuses a token with a wrong signature (another key under the same kid)', async () => {
    const impostor = await pair('key-1');
    expect(await call(env, `Bearer ${await token(impostor)}`)).toMatchObject({status: 401, body: {code: 'bad_jwt'}});
  });

  it('refuses a token whose payload was altered after signing', async () => {
    const [header, , signature] = (await token(current, {role: 'anon'})).split('.');
    const payload = Buffer.from(JSON.stringify({sub: USER_ID, aud: 'authenticated', role: 'authenticated', exp: now() + 3600})).toString('base64url');
    expect(await call(env, `Bearer ${header}.${payload}.${signature}`)).toMatchObject({status: 401, body: {code: 'bad_jwt'}});
  });

  it('refuses a token for another audience', async () => {
    expect(await call(env, `Bearer ${await token(current, {aud: 'other-project'})}`)).toMatchObject({status: 401, body: {code: 'bad_jwt'}});
  });

  it('refuses an expired token', async () => {
    const expired = await token(current, {iat: now() - 7200, exp: now() - 3600});
    expect(await call(env, `Bearer ${expired}`)).toEqual({status: 401, body: {error: 'Your session has expired; please sign in again', code: 'session_expired'}});
  });

  it('refuses a token without an expiry', async () => {
    const endless = await new SignJWT({sub: USER_ID, aud: 'authenticated', role: 'authenticated'}).setProtectedHeader({alg: 'ES256', kid: current.kid}).sign(current.privateKey);
    expect(await call(env, `Bearer ${endless}`)).toMatchObject({status: 401, body: {code: 'bad_jwt'}});
  });

  it('refuses the anon role and API keys: they are not a signed-in user', async () => {
    const anonJwt = await token(current, {role: 'anon', aud: 'authenticated'});
    expect(await call(env, `Bearer ${anonJwt}`)).toMatchObject({status: 401, body: {code: 'not_signed_in'}});
    // The gateway's stand-in for an API key: role anon, no audience, no subject.
    const gatewayJwt = await token(current, {role: 'anon', aud: undefined, sub: undefined});
    expect(await call(env, `Bearer ${gatewayJwt}`)).toMatchObject({status: 401, body: {code: 'not_signed_in'}});
    const serviceJwt = await token(current, {role: 'service_role'});
    expect(await call(env, `Bearer ${serviceJwt}`)).toMatchObject({status: 401, body: {code: 'not_signed_in'}});
    for (const apiKey of ['sb_publishable_abc123', 'sb_secret_abc123']) {
      expect(await call(env, `Bearer ${apiKey}`)).toMatchObject({status: 401, body: {code: 'not_signed_in'}});
    }
  });

  it('refuses an unsigned ("none") or HMAC token made with a public key', async () => {
    const none = `${Buffer.from(JSON.stringify({alg: 'none', kid: current.kid})).toString('base64url')}.${Buffer.from(JSON.stringify({sub: USER_ID, aud: 'authenticated', role: 'authenticated', exp: now() + 60})).toString('base64url')}.`;
    expect(await call(env, `Bearer ${none}`)).toMatchObject({status: 401, body: {code: 'bad_jwt'}});
    expect(await call(env, 'Bearer not-a-jwt')).toMatchObject({status: 401, body: {code: 'bad_jwt'}});
  });

  it('refuses a token whose kid neither SUPABASE_JWKS nor the served JWKS knows', async () => {
    const server = await authServer([current.jwk]);
    const stranger = await pair('key-unknown');
    expect(await call({...env, SUPABASE_URL: server.url}, `Bearer ${await token(stranger)}`)).toMatchObject({status: 401, body: {code: 'bad_jwt'}});
    expect(server.requests).toEqual(['/auth/v1/.well-known/jwks.json']);
  });

  it('accepts a key that is only in the served JWKS (rotated after the function started)', async () => {
    const rotated = await pair('key-2');
    const server = await authServer([current.jwk, rotated.jwk]);
    expect(await call({...env, SUPABASE_URL: server.url}, `Bearer ${await token(rotated)}`)).toMatchObject({status: 200, body: {id: USER_ID}});
  });

  it('without SUPABASE_JWKS, reads the auth server’s JWKS endpoint once and caches it (RS256 too)', async () => {
    const rsa = await pair('rsa-1', 'RS256');
    const server = await authServer([rsa.jwk]);
    const endpointOnly = {SUPABASE_URL: `${server.url}/`};
    expect(await call(endpointOnly, `Bearer ${await token(rsa)}`)).toMatchObject({status: 200, body: {id: USER_ID}});
    expect(await call(endpointOnly, `Bearer ${await token(rsa, {email: 'b@example.com'})}`)).toMatchObject({status: 200, body: {email: 'b@example.com'}});
    expect(await call(endpointOnly, `Bearer ${await token(await pair('rsa-1', 'RS256'))}`)).toMatchObject({status: 401, body: {code: 'bad_jwt'}});
    expect(server.requests).toEqual(['/auth/v1/.well-known/jwks.json']);
  });

  it('answers 503 with a retry text, not 401, when the JWKS cannot be fetched', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const server = await authServer([current.jwk]);
    const answer = await call({SUPABASE_URL: `${server.url}/nowhere`}, `Bearer ${await token(current)}`);
    expect(answer.status).toBe(503);
    expect(answer.body.error).toContain('try again');
  });

  it('leaves a legacy HS256 token to the auth server, which holds the shared secret', async () => {
    const legacy = await new SignJWT({sub: USER_ID, aud: 'authenticated', role: 'authenticated', exp: now() + 3600})
      .setProtectedHeader({alg: 'HS256'})
      .sign(new TextEncoder().encode('legacy-secret-of-at-least-32-characters'));
    const refusing = await authServer([current.jwk], 401);
    const legacyEnv = {SUPABASE_URL: refusing.url, SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({default: 'sb_publishable_x'})};
    expect(await call(legacyEnv, `Bearer ${legacy}`)).toMatchObject({status: 401, body: {code: 'bad_jwt'}});
    expect(refusing.requests).toEqual(['/auth/v1/user']);
    const legacyAnonKey = await new SignJWT({iss: 'supabase', role: 'anon', exp: now() + 3600})
      .setProtectedHeader({alg: 'HS256'})
      .sign(new TextEncoder().encode('legacy-secret-of-at-least-32-characters'));
    expect(await call(legacyEnv, `Bearer ${legacyAnonKey}`)).toMatchObject({status: 401, body: {code: 'not_signed_in'}});
    expect(refusing.requests).toEqual(['/auth/v1/user']);
    const accepting = await authServer([current.jwk], 200);
    expect(await call({...legacyEnv, SUPABASE_URL: accepting.url}, `Bearer ${legacy}`)).toMatchObject({status: 200, body: {id: USER_ID}});
  });
});
