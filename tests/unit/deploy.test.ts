// @vitest-environment node
// @vitest-environment node
// npm run deploy: the plan it would run (--dry-run) deploys every function folder, sets the
// function secrets, pushes config.toml with the production site URL, refuses a localhost site or
// a missing variable before anything runs, and never prints a secret.
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {DeployConfigError, FUNCTION_SECRETS, SUPABASE_CLI_VERSION, buildDeployPlan, describePlan, secretsFileText} from '../../scripts/lib/deployPlan';

const ROOT = path.resolve(__dirname, '../..');
const FUNCTIONS = path.join(ROOT, 'supabase/functions');

const ENV = {
  SUPABASE_PROJECT_REF: 'abcdefghijklmnopqrst',
  SUPABASE_ACCESS_TOKEN: 'sbp_token-value-1111',
  SUPABASE_DB_PASSWORD: 'db-password-2222',
  SUPABASE_SECRET_KEY: 'sb_secret_key-value-3333',
  SITE_URL: 'https://academy.example.org',
  PAYPAL_CLIENT_ID: 'paypal-client-id-4444',
  PAYPAL_CLIENT_SECRET: 'paypal-client-secret-5555',
  PAYPAL_WEBHOOK_ID: 'paypal-webhook-id-6666',
  PAYPAL_API_BASE: 'https://api-m.sandbox.paypal.com',
  PAYPAL_PLAN_ID: 'P-plan-7777',
  SMTP_HOST: 'smtp.example.org',
  SMTP_USER: 'smtp-user-8888',
  SMTP_PASS: 'smtp-pass-9999',
  SMTP_ADMIN_EMAIL: 'no-reply@academy.example.org',
};
const SECRET_VALUES = ['SUPABASE_ACCESS_TOKEN', 'SUPABASE_DB_PASSWORD', 'SUPABASE_SECRET_KEY', 'PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_WEBHOOK_ID', 'PAYPAL_PLAN_ID', 'SMTP_USER', 'SMTP_PASS'].map(
  (name) => ENV[name as keyof typeof ENV],
);

function refusal(env: NodeJS.ProcessEnv): string[] {
  try {
    buildDeployPlan(env, FUNCTIONS);
  } catch (error) {
    if (error instanceof DeployConfigError) return error.problems;
    throw error;
  }
  throw new Error('the plan was built');
}

describe('npm run deploy plan', () => {
  const plan = buildDeployPlan(ENV, FUNCTIONS);
  const cli = (...start: string[]) => plan.steps.filter((s) => s.kind !== 'sync' && start.every((word, i) => s.args[i] === word));

  it('deploys every function folder but _shared, health included', () => {
    const folders = fs
      .readdirSync(FUNCTIONS, {withFileTypes: true})
      .filter((d) => d.isDirectory() && d.name !== '_shared')
      .map((d) => d.name);
    expect(folders).toContain('health');
    const deployed = cli('functions', 'deploy').map((s) => (s.kind === 'sync' ? '' : s.args[2]));
    expect(deployed.sort()).toEqual(folders.sort());
    expect(deployed).toEqual(expect.arrayContaining(['health', 'send-mail']));
  });

  it('links, pushes migrations and config, then publishes courses with the secret key', () => {
    expect(plan.steps[0]).toMatchObject({kind: 'cli', args: ['link', '--project-ref', ENV.SUPABASE_PROJECT_REF]});
    expect(cli('db', 'push')).toHaveLength(1);
    const last = plan.steps.at(-1);
    expect(last).toMatchObject({kind: 'sync', env: {SUPABASE_URL: `https://${ENV.SUPABASE_PROJECT_REF}.supabase.co`, SUPABASE_SECRET_KEY: ENV.SUPABASE_SECRET_KEY}});
  });

  it('pushes config.toml as production with the site URL and SMTP from the environment', () => {
    const [config] = cli('config', 'push');
    expect(config?.env).toMatchObject({
      SUPABASE_ENV: 'production',
      SITE_URL: 'https://academy.example.org',
      ADDITIONAL_REDIRECT_URL: 'https://academy.example.org/**',
      SMTP_ENABLED: 'true',
      SMTP_HOST: 'smtp.example.org',
    });
  });

  it('sets the PayPal secrets, the site URL and send-mail\'s SMTP as function secrets', () => {
    const secrets = plan.steps.find((s) => s.kind === 'secrets');
    expect(secrets?.kind === 'secrets' && secrets.secrets).toEqual({
      PAYPAL_CLIENT_ID: ENV.PAYPAL_CLIENT_ID,
      PAYPAL_CLIENT_SECRET: ENV.PAYPAL_CLIENT_SECRET,
      PAYPAL_WEBHOOK_ID: ENV.PAYPAL_WEBHOOK_ID,
      PAYPAL_API_BASE: ENV.PAYPAL_API_BASE,
      PAYPAL_PLAN_ID: ENV.PAYPAL_PLAN_ID,
      SITE_URL: ENV.SITE_URL,
      SMTP_HOST: ENV.SMTP_HOST,
      SMTP_PORT: '587',
      SMTP_USER: ENV.SMTP_USER,
      SMTP_PASS: ENV.SMTP_PASS,
      SMTP_SENDER: `Research Methods Academy <${ENV.SMTP_ADMIN_EMAIL}>`,
    });
    const text = secretsFileText({A: 'has "quotes" and \\ backslash'});
    expect(text).toBe('A="has \\"quotes\\" and \\\\ backslash"\n');
  });

  it('prints each step with the pinned CLI and no secret value', () => {
    const printed = describePlan(plan).join('\n');
    expect(printed).toContain(`npx --yes supabase@${SUPABASE_CLI_VERSION} functions deploy health`);
    expect(printed).toContain('SITE_URL=https://academy.example.org');
    for (const name of FUNCTION_SECRETS) expect(printed).toContain(`${name}=`);
    for (const value of SECRET_VALUES) expect(printed).not.toContain(value);
  });

  it('without SMTP pushes SMTP off and warns of the built-in mailer limit', () => {
    const {SMTP_HOST: _h, SMTP_USER: _u, SMTP_PASS: _p, SMTP_ADMIN_EMAIL: _a, ...noSmtp} = ENV;
    const withoutSmtp = buildDeployPlan(noSmtp, FUNCTIONS);
    expect(withoutSmtp.steps.find((s) => s.kind === 'cli' && s.args[0] === 'config')?.env).toMatchObject({SMTP_ENABLED: 'false'});
    expect(withoutSmtp.warnings.join('\n')).toMatch(/2 auth e-mails per hour/);
  });

  it('refuses a localhost site URL or redirect list', () => {
    expect(refusal({...ENV, SITE_URL: 'http://localhost:3000'})).toEqual([expect.stringMatching(/^SITE_URL is http:\/\/localhost:3000, a local address/)]);
    expect(refusal({...ENV, SITE_URL: 'http://127.0.0.1:3000'})).toHaveLength(1);
    expect(refusal({...ENV, ADDITIONAL_REDIRECT_URL: 'http://127.0.0.1:3000/**'})).toEqual([expect.stringMatching(/^ADDITIONAL_REDIRECT_URL .* local address/)]);
  });

  it('refuses a missing variable, naming every one and where to find it', () => {
    const {SUPABASE_DB_PASSWORD: _d, PAYPAL_WEBHOOK_ID: _w, ...missing} = ENV;
    const problems = refusal(missing);
    expect(problems).toEqual([expect.stringMatching(/^SUPABASE_DB_PASSWORD is not set: /), expect.stringMatching(/^PAYPAL_WEBHOOK_ID is not set: /)]);
    expect(refusal({...ENV, SMTP_PASS: ''})).toEqual([expect.stringMatching(/^SMTP_PASS is not set/)]);
  });

  it('the command refuses before running anything, and --dry-run prints the masked plan', () => {
    const deploy = (env: NodeJS.ProcessEnv) =>
      spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/deploy.ts'), '--dry-run'], {
        cwd: ROOT,
        encoding: 'utf8',
        env: {PATH: process.env.PATH, ...env},
      });
    const refused = deploy({...ENV, SITE_URL: 'http://localhost:3000'});
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/npm run deploy cannot start:\n {2}- SITE_URL is http:\/\/localhost:3000, a local address/);
    const dry = deploy(ENV);
    expect(dry.status).toBe(0);
    expect(dry.stdout).toMatch(/^dry run: nothing is changed/);
    expect(dry.stdout).toContain('functions deploy paypal-webhook');
    for (const value of SECRET_VALUES) expect(dry.stdout + dry.stderr).not.toContain(value);
  });
});
