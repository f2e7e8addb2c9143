// @vitest-environment node
import {execFile} from 'node:child_process';
import path from 'node:path';
import {promisify} from 'node:util';
import {describe, expect, it} from 'vitest';
import {SecretKeyInBuildError, publicSupabaseKey} from '../../src/config/supabasePublicKey';

const jwt = (payload: object) => `eyJhbGciOiJFUzI1NiIsInR5cCI6IkpXVCJ9.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.c2lnbmF0dXJl`;
const ROOT = path.resolve(__dirname, '../..');

/** Loads docusaurus.config.ts as `docusaurus build` does, with only these Supabase variables set. */
async function loadSiteConfig(env: Record<string, string>) {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('SUPABASE_')));
  const script = "import('./docusaurus.config.ts').then((m) => console.log(JSON.stringify((m.default.default ?? m.default).customFields)))";
  try {
    const {stdout, stderr} = await promisify(execFile)(path.join(ROOT, 'node_modules/.bin/tsx'), ['-e', script], {cwd: ROOT, env: {...clean, ...env}});
    return {ok: true, customFields: JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as Record<string, unknown>, stderr};
  } catch (error) {
    return {ok: false, customFields: null, stderr: String((error as {stderr?: string}).stderr)};
  }
}

describe('the key the site build gives the browser', () => {
  it('is SUPABASE_PUBLISHABLE_KEY, preferred over the legacy SUPABASE_ANON_KEY', () => {
    expect(publicSupabaseKey({SUPABASE_PUBLISHABLE_KEY: 'sb_publishable_abc', SUPABASE_ANON_KEY: jwt({role: 'anon'})})).toEqual({key: 'sb_publishable_abc', warning: null});
  });

  it('falls back to SUPABASE_ANON_KEY with a warning', () => {
    const anon = jwt({role: 'anon'});
    const choice = publicSupabaseKey({SUPABASE_ANON_KEY: anon});
    expect(choice.key).toBe(anon);
    expect(choice.warning).toMatch(/legacy.*SUPABASE_PUBLISHABLE_KEY/);
  });

  it('refuses a secret key or a service_role JWT, under either name', () => {
    for (const env of [
      {SUPABASE_PUBLISHABLE_KEY: 'sb_secret_abc'},
      {SUPABASE_ANON_KEY: 'sb_secret_abc'},
      {SUPABASE_PUBLISHABLE_KEY: jwt({role: 'service_role', iss: 'supabase'})},
      {SUPABASE_ANON_KEY: jwt({role: 'service_role'})},
      {SUPABASE_PUBLISHABLE_KEY: jwt({role: 'authenticated', sub: 'someone'})},
    ]) {
      expect(() => publicSupabaseKey(env)).toThrow(SecretKeyInBuildError);
    }
  });

  it('stops the site build on a secret key, and builds with the publishable one', async () => {
    const refused = await loadSiteConfig({SUPABASE_URL: 'https://abc.supabase.co', SUPABASE_PUBLISHABLE_KEY: 'sb_secret_shhh'});
    expect(refused.ok).toBe(false);
    expect(refused.stderr).toContain('SUPABASE_PUBLISHABLE_KEY must be the project\'s publishable key, but it is a secret key');
    const built = await loadSiteConfig({SUPABASE_URL: 'https://abc.supabase.co', SUPABASE_PUBLISHABLE_KEY: 'sb_publishable_ok'});
    expect(built.customFields).toMatchObject({supabaseUrl: 'https://abc.supabase.co', supabasePublishableKey: 'sb_publishable_ok'});
    expect(built.stderr).not.toContain('legacy');
    const legacy = await loadSiteConfig({SUPABASE_ANON_KEY: jwt({role: 'anon'})});
    expect(legacy.customFields).toMatchObject({supabasePublishableKey: jwt({role: 'anon'})});
    expect(legacy.stderr).toContain('SUPABASE_ANON_KEY is the legacy anon key');
  });
});
