// The smallest faithful subset of the Management API's GET /v1/projects/{ref}/config/auth: the
// auth settings only the Management API shows (site URL, redirect allow list, SMTP, rate limits),
// under the same field names, so `npm run preflight` checks local-supabase exactly as it checks a
// hosted project. Read-only: PATCH (what `supabase config push` sends) is refused with 405, since
// local-supabase takes these settings from supabase/config.toml at start. Hosted authorises the
// call with a personal access token; local-supabase has none, so it takes the secret key, as its
// signing-keys subset does.
import type {Env, Hono} from 'hono';
import type {LocalSupabaseConfig} from '../config';
import type {KeyStore} from '../keys';
import {BUILT_IN_MAILER_PER_HOUR} from '../auth/rateLimit';
import {authorised} from './signingKeysApi';
import {json} from './json';

/** The SMTP settings as the Management API names them; SMTP_URL (a local relay) counts as custom SMTP, as it does for the mail quota. */
function smtpFields(config: LocalSupabaseConfig) {
  const smtp = config.auth.smtp;
  if (smtp) {
    return {smtp_host: smtp.host, smtp_port: String(smtp.port), smtp_user: smtp.user || null, smtp_admin_email: smtp.adminEmail, smtp_sender_name: smtp.senderName || null};
  }
  if (config.smtpUrl) {
    const url = new URL(config.smtpUrl);
    return {smtp_host: url.hostname, smtp_port: url.port || null, smtp_user: decodeURIComponent(url.username) || null, smtp_admin_email: null, smtp_sender_name: null};
  }
  return {smtp_host: null, smtp_port: null, smtp_user: null, smtp_admin_email: null, smtp_sender_name: null};
}

/** The project's auth config in the Management API's shape (smtp_pass is never echoed). */
export function authConfigView(config: LocalSupabaseConfig) {
  const auth = config.auth;
  const smtp = smtpFields(config);
  return {
    site_url: auth.siteUrl,
    // The Management API keeps the allow list as one comma-separated string.
    uri_allow_list: auth.additionalRedirectUrls.join(','),
    disable_signup: !auth.enableSignup,
    external_email_enabled: auth.emailProviderEnabled,
    mailer_autoconfirm: !auth.enableConfirmations,
    mailer_secure_email_change_enabled: auth.doubleConfirmChanges,
    security_update_password_require_reauthentication: auth.securePasswordChange,
    ...smtp,
    smtp_max_frequency: auth.mailMaxFrequencySeconds,
    // Without custom SMTP hosted's built-in mailer limit is what applies, whatever config.toml says.
    rate_limit_email_sent: smtp.smtp_host ? auth.rateLimit.emailSent : BUILT_IN_MAILER_PER_HOUR,
    rate_limit_token_refresh: auth.rateLimit.tokenRefresh,
    rate_limit_otp: auth.rateLimit.signInSignUps,
    rate_limit_verify: auth.rateLimit.tokenVerifications,
    jwt_exp: auth.jwtExpirySeconds,
    password_min_length: auth.minimumPasswordLength,
    refresh_token_rotation_enabled: auth.refreshTokenRotation,
    security_refresh_token_reuse_interval: auth.refreshTokenReuseIntervalSeconds,
    mfa_totp_enroll_enabled: auth.totpEnrollEnabled,
    mfa_totp_verify_enabled: auth.totpVerifyEnabled,
  };
}

/** Mounts GET /v1/projects/{ref}/config/auth; any ref is accepted (local-supabase is one project). */
export function mountAuthConfigApi<E extends Env>(app: Hono<E>, platform: () => {config: LocalSupabaseConfig; keys: KeyStore}): void {
  app.all('/v1/projects/:ref/config/auth', (c) => {
    const {config, keys} = platform();
    if (!authorised(c.req.raw, keys)) return json({message: 'Unauthorized'}, 401);
    if (c.req.method !== 'GET') return json({message: 'Method not allowed: local-supabase reads its auth config from supabase/config.toml'}, 405);
    return json(authConfigView(config));
  });
}
