// GoTrue's per-IP token buckets (api/apilimiter) and its global e-mail quota. Limits are
// multiplied by config.rateLimitScale so tests can relax them.
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

export const LIMITS = {
  // password sign-in, refresh and PKCE exchange share one bucket, as in GoTrue.
  token: {rate: 150, perSeconds: 300, burst: 30},
  verify: {rate: 30, perSeconds: 300, burst: 30},
  // sign-up, recover, PUT /user
  otp: {rate: 30, perSeconds: 300, burst: 30},
  mfa: {rate: 15, perSeconds: 60, burst: 30},
  emailSent: {rate: 30, perSeconds: 3600, burst: 30},
} satisfies Record<string, LimitSpec>;

export type LimitName = keyof typeof LIMITS;

const MAX_KEYS = 50_000;

export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private readonly lastMail = new Map<string, number>();

  constructor(private readonly scale: number) {}

  /** Takes one token; false when the bucket is empty. */
  take(name: LimitName, key: string, now = Date.now()): boolean {
    const spec = LIMITS[name];
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
   * GoTrue's SMTP max_frequency, kept per address and kind whether or not an account exists, so
   * a 429 here says nothing about who is registered. Seconds left, or 0 when a mail may go out.
   */
  mailWait(kind: string, email: string, waitMs: number, now = Date.now()): number {
    if (waitMs <= 0) return 0;
    const id = `${kind}|${email.toLowerCase()}`;
    const last = this.lastMail.get(id);
    if (last !== undefined && now - last < waitMs) return Math.ceil((last + waitMs - now) / 1000);
    if (this.lastMail.size >= MAX_KEYS) {
      for (const [key, at] of this.lastMail) if (now - at >= waitMs) this.lastMail.delete(key);
      if (this.lastMail.size >= MAX_KEYS) this.lastMail.clear();
    }
    this.lastMail.set(id, now);
    return 0;
  }

  /** The project-wide e-mail quota. */
  enforceEmail(): void {
    if (!this.take('emailSent', 'global')) throw new AuthError(429, 'over_email_send_rate_limit', 'email rate limit exceeded');
  }
}
