// RFC 6238 TOTP as GoTrue configures it: HMAC-SHA1, 6 digits, 30 s period, one step of skew.
import {createHmac, timingSafeEqual} from 'node:crypto';
import {base32Decode} from './tokens';

export const TOTP_PERIOD = 30;
export const TOTP_DIGITS = 6;
const SKEW_STEPS = 1;

/** RFC 4226 HOTP for one counter value. */
export function hotp(secret: Buffer, counter: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac('sha1', secret).update(message).digest();
  const offset = (digest[digest.length - 1] as number) & 0x0f;
  const binary = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** TOTP_DIGITS).padStart(TOTP_DIGITS, '0');
}

export function totpCode(base32Secret: string, atMs: number = Date.now()): string {
  return hotp(base32Decode(base32Secret), Math.floor(atMs / 1000 / TOTP_PERIOD));
}

/**
 * The time step (counter) `code` is valid for within the allowed skew, or null. The caller must
 * refuse a step at or before the last one it accepted for the factor (RFC 6238 §5.2: one use).
 */
export function matchTotpStep(base32Secret: string, code: string, atMs: number = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const secret = base32Decode(base32Secret);
  const step = Math.floor(atMs / 1000 / TOTP_PERIOD);
  let matched: number | null = null;
  // Every candidate is compared so the timing does not reveal which step matched.
  for (let delta = -SKEW_STEPS; delta <= SKEW_STEPS; delta += 1) {
    const expected = Buffer.from(hotp(secret, step + delta));
    if (timingSafeEqual(expected, Buffer.from(code))) matched = step + delta;
  }
  return matched;
}

export function otpauthUri(issuer: string, account: string, base32Secret: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const query = new URLSearchParams({
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    issuer,
    period: String(TOTP_PERIOD),
    secret: base32Secret,
  });
  return `otpauth://totp/${label}?${query.toString()}`;
}
