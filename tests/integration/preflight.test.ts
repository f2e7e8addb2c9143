// npm run preflight against a real local-supabase: a healthy project (custom SMTP, a public site
// URL, checks published) passes every check; one with confirmations on but no SMTP and the local
// site URL fails exactly those checks, each with its fix line, and the command exits 1. The SMTP
// and site URL facts come from local-supabase's Management API subset
// (GET /v1/projects/{ref}/config/auth), authorised by the secret key as hosted's is by a token.
import {spawn} from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {expectedFromRepository, runPreflight, type CheckResult, type PreflightTarget} from '../../scripts/lib/preflightChecks';
import {ROOT, startBackend, type Backend} from './harness';

const expected = expectedFromRepository(ROOT);
const SITE = 'https://academy.example.org';

const target = (server: Backend, token: string | null = server.secretKey): PreflightTarget => ({
  url: server.url,
  publishableKey: server.publishableKey,
  management: token === null ? undefined : {base: server.url, ref: 'abcdefghijklmnopqrst', token},
});
const byStatus = (results: CheckResult[], status: CheckResult['status']) => results.filter((r) => r.status === status).map((r) => r.name);

describe('preflight against a healthy local-supabase', () => {
  let server: Backend;
  beforeAll(async () => {
    server = await startBackend({env: {SITE_URL: SITE, ADDITIONAL_REDIRECT_URL: `${SITE}/**`}});
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('passes every check, the Management API ones included', async () => {
    const results = await runPreflight(target(server), expected);
    expect(results.filter((r) => r.status !== 'pass')).toEqual([]);
    expect(results.map((r) => r.name)).toEqual([
      'publishable key accepted',
      'JWKS served with an asymmetric key',
      'auth settings: sign-up on, e-mail confirmations on',
      'SMTP configured (confirmations need it)',
      'site URL not localhost',
      `every function answers (${expected.functions.length})`,
      'courses published',
      'knowledge checks published (read anonymously)',
      'Premium bodies not readable anonymously',
    ]);
  });

  it('without an access token skips what only the Management API shows', async () => {
    const results = await runPreflight(target(server, null), expected);
    expect(byStatus(results, 'skip')).toEqual(['SMTP configured (confirmations need it)', 'site URL not localhost']);
    expect(results.find((r) => r.status === 'skip')?.detail).toMatch(/needs SUPABASE_ACCESS_TOKEN/);
    expect(byStatus(results, 'fail')).toEqual([]);
  });

  it('the Management API subset answers with hosted field names, and only to the secret key', async () => {
    const get = (token?: string) =>
      fetch(`${server.url}/v1/projects/abcdefghijklmnopqrst/config/auth`, {headers: token ? {authorization: `Bearer ${token}`} : {}});
    const ok = await get(server.secretKey);
    expect(ok.status).toBe(200);
    const config = (await ok.json()) as Record<string, unknown>;
    expect(config).toMatchObject({
      site_url: SITE,
      uri_allow_list: `${SITE}/**`,
      disable_signup: false,
      external_email_enabled: true,
      mailer_autoconfirm: false,
      smtp_host: '127.0.0.1',
      rate_limit_email_sent: 30,
    });
    expect(config).not.toHaveProperty('smtp_pass');
    for (const refused of [await get(server.publishableKey), await get()]) {
      expect(refused.status).toBe(401);
      expect(await refused.json()).toEqual({message: 'Unauthorized'});
    }
    const patch = await fetch(`${server.url}/v1/projects/x/config/auth`, {method: 'PATCH', headers: {authorization: `Bearer ${server.secretKey}`}, body: '{}'});
    expect(patch.status).toBe(405);
  });

  it('reports a function that is not deployed and a key that is not the project’s', async () => {
    const results = await runPreflight({...target(server), publishableKey: 'sb_publishable_notthisprojectskey000000000'}, {...expected, functions: [...expected.functions, 'not-deployed']});
    expect(results.find((r) => r.name === 'publishable key accepted')).toMatchObject({status: 'fail', fixes: [expect.stringMatching(/publishable key \(Project Settings → API Keys\)/)]});
    const withFunction = await runPreflight(target(server), {...expected, functions: [...expected.functions, 'not-deployed']});
    expect(withFunction.find((r) => r.name.startsWith('every function answers'))).toMatchObject({
      status: 'fail',
      fixes: ['not-deployed is not deployed: npm run deploy (or npx supabase functions deploy not-deployed --use-api)'],
    });
  });

  // Only a PostgreSQL backend lets the test reach the database behind the API to break it.
  it.skipIf(process.env.BACKEND_DB !== 'postgres')('reports Premium bodies made readable to anon, with the fix', async () => {
    const db = new pg.Client({connectionString: server.databaseUrl});
    await db.connect();
    try {
      await db.query('grant select on public.lesson_bodies to anon');
      await db.query('create policy preflight_fault on public.lesson_bodies for select to anon using (true)');
      const results = await runPreflight(target(server), expected);
      expect(byStatus(results, 'fail')).toEqual(['Premium bodies not readable anonymously']);
      expect(results.find((r) => r.status === 'fail')?.fixes).toEqual([expect.stringMatching(/^anon may select from public\.lesson_bodies: in a new migration revoke all/)]);
    } finally {
      await db.query('drop policy if exists preflight_fault on public.lesson_bodies');
      await db.query('revoke select on public.lesson_bodies from anon');
      await db.end();
    }
  });
});

describe('preflight against a project with confirmations on, no SMTP and the local site URL', () => {
  let server: Backend;
  beforeAll(async () => {
    // supabase/.env.development's values: SITE_URL http://localhost:3000; SMTP off.
    server = await startBackend({env: {SMTP_ENABLED: 'false'}});
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('fails those two checks with their fixes, and the command exits 1', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/preflight.ts'), server.url], {
      cwd: ROOT,
      env: {...process.env, SUPABASE_PUBLISHABLE_KEY: server.publishableKey, SUPABASE_ACCESS_TOKEN: server.secretKey, DATA_DIR: server.dataDir},
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code, output).toBe(1);
    const failed = output.split('\n').filter((line) => line.startsWith('  FAIL'));
    expect(failed).toEqual([
      expect.stringMatching(/^ {2}FAIL {2}SMTP configured \(confirmations need it\): confirmations are on and no custom SMTP is set: the built-in mailer sends 2 e-mails per hour/),
      expect.stringMatching(/^ {2}FAIL {2}site URL not localhost: site_url http:\/\/localhost:3000$/),
    ]);
    expect(output).toContain('        fix: set SMTP_HOST, SMTP_USER, SMTP_PASS and SMTP_ADMIN_EMAIL and run npm run deploy');
    expect(output).toContain('        fix: site_url is http://localhost:3000: run npm run deploy with SITE_URL=https://<your site>');
    expect(output).toMatch(/9 checks: 7 passed, 2 failed, 0 skipped/);
  });
});
