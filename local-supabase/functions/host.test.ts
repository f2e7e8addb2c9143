// @vitest-environment node
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {KeyStore} from '../keys';
import type {LocalSupabaseConfig} from '../config';
import type {Platform} from '../platform';
import {createFunctionsHost} from './host';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, {recursive: true, force: true});
});

/** A host over a project whose one function answers with the environment it was given. */
async function hostWith(legacyKeys: boolean) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'rma-host-'));
  dirs.push(root);
  const fnDir = path.join(root, 'supabase/functions/env');
  fs.mkdirSync(fnDir, {recursive: true});
  fs.writeFileSync(path.join(fnDir, 'handler.ts'), 'export default (_req: Request, env: Record<string, string | undefined>) => Response.json(env);\n');
  const keys = await KeyStore.open(path.join(root, 'data'), {legacyKeys});
  const config = {supabaseDir: path.join(root, 'supabase'), functionsVerifyJwt: new Map([['env', false]]), auth: {siteUrl: 'http://localhost:3000'}, functionEnv: {}};
  const platform = {config: config as unknown as LocalSupabaseConfig, keys, apiUrl: 'http://127.0.0.1:54321'} as Platform;
  const host = createFunctionsHost(platform);
  const url = new URL('http://127.0.0.1:54321/functions/v1/env');
  const env = async () => (await (await host(new Request(url, {method: 'POST'}), {platform, ip: '127.0.0.1', url, path: '/env'})).json()) as Record<string, string>;
  return {keys, env};
}

describe('functions host environment', () => {
  it('gives the named keys and JWKS as hosted does, and no legacy keys while they are disabled', async () => {
    const {keys, env} = await hostWith(false);
    const given = await env();
    expect(JSON.parse(given.SUPABASE_PUBLISHABLE_KEYS as string)).toEqual({default: keys.publishableKey});
    expect(JSON.parse(given.SUPABASE_SECRET_KEYS as string)).toEqual({default: keys.secretKey});
    expect(JSON.parse(given.SUPABASE_JWKS as string)).toEqual(keys.jwks());
    expect(given).not.toHaveProperty('SUPABASE_ANON_KEY');
    expect(given).not.toHaveProperty('SUPABASE_SERVICE_ROLE_KEY');
  });

  it('adds the legacy keys while enabled, and follows a rotation in SUPABASE_JWKS', async () => {
    const {keys, env} = await hostWith(true);
    expect(await env()).toMatchObject({SUPABASE_ANON_KEY: keys.anonKey, SUPABASE_SERVICE_ROLE_KEY: keys.serviceRoleKey});
    const standby = await keys.createSigningKey();
    const published = JSON.parse((await env()).SUPABASE_JWKS as string) as {keys: {kid: string}[]};
    expect(published.keys.map((k) => k.kid)).toContain(standby.id);
  });
});
