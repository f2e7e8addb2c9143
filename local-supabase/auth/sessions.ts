// Sessions, refresh-token rotation and access tokens (GoTrue tokens/service.go semantics).
import {randomUUID} from 'node:crypto';
import type {Queryable} from '../db/database';
import type {Platform} from '../platform';
import {AuthError, badRequest, OAuthError} from './errors';
import {newRefreshToken} from './tokens';
import {loadUserJson} from './userJson';
import {AUDIENCE, INSTANCE_ID, isBanned, reloadUser, type UserRow} from './users';

export type AuthMethod = 'password' | 'otp' | 'totp' | 'email/signup' | 'recovery' | 'magiclink' | 'invite';

/** Everything needed to answer with a Session, read inside the transaction that produced it. */
export interface SessionSnapshot {
  user: UserRow;
  userJson: Record<string, unknown>;
  sessionId: string;
  refreshToken: string;
  aal: string;
  amr: {method: string; timestamp: number}[];
}

interface RefreshTokenRow {
  id: number;
  token: string;
  user_id: string;
  revoked: boolean;
  parent: string | null;
  session_id: string | null;
  updated_at: Date;
}

async function insertRefreshToken(tx: Queryable, userId: string, sessionId: string, parent: string | null): Promise<string> {
  const token = newRefreshToken();
  await tx.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ($1, $2, $3, false, now(), now(), $4, $5)`,
    [INSTANCE_ID, token, userId, parent, sessionId],
  );
  return token;
}

export async function addAmrClaim(tx: Queryable, sessionId: string, method: AuthMethod): Promise<void> {
  await tx.query(
    `insert into auth.mfa_amr_claims (session_id, created_at, updated_at, authentication_method, id)
     values ($1, now(), now(), $2, $3)
     on conflict (session_id, authentication_method) do update set updated_at = now()`,
    [sessionId, method, randomUUID()],
  );
}

/** A new session with its first refresh token; records the sign-in on the user and identity. */
export async function createSession(
  tx: Queryable,
  userId: string,
  method: AuthMethod,
  meta: {ip?: string; userAgent?: string | null} = {},
): Promise<SessionSnapshot> {
  const sessionId = randomUUID();
  await tx.query(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, refreshed_at, user_agent, ip)
     values ($1, $2, now(), now(), 'aal1', now(), $3, $4::inet)`,
    [sessionId, userId, meta.userAgent ?? null, safeInet(meta.ip)],
  );
  await addAmrClaim(tx, sessionId, method);
  await tx.query(`update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1`, [userId]);
  await tx.query(`update auth.identities set last_sign_in_at = now() where user_id = $1 and provider = 'email'`, [userId]);
  const refreshToken = await insertRefreshToken(tx, userId, sessionId, null);
  return snapshot(tx, userId, sessionId, refreshToken);
}

function safeInet(ip: string | undefined): string | null {
  if (!ip) return null;
  const clean = ip.replace(/^::ffff:/, '');
  return /^[0-9a-fA-F:.]+$/.test(clean) ? clean : null;
}

export async function snapshot(tx: Queryable, userId: string, sessionId: string, refreshToken: string): Promise<SessionSnapshot> {
  const user = await reloadUser(tx, userId);
  const {rows: sessions} = await tx.query<{aal: string | null}>(`select aal::text as aal from auth.sessions where id = $1`, [sessionId]);
  const {rows: claims} = await tx.query<{authentication_method: string; updated_at: Date}>(
    `select authentication_method, updated_at from auth.mfa_amr_claims where session_id = $1 order by updated_at desc`,
    [sessionId],
  );
  return {
    user,
    userJson: await loadUserJson(tx, user),
    sessionId,
    refreshToken,
    aal: sessions[0]?.aal ?? 'aal1',
    amr: claims.map((c) => ({method: c.authentication_method, timestamp: Math.floor(c.updated_at.getTime() / 1000)})),
  };
}

/** Signs the access token and renders GoTrue's AccessTokenResponse. */
export async function sessionResponse(platform: Platform, s: SessionSnapshot): Promise<Record<string, unknown>> {
  const iat = Math.floor(Date.now() / 1000);
  const expiresIn = platform.config.auth.jwtExpirySeconds;
  const exp = iat + expiresIn;
  const accessToken = await platform.keys.sign({
    iss: `${platform.apiUrl}/auth/v1`,
    sub: s.user.id,
    aud: AUDIENCE,
    exp,
    iat,
    email: s.user.email ?? '',
    phone: s.user.phone ?? '',
    app_metadata: s.user.raw_app_meta_data ?? {},
    user_metadata: s.user.raw_user_meta_data ?? {},
    role: s.user.role || AUDIENCE,
    aal: s.aal,
    amr: s.amr,
    session_id: s.sessionId,
    is_anonymous: s.user.is_anonymous,
  });
  return {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: expiresIn,
    expires_at: exp,
    refresh_token: s.refreshToken,
    user: s.userJson,
  };
}

/** config.toml's enable_refresh_token_rotation and refresh_token_reuse_interval. */
export interface RotationSettings {
  refreshTokenRotation: boolean;
  refreshTokenReuseIntervalSeconds: number;
}

/**
 * The refresh_token grant, in GoTrue's order. A revoked token that is the parent of the session's
 * active token gets that active token back, however late (its client never stored the answer to
 * its last refresh). Any other revoked token is honoured only within the reuse interval; later
 * reuse means the token leaked, so with rotation on the whole session family is revoked (and that
 * error is returned, not thrown, so the revocation commits).
 */
export async function refreshGrant(tx: Queryable, presented: string, rotation: RotationSettings): Promise<SessionSnapshot | AuthError> {
  if (!presented) throw new OAuthError(400, 'invalid_request', 'refresh_token required');
  const {rows} = await tx.query<RefreshTokenRow>(
    `select id, token, user_id, revoked, parent, session_id, updated_at from auth.refresh_tokens where token = $1 for update`,
    [presented],
  );
  const token = rows[0];
  if (!token) throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
  const {rows: users} = await tx.query<UserRow>(`select id, banned_until from auth.users where id::text = $1`, [token.user_id]);
  const user = users[0];
  if (!user) throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
  if (isBanned(user)) throw badRequest('user_banned', 'Invalid Refresh Token: User Banned');
  const sessionId = token.session_id;
  const {rows: sessions} = sessionId
    ? await tx.query<{id: string}>(`select id from auth.sessions where id = $1 for update`, [sessionId])
    : {rows: []};
  if (!sessionId || sessions.length === 0) {
    throw badRequest('session_not_found', 'Invalid Refresh Token: No Valid Session Found');
  }

  let issued: string | undefined;
  if (token.revoked) {
    const {rows: active} = await tx.query<{token: string; parent: string | null}>(
      `select token, parent from auth.refresh_tokens where session_id = $1 and not revoked order by id desc limit 1`,
      [sessionId],
    );
    if (active[0]?.parent === presented) {
      issued = active[0].token;
    } else {
      const reuseUntil = token.updated_at.getTime() + rotation.refreshTokenReuseIntervalSeconds * 1000;
      if (Date.now() > reuseUntil) {
        if (rotation.refreshTokenRotation) {
          await tx.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and not revoked`, [
            sessionId,
          ]);
        }
        return badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used');
      }
      // A family revoked for reuse has no active token left; its members stay dead.
      if (!active[0]) throw badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used');
    }
  }
  if (!issued) {
    if (!token.revoked) {
      await tx.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1`, [token.id]);
    }
    issued = await insertRefreshToken(tx, token.user_id, sessionId, presented);
  }
  await tx.query(`update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1`, [sessionId]);
  return snapshot(tx, token.user_id, sessionId, issued);
}

/** Revokes the current refresh tokens of a session and starts a new one (after MFA verify). */
export async function rotateSessionToken(tx: Queryable, userId: string, sessionId: string): Promise<string> {
  await tx.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and not revoked`, [sessionId]);
  return insertRefreshToken(tx, userId, sessionId, null);
}

export type LogoutScope = 'global' | 'local' | 'others';

export async function logout(tx: Queryable, userId: string, sessionId: string | undefined, scope: LogoutScope): Promise<void> {
  if (scope === 'local' && sessionId) {
    await tx.query(`delete from auth.sessions where id = $1 and user_id = $2`, [sessionId, userId]);
  } else if (scope === 'others' && sessionId) {
    await tx.query(`delete from auth.sessions where user_id = $1 and id <> $2`, [userId, sessionId]);
  } else if (scope !== 'others') {
    await logoutAll(tx, userId);
  }
}

export async function logoutAll(tx: Queryable, userId: string, except?: string): Promise<void> {
  await tx.query(`delete from auth.sessions where user_id = $1 and ($2::uuid is null or id <> $2::uuid)`, [userId, except ?? null]);
  // Tokens from before sessions existed have no session row to cascade from.
  await tx.query(`delete from auth.refresh_tokens where user_id = $1 and session_id is null`, [userId]);
}
