// A project whose legacy API keys are still enabled (hosted's default for older projects): the
// legacy anon/service_role JWT keys and tokens signed with the legacy JWT secret work beside the
// publishable and secret keys, and functions get the legacy variables too.
import fs from 'node:fs';
import path from 'node:path';
import {createClient} from '@supabase/supabase-js';
import {SignJWT} from 'jose';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {signedInUser, uniqueEmail} from './clients';
import {startBackend, type Backend} from './harness';

let server: Backend;

beforeAll(async () => {
  server = await startBackend({legacyKeys: true});
});

afterAll(async () => {
  await server?.stop();
});

describe('legacy API keys enabled', () => {
  it('lists the legacy keys in status.json beside the new ones', () => {
    const status = JSON.parse(fs.readFileSync(path.join(server.dataDir, 'status.json'), 'utf8')) as Record<string, string>;
    expect(status.publishable_key).toMatch(/^sb_publishable_/);
    expect(status.secret_key).toMatch(/^sb_secret_/);
    expect(status.anon_key?.split('.')).toHaveLength(3);
    expect(status.service_role_key?.split('.')).toHaveLength(3);
  });

  it('accepts the legacy anon key for REST and auth, and the legacy service_role key for the admin API', async () => {
    const legacy = server.legacy;
    if (!legacy) throw new Error('the backend did not report its legacy keys');
    const anon = createClient(server.url, legacy.anonKey, {auth: {persistSession: false}});
    const courses = await anon.from('courses').select('slug').limit(1);
    expect(courses.error).toBeNull();
    const admin = createClient(server.url, legacy.serviceRoleKey, {auth: {persistSession: false}});
    const created = await admin.auth.admin.createUser({email: uniqueEmail('legacy'), password: 'correct-horse-battery', email_confirm: true});
    expect(created.error).toBeNull();
  });

  it('accepts a token signed with the legacy JWT secret, as before the move to signing keys', async () => {
    const {user} = await signedInUser({target: server});
    const {legacyJwtSecret} = JSON.parse(fs.readFileSync(path.join(server.dataDir, 'keys.json'), 'utf8')) as {legacyJwtSecret: string};
    const token = await new SignJWT({sub: user.id, role: 'authenticated', aud: 'authenticated'})
      .setProtectedHeader({alg: 'HS256', typ: 'JWT'})
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(legacyJwtSecret));
    const rest = await fetch(`${server.url}/rest/v1/profiles?select=id`, {headers: {apikey: server.publishableKey, authorization: `Bearer ${token}`}});
    expect(rest.status).toBe(200);
    expect(((await rest.json()) as {id: string}[]).map((p) => p.id)).toEqual([user.id]);
    const auth = await fetch(`${server.url}/auth/v1/user`, {headers: {apikey: server.publishableKey, authorization: `Bearer ${token}`}});
    expect(auth.status).toBe(200);
  });

  it('never publishes the HS256 secret in the JWKS', async () => {
    const {keys} = (await (await fetch(`${server.url}/auth/v1/.well-known/jwks.json`)).json()) as {keys: {kty: string}[]};
    expect(keys.map((k) => k.kty)).not.toContain('oct');
  });
});
