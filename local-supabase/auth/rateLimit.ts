// GoTrue's per-IP token buckets (api/apilimiter), the spacing between two mails to one address
// (max_frequency) and the project's e-mail quota. Limits are multiplied by config.rateLimitScale
// so tests can relax them.
import type {AuthRateLimits, AuthSettings} from '../projectConfig';
import {AuthError} from './errors';

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

export type LimitName = 'token' | 'verify' | 'otp' | 'mfa' | 'emailSent';

/** A burst is never larger than GoTrue's 30 requests, nor than the whole allowance. */
const burstOf = (rate: number) => Math.min(rate, 30);

/** The buckets from [auth.rate_limit]; the MFA one is GoTrue's fixed limit. */
export function limitSpecs(limits: AuthRateLimits): Record<LimitName, LimitSpec> {
  return {
    // password sign-in, refresh and PKCE exchange share one bucket, as in GoTrue.
    token: {rate: limits.tokenRefresh, perSeconds: 300, burst: burstOf(limits.tokenRefresh)},
    verify: {rate: limits.tokenVerifications, perSeconds: 300, burst: burstOf(limits.tokenVerifications)},
    // sign-up, magic link and e-mail code, recover, resend, PUT /user
    otp: {rate: limits.signInSignUps, perSeconds: 300, burst: burstOf(limits.signInSignUps)},
    mfa: {rate: 15, perSeconds: 60, burst: 30},
    emailSent: {rate: limits.emailSent, perSeconds: 3600, burst: limits.emailSent},
  };
}

const MAX_KEYS = 50_000;

export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private readonly lastMail = new Map<string, number>();

  private readonly specs: Record<LimitName, LimitSpec>;
  /** [auth.email] max_frequency: the least time between two mails of one kind to one address. */
  private readonly mailIntervalMs: number;

  constructor(
    private readonly scale: number,
    settings: Pick<AuthSettings, 'rateLimit' | 'mailMaxFrequencySeconds'>,
  ) {
    this.specs = limitSpecs(settings.rateLimit);
    this.mailIntervalMs = settings.mailMaxFrequencySeconds * 1000;
  }

  /** Takes one token; false when the bucket is empty. */
  take(name: LimitName, key: string, now = Date.now()): boolean {
    const spec = this.specs[name];
    const capacity = spec.burst * this.scale;
    const perMs = (spec.rate * this.scale) / (spec.perSeconds * 1000);
    const id = `${name}|${key}`;
    let bucket = this.buckets.get(id);
    if (!bucket) {
      if (this.buckets.size >= MAX_KEYS) this.buckets.clear();
      bucket = {tokens: capacity, updated: now};
      this.buckets.set(id, bucket);
    }
    bucket.tokens = Math.min(capacity, bucket.tokens + (now - bucket.updated) * perMs);
    bucket.updated = now;
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }

  /** Throws GoTrue's 429 when the caller's bucket is empty. */
  enforce(name: LimitName, ip: string): void {
    if (!this.take(name, ip)) throw new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached');
  }

  /**
   * The one check before any mail of `kind` goes to `addresses`: max_frequency per address and
   * kind, then the project's e-mail quota. It is keyed by address, never by account, and runs
   * the same way whether or not the address is registered, so a 429 says nothing about who is.
   */
  enforceMail(kind: string, addresses: string[], now = Date.now()): void {
    const ids = addresses.map((address) => `${kind}|${address.toLowerCase()}`);
    if (this.mailIntervalMs > 0) {
      const last = Math.max(...ids.map((id) => this.lastMail.get(id) ?? -Infinity));
      if (now - last < this.mailIntervalMs) {
        const seconds = Math.ceil((last + this.mailIntervalMs - now) / 1000);
        throw new AuthError(429, 'over_email_send_rate_limit', `For security purposes, you can only request this after ${seconds} seconds.`);
      }
    }
    if (!this.take('emailSent', 'global', now)) throw new AuthError(429, 'over_email_send_rate_limit', 'email rate limit exceeded');
    if (this.mailIntervalMs <= 0) return;
    if (this.lastMail.size >= MAX_KEYS) {
      for (const [key, at] of this.lastMail) if (now - at >= this.mailIntervalMs) this.lastMail.delete(key);
      if (this.lastMail.size >= MAX_KEYS) this.lastMail.clear();
    }
    for (const id of ids) this.lastMail.set(id, now);
  }
}
