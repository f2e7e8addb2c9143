// The GoTrue settings this server takes from supabase/config.toml, as the Supabase CLI passes
// them to GoTrue: [auth.email] double_confirm_changes (GOTRUE_MAILER_SECURE_EMAIL_CHANGE_ENABLED),
// secure_password_change (GOTRUE_SECURITY_UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION) and
// [auth.mfa.totp] enroll_enabled / verify_enabled. A missing key takes the CLI's default; the
// GOTRUE_* variable of the same setting overrides the file for one run (tests use that).
import fs from 'node:fs';
import path from 'node:path';
import {parse} from 'smol-toml';

export interface AuthSettings {
  /** An e-mail change must be confirmed from both the old and the new address. */
  doubleConfirmChanges: boolean;
  /** A password change needs a reauthentication nonce unless the session is recent. */
  securePasswordChange: boolean;
  /** How recent (seconds since sign-in) a session must be to change the password without a nonce. */
  reauthenticationWindowSeconds: number;
  totpEnrollEnabled: boolean;
  totpVerifyEnabled: boolean;
}

/** GoTrue lets a session younger than 24 hours change the password without a nonce. */
const GOTRUE_REAUTHENTICATION_WINDOW_SECONDS = 24 * 60 * 60;

type Table = Record<string, unknown>;

function table(value: unknown): Table {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Table) : {};
}

function flag(section: Table, key: string, fallback: boolean, where: string): boolean {
  const value = section[key];
  if (value === undefined) return fallback;
  if (typeof value !== 'boolean') throw new Error(`supabase/config.toml: ${where}.${key} must be true or false`);
  return value;
}

function envFlag(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  if (value !== 'true' && value !== 'false') throw new Error(`${name} must be true or false`);
  return value === 'true';
}

export function parseAuthSettings(configToml: string, env: NodeJS.ProcessEnv = {}): AuthSettings {
  const auth = table(parse(configToml).auth);
  const email = table(auth.email);
  const totp = table(table(auth.mfa).totp);
  const window = env.GOTRUE_REAUTHENTICATION_WINDOW;
  const windowSeconds = window === undefined || window === '' ? GOTRUE_REAUTHENTICATION_WINDOW_SECONDS : Number(window);
  if (!(windowSeconds >= 0)) throw new Error('GOTRUE_REAUTHENTICATION_WINDOW must be a number of seconds');
  return {
    doubleConfirmChanges: envFlag(
      env,
      'GOTRUE_MAILER_SECURE_EMAIL_CHANGE_ENABLED',
      flag(email, 'double_confirm_changes', true, '[auth.email]'),
    ),
    securePasswordChange: envFlag(
      env,
      'GOTRUE_SECURITY_UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION',
      flag(email, 'secure_password_change', false, '[auth.email]'),
    ),
    reauthenticationWindowSeconds: windowSeconds,
    // The CLI template leaves TOTP off; GoTrue itself defaults it on. The file decides here.
    totpEnrollEnabled: envFlag(env, 'GOTRUE_MFA_TOTP_ENROLL_ENABLED', flag(totp, 'enroll_enabled', false, '[auth.mfa.totp]')),
    totpVerifyEnabled: envFlag(env, 'GOTRUE_MFA_TOTP_VERIFY_ENABLED', flag(totp, 'verify_enabled', false, '[auth.mfa.totp]')),
  };
}

const cache = new Map<string, AuthSettings>();

/** The settings of the project in supabaseDir, read once per process. */
export function authSettings(supabaseDir: string, env: NodeJS.ProcessEnv = process.env): AuthSettings {
  let settings = cache.get(supabaseDir);
  if (!settings) {
    const file = path.join(supabaseDir, 'config.toml');
    settings = parseAuthSettings(fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '', env);
    cache.set(supabaseDir, settings);
  }
  return settings;
}
