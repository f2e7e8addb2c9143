// TOTP multi-factor authentication: enroll, challenge, verify (to aal2), unenroll.
import {randomUUID} from 'node:crypto';
import type {AuthContext, UserContext} from './context';
import {AuthError, forbidden, notFound, unprocessable, validationFailed} from './errors';
import {isUuid, ok, optionalString, readJson} from './http';
import {notifyOnSuccess} from './notify';
import {qrCodeSvg} from './qr';
import type {Caller} from './requestAuth';
import {addAmrClaim, rotateSessionToken, sessionResponse, snapshot} from './sessions';
import {randomBase32} from './tokens';
import {matchTotpStep, otpauthUri} from './totp';
import {factorsOf, type FactorRow} from './users';

const MAX_FACTORS = 10;
const CHALLENGE_TTL_SECONDS = 300;
/** Unverified factors left behind by abandoned enrolments are swept after this long. */
const UNVERIFIED_FACTOR_TTL_SECONDS = 300;

function inetOrZero(ip: string): string {
  const clean = ip.replace(/^::ffff:/, '');
  return /^[0-9a-fA-F:.]+$/.test(clean) ? clean : '0.0.0.0';
}

export async function enroll(ctx: UserContext): Promise<Response> {
  const {caller} = ctx;
  const body = await readJson(ctx.request);
  const factorType = optionalString(body, 'factor_type') ?? '';
  if (factorType === 'phone') throw unprocessable('mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone');
  if (factorType === 'webauthn') throw unprocessable('mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn');
  if (factorType !== 'totp') throw validationFailed('factor_type needs to be totp, phone, or webauthn');
  if (!ctx.settings.totpEnrollEnabled) throw unprocessable('mfa_totp_enroll_not_enabled', 'MFA enroll is disabled for TOTP');
  const friendlyName = optionalString(body, 'friendly_name') ?? '';
  let issuer = optionalString(body, 'issuer') ?? '';
  if (!issuer) {
    try {
      issuer = new URL(ctx.settings.siteUrl).host;
    } catch {
      issuer = 'local-supabase';
    }
  }
  const secret = randomBase32(20);
  const uri = otpauthUri(issuer, caller.user.email ?? '', secret);
  const id = randomUUID();
  await ctx.platform.db.transaction(async (tx) => {
    await tx.query(
      `delete from auth.mfa_factors where user_id = $1 and status = 'unverified' and created_at < now() - make_interval(secs => $2)`,
      [caller.user.id, UNVERIFIED_FACTOR_TTL_SECONDS],
    );
    const factors = await factorsOf(tx, caller.user.id);
    if (factors.some((f) => f.status === 'verified') && caller.aal !== 'aal2') {
      throw forbidden('insufficient_aal', 'AAL2 required to enroll a new factor');
    }
    if (factors.length >= MAX_FACTORS) {
      throw unprocessable('too_many_enrolled_mfa_factors', 'Maximum number of verified factors reached, unenroll to continue');
    }
    if (friendlyName.trim() !== '' && factors.some((f) => f.friendly_name === friendlyName)) {
      throw unprocessable('mfa_factor_name_conflict', `A factor with the friendly name "${friendlyName}" for this user already exists`);
    }
    await tx.query(
      `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
       values ($1, $2, $3, 'totp', 'unverified', now(), now(), $4)`,
      [id, caller.user.id, friendlyName, secret],
    );
  });
  return ok({id, type: 'totp', friendly_name: friendlyName, totp: {qr_code: await qrCodeSvg(uri), secret, uri}});
}

async function ownFactor(ctx: AuthContext, caller: Caller, factorId: string): Promise<FactorRow> {
  const factor = isUuid(factorId) ? (await factorsOf(ctx.platform.db, caller.user.id)).find((f) => f.id === factorId) : undefined;
  if (!factor) throw notFound('mfa_factor_not_found', 'Factor not found');
  return factor;
}

export async function challenge(ctx: UserContext, factorId: string): Promise<Response> {
  const {caller} = ctx;
  await readJson(ctx.request);
  const factor = await ownFactor(ctx, caller, factorId);
  const id = randomUUID();
  const createdAt = await ctx.platform.db.transaction(async (tx) => {
    const {rows} = await tx.query<{created_at: Date}>(
      `insert into auth.mfa_challenges (id, factor_id, created_at, ip_address) values ($1, $2, now(), $3::inet) returning created_at`,
      [id, factor.id, inetOrZero(ctx.ip)],
    );
    await tx.query(`update auth.mfa_factors set last_challenged_at = clock_timestamp(), updated_at = now() where id = $1`, [factor.id]);
    return (rows[0] as {created_at: Date}).created_at;
  });
  return ok({id, type: 'totp', expires_at: Math.floor(createdAt.getTime() / 1000) + CHALLENGE_TTL_SECONDS});
}

export async function verifyFactor(ctx: UserContext, factorId: string): Promise<Response> {
  const {caller} = ctx;
  const body = await readJson(ctx.request);
  const challengeId = optionalString(body, 'challenge_id') ?? '';
  const code = (optionalString(body, 'code') ?? '').trim();
  const factor = await ownFactor(ctx, caller, factorId);
  if (!ctx.settings.totpVerifyEnabled) throw unprocessable('mfa_totp_verify_not_enabled', 'MFA verification is disabled for TOTP');
  const sessionId = caller.sessionId;
  if (!sessionId) throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
  const snap = await ctx.platform.db.transaction(async (tx) => {
    const {rows} = isUuid(challengeId)
      ? await tx.query<{id: string; created_at: Date; verified_at: Date | null; ip: string}>(
          `select id, created_at, verified_at, host(ip_address) as ip from auth.mfa_challenges where id = $1 and factor_id = $2 for update`,
          [challengeId, factor.id],
        )
      : {rows: []};
    const found = rows[0];
    if (!found || found.verified_at) {
      throw unprocessable('mfa_factor_not_found', 'MFA factor with the provided challenge ID not found');
    }
    if (Date.now() > found.created_at.getTime() + CHALLENGE_TTL_SECONDS * 1000) {
      throw unprocessable(
        'mfa_challenge_expired',
        `MFA challenge ${found.id} has expired, verify against another challenge or create a new challenge.`,
      );
    }
    if (found.ip !== inetOrZero(ctx.ip)) throw unprocessable('mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.');
    const step = factor.secret ? matchTotpStep(factor.secret, code) : null;
    // Each time step is accepted once per factor, even from another session: the compare-and-set
    // runs under the transaction's row lock, so two verifies of one code cannot both pass.
    const fresh =
      step !== null &&
      (
        await tx.query(
          `update auth.mfa_factors set last_totp_step = $2 where id = $1 and (last_totp_step is null or last_totp_step < $2) returning id`,
          [factor.id, step],
        )
      ).rows.length === 1;
    if (!fresh) throw unprocessable('mfa_verification_failed', 'Invalid TOTP code entered');
    await tx.query(`update auth.mfa_challenges set verified_at = now() where id = $1`, [found.id]);
    await tx.query(`update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1`, [factor.id]);
    // The first successful verify is what enrols the factor (GoTrue's MFAFactorEnrolledNotification).
    if (factor.status !== 'verified') notifyEnrolment(ctx, 'mfa_factor_enrolled', factor.factor_type);
    await addAmrClaim(tx, sessionId, 'totp');
    await tx.query(`update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = now() where id = $1`, [sessionId, factor.id]);
    // Sessions that never passed the second factor must not outlive its activation.
    await tx.query(`delete from auth.sessions where user_id = $1 and id <> $2 and aal = 'aal1'`, [caller.user.id, sessionId]);
    await tx.query(`delete from auth.mfa_factors where user_id = $1 and id <> $2 and status = 'unverified' and factor_type = 'totp'`, [
      caller.user.id,
      factor.id,
    ]);
    const refreshToken = await rotateSessionToken(tx, caller.user.id, sessionId);
    return snapshot(tx, caller.user.id, sessionId, refreshToken);
  });
  return ok(await sessionResponse(ctx.platform, snap));
}

export async function unenroll(ctx: UserContext, factorId: string): Promise<Response> {
  const {caller} = ctx;
  const factor = await ownFactor(ctx, caller, factorId);
  if (factor.status === 'verified' && caller.aal !== 'aal2') {
    throw new AuthError(422, 'insufficient_aal', 'AAL2 required to unenroll verified factor');
  }
  await ctx.platform.db.transaction(async (tx) => {
    await tx.query(
      `delete from auth.mfa_amr_claims where authentication_method = 'totp'
          and session_id in (select id from auth.sessions where factor_id = $1)`,
      [factor.id],
    );
    await tx.query(`update auth.sessions set aal = 'aal1', factor_id = null, updated_at = now() where factor_id = $1`, [factor.id]);
    await tx.query(`delete from auth.mfa_factors where id = $1`, [factor.id]);
  });
  // An abandoned, never verified enrolment was never announced, so its removal is not either.
  if (factor.status === 'verified') notifyEnrolment(ctx, 'mfa_factor_unenrolled', factor.factor_type);
  return ok({id: factor.id});
}

function notifyEnrolment(ctx: UserContext, kind: 'mfa_factor_enrolled' | 'mfa_factor_unenrolled', factorType: string): void {
  const {user} = ctx.caller;
  notifyOnSuccess(ctx, kind, {to: user.email ?? '', email: user.email ?? '', factorType, data: user.raw_user_meta_data});
}
