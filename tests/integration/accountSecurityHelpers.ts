// Shared steps of the account-security tests: a verified TOTP factor and the claims of a token.
import type {SupabaseClient} from '@supabase/supabase-js';
import {expect} from 'vitest';
import {totpCode} from '../../local-supabase/auth/totp';

export function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString()) as Record<string, unknown>;
}

/** Enrols and verifies a TOTP factor; the client's session is aal2 afterwards. */
export async function enrolTotp(client: SupabaseClient, friendlyName = 'Phone'): Promise<{factorId: string; secret: string}> {
  const enrolled = await client.auth.mfa.enroll({factorType: 'totp', friendlyName});
  expect(enrolled.error).toBeNull();
  const {id, totp} = enrolled.data!;
  const verified = await client.auth.mfa.challengeAndVerify({factorId: id, code: totpCode(totp.secret)});
  expect(verified.error).toBeNull();
  return {factorId: id, secret: totp.secret};
}

/**
 * A code the server accepts (one step of skew) that differs from the one enrolTotp spent, so a
 * server that refuses replayed codes still takes it.
 */
export const nextCode = (secret: string): string => totpCode(secret, Date.now() + 30_000);

/** Passes the second factor on a password-only session. */
export async function stepUp(client: SupabaseClient, factorId: string, secret: string): Promise<void> {
  const {error} = await client.auth.mfa.challengeAndVerify({factorId, code: nextCode(secret)});
  expect(error).toBeNull();
}
