// The GoTrue (Supabase Auth) subset mounted at /auth/v1.
import type {Platform, ServiceHandler} from '../platform';
import {smtpTransport} from '../mail/smtp';
import {authAdminDb} from './authAdminDb';
import {AuthMailer} from './mail';
import {BUILT_IN_MAILER_PER_HOUR, RateLimiter} from './rateLimit';
import {dispatch} from './router';

export function createAuthService(shared: Platform): ServiceHandler {
  const platform = {...shared, db: authAdminDb(shared.db)};
  const settings = platform.config.auth;
  // Parsed now, so a template construct local-supabase cannot render stops the start.
  const mailer = AuthMailer.load(settings);
  // [auth.email.smtp] is what a hosted project would send through; SMTP_URL relays local mail too.
  if (settings.smtp && !platform.config.smtpUrl) platform.mail.relayThrough(smtpTransport(settings.smtp));
  const customSmtp = Boolean(settings.smtp || platform.config.smtpUrl);
  const limiter = new RateLimiter(platform.config.rateLimitScale, settings, customSmtp);
  console.log(
    customSmtp
      ? `[auth] custom SMTP configured: [auth.rate_limit] email_sent applies (${settings.rateLimit.emailSent} e-mails per hour)`
      : `[auth] no custom SMTP: hosted's built-in mailer limit applies, ${BUILT_IN_MAILER_PER_HOUR} e-mails per hour for the whole project ` +
          '(set the SMTP_* variables of supabase/config.toml [auth.email.smtp], or SMTP_URL, to lift it)',
  );
  return (request, context) =>
    dispatch(request, context, {platform, request, url: context.url, ip: context.ip, limiter, mailer, settings});
}
