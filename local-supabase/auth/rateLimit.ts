// GoTrue's per-IP token buckets (api/apilimiter), the spacing between two mails to one address
// (max_frequency) and the project's e-mail quota. Limits are multiplied by config.rateLimitScale
// so tests can relax them, except the built-in mailer's: hosted applies it whatever the project
// says, so a test that needs more mail configures SMTP, as a hosted project would.
import type {AuthRateLimits, AuthSettings} from '../projectConfig';
import {AuthError} from './errors';

/** Hosted Supabase's built-in mailer (no custom SMTP): e-mails per hour for the whole project. */
export const BUILT_IN_MAILER_PER_HOUR = 2;

interface Bucket {
  tokens: number;
  updated: number;
}

export interface LimitSpec {
  /** Requests allowed per `perSeconds` on average. */
  rate: number;
  perSeconds: number;
  burst: number;
}

/**
 * GoTrue's per-IP limiters. sign-up, /otp, /recover, /resend and PUT /user each have their own
 * (Signups, Otp, Recover, Resend, User), all sized by RATE_LIMIT_OTP ([auth.rate_limit]
 * sign_in_sign_ups), so exhausting one route does not block another.
 */
export type LimitName = 'token' | 'verify' | 'signup' | 'otp' | 'recover' | 'resend' | 'user' | 'mfa' | 'emailSent';

/** A burst is never larger than GoTrue's 30 requests, nor than the whole allowance. */
const burstOf = (rate: number) => Math.min(rate, 30);

/**
 * The buckets from [auth.rate_limit]; the MFA one is GoTrue's fixed limit. email_sent counts only
 * with custom SMTP; without it the built-in mailer's limit applies.
 */
export function limitSpecs(limits: AuthRateLimits, customSmtp: boolean): Record<LimitName, LimitSpec> {
  const emailsPerHour = customSmtp ? limits.emailSent : BUILT_IN_MAILER_PER_HOUR;
  const perRouteOtp: LimitSpec = {rate: limits.signInSignUps, perSeconds: 300, burst: burstOf(limits.signInSignUps)};
  return {
    // password sign-in, refresh and PKCE exchange share one bucket, as in GoTrue.
    token: {rate: limits.tokenRefresh, perSeconds: 300, burst: burstOf(limits.tokenRefresh)},
    verify: {rate: limits.tokenVerifications, perSeconds: 300, burst: burstOf(limits.tokenVerifications)},
    // Same size, separate buckets: one per route, as GoTrue's limiters are separate objects.
    signup: perRouteOtp,
    otp: perRouteOtp,
    recover: perRouteOtp,
    resend: perRouteOtp,
    user: perRouteOtp,
    mfa: {rate: 15, perSeconds: 60, burst: 30},
    emailSent: {rate: emailsPerHour, perSeconds: 3600, burst: emailsPerHour},
  };
}

const MAX_KEYS = 50_000;

export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private readonly lastMail = new Map<string, number>();

  private readonly specs: Record<LimitName, LimitSpec>;
  /** [auth.email] max_frequency: the least time between two mails of one kind to one address. */
  private readonly mailIntervalMs: number;

  /** Scale per bucket: the built-in mailer's limit is never relaxed. */
  private readonly scales: Record<LimitName, number>;

  /** `customSmtp`: [auth.email.smtp] enabled or SMTP_URL set; email_sent applies only then. */
  constructor(scale: number, settings: Pick<AuthSettings, 'rateLimit' | 'mailMaxFrequencySeconds'>, customSmtp: boolean) {
    this.specs = limitSpecs(settings.rateLimit, customSmtp);
    this.scales = {token: scale, verify: scale, signup: scale, otp: scale, recover: scale, resend: scale, user: scale, mfa: scale, emailSent: customSmtp ? scale : 1};
    this.mailIntervalMs = settings.mailMaxFrequencySeconds * 1000;
  }

  /** The bucket, refilled to `now`. */
  private bucket(name: LimitName, key: string, now: number): Bucket {
    const spec = this.specs[name];
    const capacity = spec.burst * this.scales[name];
    const perMs = (spec.rate * this.scales[name]) / (spec.perSeconds * 1000);
    const id = `${name}|${key}`;
    let bucket = this.buckets.get(id);
    if (!bucket) {
      if (this.buckets.size >= MAX_KEYS) this.buckets.clear();
      bucket = {tokens: capacity, updated: now};
      this.buckets.set(id, bucket);
    }
    bucket.tokens = Math.min(capacity, bucket.tokens + (now - bucket.updated) * perMs);
    bucket.updated = now;
    return bucket;
  }

  /** Takes one token; false when the bucket is empty. */
  take(name: LimitName, key: string, now = Date.now()): boolean {
    const bucket = this.bucket(name, key, now);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }

  /** Throws GoTrue's 429 when the caller's bucket is empty. */
  enforce(name: LimitName, ip: string): void {
    if (!this.take(name, ip)) throw new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached');
  }

  /**
   * The check before a request that may send mail of `kind` to `addresses`, made the same way
   * whether or not the address is registered, so a 429 says nothing about who is: max_frequency
   * per address and kind (recorded here), then whether the project's quota has room. It spends
   * nothing: only a mail that really goes out does (spendMailQuota), so requests for unknown
   * addresses cannot use up the quota everyone's sign-up and reset mails need.
   */
  admitMail(kind: string, addresses: string[], now = Date.now()): void {
    const ids = addresses.map((address) => `${kind}|${address.toLowerCase()}`);
    if (this.mailIntervalMs > 0) {
      const last = Math.max(...ids.map((id) => this.lastMail.get(id) ?? -Infinity));
      if (now - last < this.mailIntervalMs) {
        const seconds = Math.ceil((last + this.mailIntervalMs - now) / 1000);
        throw new AuthError(429, 'over_email_send_rate_limit', `For security purposes, you can only request this after ${seconds} seconds.`);
      }
    }
    if (this.bucket('emailSent', 'global', now).tokens < 1) throw emailQuotaExceeded();
    if (this.mailIntervalMs <= 0) return;
    if (this.lastMail.size >= MAX_KEYS) {
      for (const [key, at] of this.lastMail) if (now - at >= this.mailIntervalMs) this.lastMail.delete(key);
      if (this.lastMail.size >= MAX_KEYS) this.lastMail.clear();
    }
    for (const id of ids) this.lastMail.set(id, now);
  }

  /** Spends one of the project's mails, right before one is sent; 429 if another request took the last. */
  spendMailQuota(now = Date.now()): void {
    if (!this.take('emailSent', 'global', now)) throw emailQuotaExceeded();
  }

  /** admitMail and spendMailQuota together, for a request that always sends its mail. */
  enforceMail(kind: string, addresses: string[], now = Date.now()): void {
    this.admitMail(kind, addresses, now);
    this.spendMailQuota(now);
  }
}

const emailQuotaExceeded = () => new AuthError(429, 'over_email_send_rate_limit', 'email rate limit exceeded');
