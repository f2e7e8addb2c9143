// supabase/config.toml as the one source of settings: the CLI's defaults for absent keys, the
// project's file as written, GOTRUE_* overrides, and a clear start-up error for a wrong type.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {parseConfig} from './config';
import {parseProjectConfig, readProjectConfig} from './projectConfig';

describe('parseProjectConfig', () => {
  it('takes the Supabase CLI defaults when the file is empty', () => {
    const {auth, apiMaxRows, verifyJwt} = parseProjectConfig('');
    expect(auth).toMatchObject({
      siteUrl: 'http://127.0.0.1:3000',
      additionalRedirectUrls: [],
      jwtExpirySeconds: 3600,
      refreshTokenRotation: true,
      refreshTokenReuseIntervalSeconds: 10,
      enableSignup: true,
      emailProviderEnabled: true,
      minimumPasswordLength: 6,
      enableConfirmations: false,
      mailMaxFrequencySeconds: 1,
      doubleConfirmChanges: true,
      securePasswordChange: false,
      rateLimit: {emailSent: 2, tokenRefresh: 150, signInSignUps: 30, tokenVerifications: 30},
    });
    expect(apiMaxRows).toBe(1000);
    expect(verifyJwt.size).toBe(0);
  });

  it('reads every [auth] setting, Go durations included', () => {
    const {auth} = parseProjectConfig(`
[auth]
site_url = "https://academy.example"
additional_redirect_urls = ["https://academy.example/**"]
jwt_expiry = 900
enable_refresh_token_rotation = false
refresh_token_reuse_interval = 3
enable_signup = false
minimum_password_length = 12
[auth.email]
enable_signup = false
enable_confirmations = true
max_frequency = "1m30s"
[auth.rate_limit]
email_sent = 5
sign_in_sign_ups = 7
`);
    expect(auth).toMatchObject({
      siteUrl: 'https://academy.example',
      additionalRedirectUrls: ['https://academy.example/**'],
      jwtExpirySeconds: 900,
      refreshTokenRotation: false,
      refreshTokenReuseIntervalSeconds: 3,
      enableSignup: false,
      emailProviderEnabled: false,
      minimumPasswordLength: 12,
      enableConfirmations: true,
      mailMaxFrequencySeconds: 90,
      rateLimit: {emailSent: 5, signInSignUps: 7, tokenRefresh: 150},
    });
  });

  it('lets the GoTrue variable of a setting override the file', () => {
    const text = '[auth]\nenable_signup = true\n[auth.email]\nenable_confirmations = true\nmax_frequency = "60s"\n';
    const {auth} = parseProjectConfig(text, {GOTRUE_DISABLE_SIGNUP: 'true', GOTRUE_MAILER_AUTOCONFIRM: 'true', GOTRUE_SMTP_MAX_FREQUENCY: '0'});
    expect(auth).toMatchObject({enableSignup: false, enableConfirmations: false, mailMaxFrequencySeconds: 0});
  });

  it('refuses a wrongly typed setting with the file and key in the message', () => {
    expect(() => parseProjectConfig('[auth]\nenable_signup = "yes"\n', {}, 'config.toml')).toThrow(
      'config.toml: [auth] enable_signup must be true or false',
    );
    expect(() => parseProjectConfig('[auth.email]\nmax_frequency = "soon"\n')).toThrow('max_frequency must be a duration');
    expect(() => parseProjectConfig('[auth]\njwt_expiry = -1\n')).toThrow('jwt_expiry must be a non-negative number');
    expect(() => parseProjectConfig('', {GOTRUE_DISABLE_SIGNUP: 'maybe'})).toThrow('GOTRUE_DISABLE_SIGNUP must be true or false');
  });

  it('reads the project file the server starts with', () => {
    const file = path.resolve(__dirname, '../supabase/config.toml');
    expect(fs.existsSync(file)).toBe(true);
    const {auth, verifyJwt} = readProjectConfig(file);
    expect(auth.enableConfirmations).toBe(true);
    expect(auth.mailMaxFrequencySeconds).toBe(60);
    expect(auth.securePasswordChange).toBe(true);
    expect(verifyJwt.get('paypal-webhook')).toBe(false);
  });

  it('takes site_url and the redirect list from the environment, with supabase/.env.development as the local default', () => {
    const file = path.resolve(__dirname, '../supabase/config.toml');
    const local = readProjectConfig(file, {}).auth;
    expect(local.siteUrl).toBe('http://localhost:3000');
    expect(local.additionalRedirectUrls).toEqual(['http://127.0.0.1:3000/**']);
    const production = readProjectConfig(file, {
      SUPABASE_ENV: 'production',
      SITE_URL: 'https://academy.example',
      ADDITIONAL_REDIRECT_URL: 'https://academy.example/**',
      SMTP_ENABLED: 'false',
    }).auth;
    expect(production.siteUrl).toBe('https://academy.example');
    expect(production.additionalRedirectUrls).toEqual(['https://academy.example/**']);
    // A variable set in the environment wins over the development default, as in the CLI.
    expect(readProjectConfig(file, {SITE_URL: 'http://127.0.0.1:3100'}).auth.siteUrl).toBe('http://127.0.0.1:3100');
  });

  it('follows the CLI: env(NAME) from the environment, else the .env files of SUPABASE_ENV, else unresolved', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'project-config-'));
    const supabaseDir = path.join(dir, 'supabase');
    fs.mkdirSync(supabaseDir);
    const file = path.join(supabaseDir, 'config.toml');
    fs.writeFileSync(file, '[auth]\nsite_url = "env(SITE_URL)"\njwt_expiry = 900\n');
    fs.writeFileSync(path.join(supabaseDir, '.env.development'), 'SITE_URL=http://localhost:3000\n');
    fs.writeFileSync(path.join(supabaseDir, '.env.staging'), 'SITE_URL=https://staging.example\n');
    fs.writeFileSync(path.join(supabaseDir, '.env.staging.local'), 'SITE_URL=https://mine.staging.example\n');
    expect(readProjectConfig(file, {}).auth.siteUrl).toBe('http://localhost:3000');
    expect(readProjectConfig(file, {SITE_URL: 'https://academy.example'}).auth.siteUrl).toBe('https://academy.example');
    expect(readProjectConfig(file, {SUPABASE_ENV: 'staging'}).auth.siteUrl).toBe('https://mine.staging.example');
    // Unset: the value stays "env(SITE_URL)" as in the CLI (which warns); the server refuses it at start.
    expect(readProjectConfig(file, {SUPABASE_ENV: 'production'}).auth.siteUrl).toBe('env(SITE_URL)');
    expect(() => parseConfig([], {SUPABASE_ENV: 'production'}, dir)).toThrow('site URL env(SITE_URL) is not an absolute URL');
    fs.rmSync(dir, {recursive: true, force: true});
  });

  it('enables custom SMTP from the SMTP_* variables only', () => {
    const file = path.resolve(__dirname, '../supabase/config.toml');
    expect(readProjectConfig(file, {}).auth.smtp).toBeUndefined();
    const smtp = {SMTP_ENABLED: 'true', SMTP_HOST: 'smtp.example', SMTP_PORT: '465', SMTP_USER: 'resend', SMTP_PASS: 's3cret', SMTP_ADMIN_EMAIL: 'no-reply@academy.example'};
    expect(readProjectConfig(file, smtp).auth.smtp).toEqual({
      host: 'smtp.example',
      port: 465,
      user: 'resend',
      pass: 's3cret',
      adminEmail: 'no-reply@academy.example',
      senderName: 'Research Methods Academy',
    });
    expect(() => readProjectConfig(file, {SMTP_ENABLED: 'true'})).toThrow('SMTP_HOST is unset');
    expect(parseProjectConfig('[auth.email.smtp]\nhost = "h"\nadmin_email = "a@b"\n').auth.smtp?.port).toBe(587);
  });

  it("caps REST reads at the project's [api] max_rows", () => {
    expect(parseProjectConfig('[api]\nmax_rows = 250\n').apiMaxRows).toBe(250);
    const root = path.resolve(__dirname, '..');
    const configured = readProjectConfig(path.join(root, 'supabase/config.toml')).apiMaxRows;
    expect(parseConfig([], {}, root).apiMaxRows).toBe(configured);
  });
});
