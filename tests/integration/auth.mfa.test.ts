// TOTP MFA: enroll, challenge, verify to aal2, list factors, unenroll.
import {describe, expect, it} from 'vitest';
import {totpCode} from '../../local-supabase/auth/totp';
import {anonClient, authFetch, signedInUser} from './clients';

function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString()) as Record<string, unknown>;
}

describe('TOTP MFA', () => {
  it('enrolls, verifies to an aal2 session and unenrolls', async () => {
    const {client, email, password} = await signedInUser();
    const bystander = anonClient();
    await bystander.auth.signInWithPassword({email, password});

    const enrolled = await client.auth.mfa.enroll({factorType: 'totp', friendlyName: 'phone'});
    expect(enrolled.error).toBeNull();
    const factor = enrolled.data!;
    expect(factor.type).toBe('totp');
    expect(factor.friendly_name).toBe('phone');
    expect(factor.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(factor.totp.uri).toMatch(/^otpauth:\/\/totp\/.+\?.*secret=/);
    expect(factor.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg/);
    // A scannable code: QR modules drawn as a path, not the URI written out as text.
    expect(factor.totp.qr_code).toMatch(/<path[^>]* d="M/);
    expect(factor.totp.qr_code).not.toContain('otpauth://');

    const duplicate = await client.auth.mfa.enroll({factorType: 'totp', friendlyName: 'phone'});
    expect(duplicate.error?.code).toBe('mfa_factor_name_conflict');

    const challenge = await client.auth.mfa.challenge({factorId: factor.id});
    expect(challenge.error).toBeNull();
    expect(challenge.data!.expires_at).toBeGreaterThan(Date.now() / 1000);

    const wrongCode = totpCode(factor.totp.secret, Date.now() + 10 * 60_000);
    const wrong = await client.auth.mfa.verify({factorId: factor.id, challengeId: challenge.data!.id, code: wrongCode});
    expect(wrong.error?.code).toBe('mfa_verification_failed');
    expect(wrong.error?.status).toBe(422);

    const verified = await client.auth.mfa.verify({
      factorId: factor.id,
      challengeId: challenge.data!.id,
      code: totpCode(factor.totp.secret),
    });
    expect(verified.error).toBeNull();
    const claims = claimsOf(verified.data!.access_token);
    expect(claims.aal).toBe('aal2');
    expect((claims.amr as {method: string}[]).map((a) => a.method)).toEqual(expect.arrayContaining(['totp', 'password']));

    const aal = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(aal.data).toMatchObject({currentLevel: 'aal2', nextLevel: 'aal2'});
    const factors = await client.auth.mfa.listFactors();
    expect(factors.data?.totp.map((f) => f.id)).toEqual([factor.id]);

    // The challenge is spent.
    const replay = await client.auth.mfa.verify({factorId: factor.id, challengeId: challenge.data!.id, code: totpCode(factor.totp.secret)});
    expect(replay.error?.code).toBe('mfa_factor_not_found');

    // The aal1 session elsewhere ended with the factor's activation.
    expect((await bystander.auth.getUser()).error).not.toBeNull();

    // A fresh password sign-in is aal1 and may not remove a verified factor.
    const aal1 = anonClient();
    await aal1.auth.signInWithPassword({email, password});
    expect((await aal1.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({currentLevel: 'aal1', nextLevel: 'aal2'});
    const refused = await aal1.auth.mfa.unenroll({factorId: factor.id});
    expect(refused.error?.code).toBe('insufficient_aal');
    const secondFactor = await aal1.auth.mfa.enroll({factorType: 'totp'});
    expect(secondFactor.error?.code).toBe('insufficient_aal');

    const removed = await client.auth.mfa.unenroll({factorId: factor.id});
    expect(removed.error).toBeNull();
    expect(removed.data).toEqual({id: factor.id});
    expect((await client.auth.getUser()).data.user?.factors ?? []).toEqual([]);
  });

  it('unknown factors and challenges are refused', async () => {
    const {client, session} = await signedInUser();
    const unknown = await client.auth.mfa.challenge({factorId: '00000000-0000-4000-8000-000000000000'});
    expect(unknown.error?.code).toBe('mfa_factor_not_found');
    expect(unknown.error?.status).toBe(404);
    const enrolled = await client.auth.mfa.enroll({factorType: 'totp'});
    const badChallenge = await client.auth.mfa.verify({
      factorId: enrolled.data!.id,
      challengeId: '00000000-0000-4000-8000-000000000000',
      code: '123456',
    });
    expect(badChallenge.error?.code).toBe('mfa_factor_not_found');
    const badType = await authFetch('/factors', {method: 'POST', token: session.access_token, body: JSON.stringify({factor_type: 'sms'})});
    expect(badType.status).toBe(400);
    // An unverified factor may be removed from an aal1 session.
    expect((await client.auth.mfa.unenroll({factorId: enrolled.data!.id})).error).toBeNull();
  });
});
