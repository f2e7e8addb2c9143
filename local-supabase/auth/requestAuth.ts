// GoTrue's requireAuthentication middleware: who is calling, from the Bearer token.
import {bearerToken} from '../../shared/bearer';
import {JwtError, type JwtClaims} from '../keys';
import type {Platform} from '../platform';
import {AuthError, forbidden} from './errors';
import {isUuid} from './http';
import {findUserById, isBanned, type UserRow} from './users';

export interface Caller {
  claims: JwtClaims;
  user: UserRow;
  /** Undefined for tokens without a session (e.g. minted elsewhere with the same key). */
  sessionId?: string;
  aal: string;
}

const NIL_UUID = '00000000-0000-0000-0000-000000000000';

/** The caller's Bearer token; GoTrue answers 401 no_authorization without one. */
export function requiredBearer(request: Request): string {
  const token = bearerToken(request.headers.get('authorization'));
  if (token === null) throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  return token;
}

export async function verifiedClaims(platform: Platform, request: Request): Promise<JwtClaims> {
  const token = requiredBearer(request);
  try {
    return await platform.keys.verify(token);
  } catch (error) {
    if (error instanceof JwtError) {
      const detail = error.code === 'PGRST303' ? `token has invalid claims: ${error.message}` : error.message;
      throw forbidden('bad_jwt', `invalid JWT: unable to parse or verify signature, ${detail}`);
    }
    throw error;
  }
}

export async function requireUser(platform: Platform, request: Request): Promise<Caller> {
  const claims = await verifiedClaims(platform, request);
  if (typeof claims.sub !== 'string' || claims.sub === '') throw forbidden('bad_jwt', 'invalid claim: missing sub claim');
  if (!isUuid(claims.sub)) throw forbidden('bad_jwt', 'invalid claim: sub claim must be a UUID');
  const user = await findUserById(platform.db, claims.sub);
  if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
  let sessionId: string | undefined;
  let aal = typeof claims.aal === 'string' ? claims.aal : 'aal1';
  if (claims.session_id !== undefined && claims.session_id !== NIL_UUID) {
    const id = claims.session_id;
    const {rows} = isUuid(id)
      ? await platform.db.query<{aal: string | null}>(`select aal::text as aal from auth.sessions where id = $1 and user_id = $2`, [id, user.id])
      : {rows: []};
    if (!rows[0]) throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
    sessionId = id;
    aal = rows[0].aal ?? aal;
  }
  if (isBanned(user)) throw forbidden('user_banned', 'User is banned');
  return {claims, user, sessionId, aal};
}

/** The admin API: the service_role key (or any token with that role) only. */
export async function requireAdmin(platform: Platform, request: Request): Promise<JwtClaims> {
  const claims = await verifiedClaims(platform, request);
  if (claims.role !== 'service_role' && claims.role !== 'supabase_admin') throw forbidden('not_admin', 'User not allowed');
  return claims;
}
