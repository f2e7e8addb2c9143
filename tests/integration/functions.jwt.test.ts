// The functions verify the caller's JWT themselves (verify_jwt = false for every function): through
// local-supabase with legacy keys disabled, a real session is accepted and a token with a wrong
// signature, a wrong audience, an expired one, an anon one or an API key is refused with 401.
// This file starts its own backend so it can read the signing key and mint tokens whose only flaw
// is one claim. cancel-subscription is the probe: a signed-in learner without a subscription gets
// 409 from its body, so any answer but 401 means the caller got past the check.
import fs from 'node:fs';
import path from 'node:path';
import {FunctionsHttpError} from '@supabase/supabase-js';
import {SignJWT, generateKeyPair, importJWK, type CryptoKey, type JWK} from 'jose';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {anonClient, signedInUser, type Target} from './clients';
import {startBackend, type Backend} from './harness';

let server: Backend;
let target: Target;
let signingKey: CryptoKey;
let kid: string;
let alg: string;
let legacySecret: string;

beforeAll(async () => {
  server = await startBackend();
  target = server;
  const stored = JSON.parse(fs.readFileSync(path.join(server.dataDir, 'keys.json'), 'utf8')) as {
    legacyJwtSecret: string;
    signingKeys: {id: string; algorithm: string; status: string; privateJwk: JWK}[];
  };
  const current = stored.signingKeys.find((k) => k.status === 'in_use');
  if (!current) throw new Error('keys.json has no signing key in use');
  ({id: kid, algorithm: alg} = current);
  signingKey = (await importJWK(current.privateJwk, alg)) as CryptoKey;
  legacySecret = stored.legacyJwtSecret;
});

afterAll(async () => {
  await server?.stop();
});

function payloadOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString()) as Record<string, unknown>;
}

function mint(payload: Record<string, unknown>, key: CryptoKey = signingKey): Promise<string> {
  return new SignJWT(payload).setProtectedHeader({alg, kid, typ: 'JWT'}).sign(key);
}

/** POSTs to a function as a browser's supabase-js would, with `token` as the bearer (none when null). */
async function callFunction(name: string, token: string | null) {
  const headers: Record<string, string> = {apikey: server.publishableKey, 'content-type': 'application/json'};
  if (token !== null) headers.authorization = `Bearer ${token}`;
  const response = await fetch(`${server.url}/functions/v1/${name}`, {method: 'POST', headers, body: '{}'});
  return {status: response.status, body: (await response.json()) as {error?: string; code?: string}};
}

const USER_FUNCTIONS = ['create-subscription', 'confirm-subscription', 'cancel-subscription', 'delete-account'];

describe('functions check the caller’s JWT against the project’s JWKS', () => {
  it('accept a real session through supabase-js (legacy keys off)', async () => {
    const {client} = await signedInUser({target});
    const {error} = await client.functions.invoke('cancel-subscription', {body: {}});
    expect(error).toBeInstanceOf(FunctionsHttpError);
    const response = (error as FunctionsHttpError).context as Response;
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({error: 'You have no active subscription to cancel'});
  });

  it('accept a token re-minted with the project’s current signing key', async () => {
    const {session} = await signedInUser({target});
    expect((await callFunction('cancel-subscription', await mint(payloadOf(session.access_token)))).status).toBe(409);
  });

  it('refuse a token with a wrong signature, on every user function', async () => {
    const {session} = await signedInUser({target});
    const {privateKey: otherKey} = await generateKeyPair(alg, {extractable: true});
    const forged = await mint(payloadOf(session.access_token), otherKey);
    for (const name of USER_FUNCTIONS) {
      expect(await callFunction(name, forged)).toEqual({status: 401, body: {error: expect.any(String), code: 'bad_jwt'}});
    }
  });

  it('refuse a token for another audience', async () => {
    const {session} = await signedInUser({target});
    const token = await mint({...payloadOf(session.access_token), aud: 'another-project'});
    expect(await callFunction('cancel-subscription', token)).toMatchObject({status: 401, body: {code: 'bad_jwt'}});
  });

  it('refuse an expired token', async () => {
    const {session} = await signedInUser({target});
    const now = Math.floor(Date.now() / 1000);
    const token = await mint({...payloadOf(session.access_token), iat: now - 7200, exp: now - 3600});
    expect(await callFunction('cancel-subscription', token)).toEqual({
      status: 401,
      body: {error: 'Your session has expired; please sign in again', code: 'session_expired'},
    });
  });

  it('refuse the anon role, the API keys and a missing token: none is a signed-in user', async () => {
    const {session} = await signedInUser({target});
    expect(await callFunction('cancel-subscription', await mint({...payloadOf(session.access_token), role: 'anon'}))).toMatchObject({
      status: 401,
      body: {code: 'not_signed_in'},
    });
    expect(await callFunction('cancel-subscription', server.publishableKey)).toMatchObject({status: 401, body: {code: 'not_signed_in'}});
    expect(await callFunction('delete-account', server.secretKey)).toMatchObject({status: 401, body: {code: 'not_signed_in'}});
    // With the publishable key and no Authorization the gateway acts as anon (as hosted's does).
    expect(await callFunction('create-subscription', null)).toMatchObject({status: 401, body: {code: 'not_signed_in'}});
    const bare = await fetch(`${server.url}/functions/v1/create-subscription`, {method: 'POST', body: '{}'});
    expect({status: bare.status, body: await bare.json()}).toMatchObject({status: 401, body: {code: 'no_authorization'}});
    // supabase-js without a session sends the publishable key as the bearer.
    const {error} = await anonClient(target).functions.invoke('confirm-subscription', {body: {subscriptionId: 'I-ABC'}});
    expect(((error as FunctionsHttpError).context as Response).status).toBe(401);
  });

  it('refuse a token signed with the legacy JWT secret while legacy keys are disabled', async () => {
    const {session} = await signedInUser({target});
    const legacy = await new SignJWT(payloadOf(session.access_token))
      .setProtectedHeader({alg: 'HS256', typ: 'JWT'})
      .sign(new TextEncoder().encode(legacySecret));
    expect(await callFunction('cancel-subscription', legacy)).toMatchObject({status: 401, body: {code: 'bad_jwt'}});
  });

  it('leave the CORS preflight open', async () => {
    for (const name of USER_FUNCTIONS) {
      const response = await fetch(`${server.url}/functions/v1/${name}`, {
        method: 'OPTIONS',
        headers: {origin: 'http://localhost:3000', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, apikey, content-type'},
      });
      expect(response.status).toBe(200);
      await response.body?.cancel();
    }
  });
});
