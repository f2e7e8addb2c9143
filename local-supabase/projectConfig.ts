// supabase/config.toml, read with a real TOML parser: the one place local-supabase takes the
// settings a hosted project gets from `supabase config push` (auth, API, functions' verify_jwt).
// A missing key takes the Supabase CLI's default; the environment variable the CLI hands GoTrue
// for the same setting (GOTRUE_*) overrides the file for one run, which is how tests switch them.
// A string value "env(NAME)" is replaced as the CLI does (pkg/config LoadEnvHook): by NAME from the
// environment, else from the .env files the CLI loads (loadDefaultEnv), else it stays as written.
import fs from 'node:fs';
import path from 'node:path';
import {parseEnv} from 'node:util';
import {parse} from 'smol-toml';
import {parseGoDuration} from './goDuration';
import {minimumPasswordLength} from '../shared/projectSettings';

/** GoTrue's per-IP limits as config.toml's [auth.rate_limit] names them. */
export interface AuthRateLimits {
  /** E-mails the project sends per hour. */
  emailSent: number;
  /** Refresh-token (and password) grants per 5 minutes per IP. */
  tokenRefresh: number;
  /** Sign-ups, sign-ins by link or code, recover and resend per 5 minutes per IP. */
  signInSignUps: number;
  /** /verify calls per 5 minutes per IP. */
  tokenVerifications: number;
}

/** `[auth.email.smtp]`: present only when enabled; hosted then sends through it, not its built-in mailer. */
export interface SmtpSettings {
  host: string;
  port: number;
  user: string;
  pass: string;
  adminEmail: string;
  senderName: string;
}

/** `[auth.email.template.<kind>]` as the CLI reads it; content_path made absolute. */
export interface EmailTemplateSetting {
  subject?: string;
  contentPath?: string;
}

/** The template kinds config.toml can name (GoTrue's mailer templates). */
export const EMAIL_TEMPLATE_KINDS = ['confirmation', 'recovery', 'magic_link', 'invite', 'email_change', 'reauthentication'] as const;
export type EmailTemplateKind = (typeof EMAIL_TEMPLATE_KINDS)[number];

/** The security notifications config.toml can switch on (`[auth.email.notification.<kind>]`, GoTrue's MAILER_NOTIFICATIONS_*). */
export const EMAIL_NOTIFICATION_KINDS = [
  'password_changed',
  'email_changed',
  'phone_changed',
  'identity_linked',
  'identity_unlinked',
  'mfa_factor_enrolled',
  'mfa_factor_unenrolled',
] as const;
export type EmailNotificationKind = (typeof EMAIL_NOTIFICATION_KINDS)[number];

/** `[auth.email.notification.<kind>]`: off unless `enabled = true`, as in GoTrue; content_path made absolute. */
export interface EmailNotificationSetting extends EmailTemplateSetting {
  enabled: boolean;
}

export interface AuthSettings {
  /** `[auth] site_url`: the default redirect target and an always allowed origin. */
  siteUrl: string;
  /** `[auth] additional_redirect_urls`: GoTrue's redirect allow list (globs). */
  additionalRedirectUrls: string[];
  jwtExpirySeconds: number;
  /** `enable_refresh_token_rotation`: off, a used refresh token may be presented again. */
  refreshTokenRotation: boolean;
  /** `refresh_token_reuse_interval`: how long a rotated token is still honoured (a lost response). */
  refreshTokenReuseIntervalSeconds: number;
  /** `[auth] enable_signup`: new users may be created by sign-up, magic link or e-mail code. */
  enableSignup: boolean;
  /** `[auth.email] enable_signup`: the e-mail provider itself (sign-up and sign-in by e-mail). */
  emailProviderEnabled: boolean;
  minimumPasswordLength: number;
  /** `[auth.email] enable_confirmations`; off, sign-up confirms at once and answers with a session. */
  enableConfirmations: boolean;
  /** `[auth.email] max_frequency`: least time between two mails of one kind to one address. */
  mailMaxFrequencySeconds: number;
  /** An e-mail change must be confirmed from both the old and the new address. */
  doubleConfirmChanges: boolean;
  /** A password change needs a reauthentication nonce unless the session is recent. */
  securePasswordChange: boolean;
  /** How recent (seconds since sign-in) a session must be to change the password without a nonce. */
  reauthenticationWindowSeconds: number;
  totpEnrollEnabled: boolean;
  totpVerifyEnabled: boolean;
  /** `[auth.rate_limit]`; email_sent counts only with custom SMTP (hosted's built-in mailer has its own limit). */
  rateLimit: AuthRateLimits;
  smtp?: SmtpSettings;
  emailTemplates: Partial<Record<EmailTemplateKind, EmailTemplateSetting>>;
  emailNotifications: Partial<Record<EmailNotificationKind, EmailNotificationSetting>>;
}

export interface ProjectConfig {
  auth: AuthSettings;
  /** `[api] max_rows`: the most rows PostgREST returns for one request. */
  apiMaxRows: number;
  /** `[api] schemas`: the schemas PostgREST exposes, the first being the default profile. */
  apiSchemas: string[];
  /** `[functions.<name>] verify_jwt`; a function not listed verifies JWTs. */
  verifyJwt: Map<string, boolean>;
}

type Table = Record<string, unknown>;
type Env = NodeJS.ProcessEnv;

function table(value: unknown): Table {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Table) : {};
}

/** The first of `names` set in the environment (GoTrue's name first, an older short name after). */
function fromEnv(env: Env, names: string[]): [string, string] | undefined {
  for (const name of names) {
    const value = env[name];
    if (value !== undefined && value !== '') return [name, value];
  }
  return undefined;
}

class Reader {
  constructor(
    private readonly file: string,
    private readonly env: Env,
  ) {}

  flag(section: Table, where: string, key: string, fallback: boolean, envNames: string[], invertEnv = false): boolean {
    const set = fromEnv(this.env, envNames);
    if (set) {
      const [name, value] = set;
      if (value !== 'true' && value !== 'false') throw new Error(`${name} must be true or false`);
      return (value === 'true') !== invertEnv;
    }
    const value = section[key];
    if (value === undefined) return fallback;
    if (typeof value !== 'boolean') throw new Error(`${this.file}: ${where} ${key} must be true or false`);
    return value;
  }

  count(section: Table, where: string, key: string, fallback: number, envNames: string[]): number {
    const set = fromEnv(this.env, envNames);
    const value = set ? Number(set[1]) : section[key];
    if (value === undefined) return fallback;
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
      throw new Error(set ? `${set[0]} must be a non-negative number` : `${this.file}: ${where} ${key} must be a non-negative number`);
    }
    return value;
  }

  /** A Go duration ("60s", "1m30s") in the file or the environment, or plain seconds; in seconds. */
  duration(section: Table, where: string, key: string, fallbackSeconds: number, envNames: string[]): number {
    const set = fromEnv(this.env, envNames);
    const value = set ? set[1] : section[key];
    if (value === undefined) return fallbackSeconds;
    const label = set ? set[0] : `${this.file}: ${where} ${key}`;
    if (typeof value === 'number' && value >= 0) return value;
    if (typeof value === 'string') {
      if (/^\d+(\.\d+)?$/.test(value)) return Number(value);
      const ms = parseGoDuration(value);
      if (ms !== undefined) return ms / 1000;
    }
    throw new Error(`${label} must be a duration such as "60s"`);
  }

  text(section: Table, where: string, key: string, envNames: string[]): string | undefined {
    const set = fromEnv(this.env, envNames);
    if (set) return set[1];
    const value = section[key];
    if (value !== undefined && typeof value !== 'string') throw new Error(`${this.file}: ${where} ${key} must be a string`);
    return value;
  }

  list(section: Table, where: string, key: string, envNames: string[]): string[] {
    const set = fromEnv(this.env, envNames);
    if (set) return set[1].split(',').map((s) => s.trim()).filter(Boolean);
    const value = section[key] ?? [];
    if (!Array.isArray(value) || !value.every((u) => typeof u === 'string')) {
      throw new Error(`${this.file}: ${where} ${key} must be a list of strings`);
    }
    return value as string[];
  }
}

/** The CLI's default for an absent or empty list. */
function nonEmpty(list: string[], fallback: string[]): string[] {
  return list.length > 0 ? list : fallback;
}

const ENV_REFERENCE = /^env\((.*)\)$/;

/** Replaces every "env(NAME)" string whose NAME is set (and not empty), as the CLI's LoadEnvHook. */
function substituteEnv(value: unknown, env: Env): unknown {
  if (typeof value === 'string') {
    const name = ENV_REFERENCE.exec(value)?.[1];
    const set = name === undefined ? undefined : env[name];
    return set ? set : value;
  }
  if (Array.isArray(value)) return value.map((item) => substituteEnv(item, env));
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, substituteEnv(item, env)]));
  }
  return value;
}

/** The CLI only warns about an unset variable and keeps "env(NAME)"; an SMTP host like that is unusable. */
function assertResolved(value: string, where: string): string {
  const name = ENV_REFERENCE.exec(value)?.[1];
  if (name !== undefined) throw new Error(`${where} is "${value}" but ${name} is unset: set it in the environment`);
  return value;
}

/**
 * The variables of the .env files the Supabase CLI loads (pkg/config loadNestedEnv): in the
 * supabase directory, then the project directory, `.env.<SUPABASE_ENV>.local`, `.env.local` (not
 * for "test"), `.env.<SUPABASE_ENV>`, `.env`, SUPABASE_ENV defaulting to "development". Like
 * godotenv, a variable already set (the real environment, or an earlier file) wins.
 */
export function loadCliEnv(supabaseDir: string, env: Env): Env {
  const merged: Env = {};
  const name = env.SUPABASE_ENV || 'development';
  const files = [`.env.${name}.local`, ...(name === 'test' ? [] : ['.env.local']), `.env.${name}`, '.env'];
  for (const dir of [supabaseDir, path.dirname(supabaseDir)]) {
    for (const file of files) {
      const full = path.join(dir, file);
      if (!fs.existsSync(full)) continue;
      for (const [key, value] of Object.entries(parseEnv(fs.readFileSync(full, 'utf8')))) {
        if (!(key in merged)) merged[key] = value;
      }
    }
  }
  for (const [key, value] of Object.entries(env)) if (value !== undefined) merged[key] = value;
  return merged;
}

/** GoTrue lets a session younger than 24 hours change the password without a nonce. */
const REAUTHENTICATION_WINDOW_SECONDS = 24 * 60 * 60;

/**
 * Parses config.toml text; a malformed file or a wrongly typed setting is a start-up error. The
 * defaults are the Supabase CLI's (pkg/config) for a key the file leaves out.
 */
export function parseProjectConfig(text: string, env: Env = {}, file = 'config.toml'): ProjectConfig {
  let doc: Table;
  try {
    doc = substituteEnv(parse(text), env) as Table;
  } catch (error) {
    throw new Error(`${file}: ${(error as Error).message}`);
  }
  const read = new Reader(file, env);
  const auth = table(doc.auth);
  const email = table(auth.email);
  const totp = table(table(auth.mfa).totp);
  const limits = table(auth.rate_limit);
  const api = table(doc.api);
  const verifyJwt = new Map<string, boolean>();
  for (const [name, settings] of Object.entries(table(doc.functions))) {
    const value = table(settings).verify_jwt;
    if (value === undefined) continue;
    if (typeof value !== 'boolean') throw new Error(`${file}: [functions.${name}] verify_jwt must be true or false`);
    verifyJwt.set(name, value);
  }
  return {
    auth: {
      // An unset env() stays "env(NAME)" as in the CLI: the server refuses such a site URL at start
      // (config.ts), and such a redirect pattern matches nothing; readers such as the site build,
      // which need other settings, are not stopped by it.
      siteUrl: read.text(auth, '[auth]', 'site_url', ['GOTRUE_SITE_URL', 'SITE_URL']) ?? 'http://127.0.0.1:3000',
      additionalRedirectUrls: read.list(auth, '[auth]', 'additional_redirect_urls', ['GOTRUE_URI_ALLOW_LIST', 'ADDITIONAL_REDIRECT_URLS']),
      jwtExpirySeconds: read.count(auth, '[auth]', 'jwt_expiry', 3600, ['GOTRUE_JWT_EXP', 'JWT_EXPIRY']),
      refreshTokenRotation: read.flag(auth, '[auth]', 'enable_refresh_token_rotation', true, ['GOTRUE_SECURITY_REFRESH_TOKEN_ROTATION_ENABLED']),
      refreshTokenReuseIntervalSeconds: read.count(auth, '[auth]', 'refresh_token_reuse_interval', 10, [
        'GOTRUE_SECURITY_REFRESH_TOKEN_REUSE_INTERVAL',
        'REFRESH_TOKEN_REUSE_INTERVAL',
      ]),
      enableSignup: read.flag(auth, '[auth]', 'enable_signup', true, ['GOTRUE_DISABLE_SIGNUP'], true),
      emailProviderEnabled: read.flag(email, '[auth.email]', 'enable_signup', true, ['GOTRUE_EXTERNAL_EMAIL_ENABLED']),
      minimumPasswordLength: minimumPasswordLength(auth, env, file),
      enableConfirmations: read.flag(email, '[auth.email]', 'enable_confirmations', false, ['GOTRUE_MAILER_AUTOCONFIRM'], true),
      mailMaxFrequencySeconds: read.duration(email, '[auth.email]', 'max_frequency', 1, ['GOTRUE_SMTP_MAX_FREQUENCY', 'MAILER_MAX_FREQUENCY']),
      doubleConfirmChanges: read.flag(email, '[auth.email]', 'double_confirm_changes', true, ['GOTRUE_MAILER_SECURE_EMAIL_CHANGE_ENABLED']),
      securePasswordChange: read.flag(email, '[auth.email]', 'secure_password_change', false, [
        'GOTRUE_SECURITY_UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION',
      ]),
      // Not a config.toml key: GoTrue's fixed 24 hours, which tests shorten through the variable.
      reauthenticationWindowSeconds: read.count({}, '', 'GOTRUE_REAUTHENTICATION_WINDOW', REAUTHENTICATION_WINDOW_SECONDS, [
        'GOTRUE_REAUTHENTICATION_WINDOW',
      ]),
      // The CLI template leaves TOTP off; GoTrue itself defaults it on. The file decides here.
      totpEnrollEnabled: read.flag(totp, '[auth.mfa.totp]', 'enroll_enabled', false, ['GOTRUE_MFA_TOTP_ENROLL_ENABLED']),
      totpVerifyEnabled: read.flag(totp, '[auth.mfa.totp]', 'verify_enabled', false, ['GOTRUE_MFA_TOTP_VERIFY_ENABLED']),
      rateLimit: {
        emailSent: read.count(limits, '[auth.rate_limit]', 'email_sent', 2, ['GOTRUE_RATE_LIMIT_EMAIL_SENT']),
        tokenRefresh: read.count(limits, '[auth.rate_limit]', 'token_refresh', 150, ['GOTRUE_RATE_LIMIT_TOKEN_REFRESH']),
        signInSignUps: read.count(limits, '[auth.rate_limit]', 'sign_in_sign_ups', 30, ['GOTRUE_RATE_LIMIT_OTP']),
        tokenVerifications: read.count(limits, '[auth.rate_limit]', 'token_verifications', 30, ['GOTRUE_RATE_LIMIT_VERIFY']),
      },
      smtp: readSmtp(email.smtp, file),
      emailTemplates: readTemplates(table(email.template), file),
      emailNotifications: readNotifications(table(email.notification), file),
    },
    apiMaxRows: read.count(api, '[api]', 'max_rows', 1000, ['PGRST_DB_MAX_ROWS']),
    apiSchemas: nonEmpty(read.list(api, '[api]', 'schemas', ['PGRST_DB_SCHEMAS']), ['public', 'graphql_public']),
    verifyJwt,
  };
}

/**
 * `[auth.email.smtp]`: a section without `enabled` is enabled (the CLI's default). `enabled` and
 * `port` may be strings after env() substitution; the CLI decodes them weakly, and so does this.
 */
function readSmtp(value: unknown, file: string): SmtpSettings | undefined {
  if (value === undefined) return undefined;
  const smtp = table(value);
  const where = `${file}: [auth.email.smtp]`;
  const enabled = smtp.enabled ?? true;
  // An unset SMTP_ENABLED (the CLI would refuse to decode it) reads as off, so that settings
  // unrelated to mail can still be read.
  if (enabled === false || enabled === 'false' || (typeof enabled === 'string' && ENV_REFERENCE.test(enabled))) return undefined;
  if (enabled !== true && enabled !== 'true') throw new Error(`${where} enabled must be true or false (is ${JSON.stringify(enabled)})`);
  const text = (key: string, required: boolean): string => {
    const v = smtp[key] ?? '';
    if (typeof v !== 'string') throw new Error(`${where} ${key} must be a string`);
    if (required && v === '') throw new Error(`${where} ${key} is required when SMTP is enabled`);
    // An unset user and password mean a server without authentication (a local catcher).
    if (!required && ENV_REFERENCE.test(v)) return '';
    return assertResolved(v, `${where} ${key}`);
  };
  const port = Number(smtp.port ?? 587);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) throw new Error(`${where} port must be a port number (is ${JSON.stringify(smtp.port)})`);
  return {
    host: text('host', true),
    port,
    user: text('user', false),
    pass: text('pass', false),
    adminEmail: text('admin_email', true),
    senderName: text('sender_name', false),
  };
}

/** `[auth.email.template.<kind>]`; content_path is relative to the project directory, as in the CLI. */
function readTemplates(section: Table, file: string): Partial<Record<EmailTemplateKind, EmailTemplateSetting>> {
  const projectDir = path.dirname(path.dirname(path.resolve(file)));
  const templates: Partial<Record<EmailTemplateKind, EmailTemplateSetting>> = {};
  for (const [kind, value] of Object.entries(section)) {
    const where = `${file}: [auth.email.template.${kind}]`;
    if (!(EMAIL_TEMPLATE_KINDS as readonly string[]).includes(kind)) throw new Error(`${where} is not a template GoTrue sends`);
    const {subject, content_path: contentPath} = table(value);
    if (subject !== undefined && typeof subject !== 'string') throw new Error(`${where} subject must be a string`);
    if (contentPath !== undefined && typeof contentPath !== 'string') throw new Error(`${where} content_path must be a string`);
    templates[kind as EmailTemplateKind] = {subject, contentPath: contentPath ? path.resolve(projectDir, contentPath) : undefined};
  }
  return templates;
}

/**
 * `[auth.email.notification.<kind>]`. Unlike the templates' content_path, the CLI resolves a
 * notification's content_path against the supabase/ directory (its own config template says
 * `./templates/password_changed_notification.html`), so this does too.
 */
function readNotifications(section: Table, file: string): Partial<Record<EmailNotificationKind, EmailNotificationSetting>> {
  const supabaseDir = path.dirname(path.resolve(file));
  const notifications: Partial<Record<EmailNotificationKind, EmailNotificationSetting>> = {};
  for (const [kind, value] of Object.entries(section)) {
    const where = `${file}: [auth.email.notification.${kind}]`;
    if (!(EMAIL_NOTIFICATION_KINDS as readonly string[]).includes(kind)) throw new Error(`${where} is not a notification GoTrue sends`);
    const {enabled = false, subject, content_path: contentPath} = table(value);
    if (typeof enabled !== 'boolean') throw new Error(`${where} enabled must be true or false`);
    if (subject !== undefined && typeof subject !== 'string') throw new Error(`${where} subject must be a string`);
    if (contentPath !== undefined && typeof contentPath !== 'string') throw new Error(`${where} content_path must be a string`);
    notifications[kind as EmailNotificationKind] = {enabled, subject, contentPath: contentPath ? path.resolve(supabaseDir, contentPath) : undefined};
  }
  return notifications;
}

/**
 * `<supabaseDir>/config.toml`, or the CLI's defaults when the project has none; env() values come
 * from `env` (the process environment by default) and then the CLI's .env files.
 */
export function readProjectConfig(file: string, env: Env = process.env): ProjectConfig {
  return parseProjectConfig(fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '', loadCliEnv(path.dirname(file), env), file);
}
