// Who is calling: the function verifies the caller's access token itself, against the project's
// JWKS. The platform's `verify_jwt` check is off for every function (supabase/config.toml): it
// cannot verify tokens signed by the new asymmetric JWT signing keys, and it let any valid JWT
// through, the anon key included. Here a caller is accepted only with a token that
// - is signed by a key of the project's JWKS (SUPABASE_JWKS, else the auth server's
//   /auth/v1/.well-known/jwks.json, fetched once and cached; an unknown kid is looked up there too),
// - has not expired, is for the "authenticated" audience and carries role "authenticated"
//   (an API key or the anon JWT is not a signed-in user).
// A legacy HS256 token (a project still on the shared JWT secret) cannot be checked with a public
// key; the auth server checks it instead, and only while that project accepts it.
import {bearerToken} from '../../../shared/bearer.ts';
import {createLocalJWKSet, createRemoteJWKSet, decodeJwt, decodeProtectedHeader, errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey} from 'jose';
import {inlineJwks, projectUrl, publishableKey} from './keys.ts';
import type {Env} from './paypal.ts';

/** GoTrue's audience and role for a signed-in user's access token. */
export const USER_AUDIENCE = 'authenticated';
export const USER_ROLE = 'authenticated';
/** The signing algorithms hosted Supabase's JWT signing keys use. */
const ALGORITHMS = ['ES256', 'RS256'];
/** Clock skew allowed on exp/nbf, as PostgREST allows. */
const CLOCK_TOLERANCE_SECONDS = 30;

export interface AccessTokenClaims extends JWTPayload {
  sub: string;
  role: string;
  email?: string;
  aal?: string;
  session_id?: string;
}

/** The verified caller: their user id, e-mail and assurance level from the token. */
export interface Caller {
  id: string;
  email: string | null;
  aal: string;
  claims: AccessTokenClaims;
}

/** GoTrue's error codes for the same refusals, so a client can tell them apart. */
export type UnauthorizedCode = 'no_authorization' | 'bad_jwt' | 'session_expired' | 'not_signed_in';

/** A refused caller: the guard answers 401 `{error, code}`. */
export class Unauthorized extends Error {
  constructor(
    readonly code: UnauthorizedCode,
    message: string,
  ) {
    super(message);
  }
}

/** The keys could not be fetched (the auth server is down): our failure, answered 503. */
export class KeysUnavailable extends Error {}

const NOT_VALID = 'The access token is not valid; please sign in again';
const NOT_A_USER = 'Sign in first: this token is not a signed-in user’s';

const inlineSets = new Map<string, JWTVerifyGetKey>();
const remoteSets = new Map<string, JWTVerifyGetKey>();

function remoteSet(url: string): JWTVerifyGetKey {
  let set = remoteSets.get(url);
  if (!set) {
    set = createRemoteJWKSet(new URL(url));
    remoteSets.set(url, set);
  }
  return set;
}

/** The key for a token's header: SUPABASE_JWKS first, then the auth server's endpoint. */
function keyResolver(env: Env): JWTVerifyGetKey {
  const raw = env.SUPABASE_JWKS ?? '';
  let inline = inlineSets.get(raw) ?? null;
  if (!inline) {
    const jwks = inlineJwks(env);
    if (jwks) {
      inline = createLocalJWKSet(jwks);
      inlineSets.set(raw, inline);
    }
  }
  const remoteUrl = env.SUPABASE_URL ? `${projectUrl(env)}/auth/v1/.well-known/jwks.json` : null;
  if (!inline && !remoteUrl) throw new Error('SUPABASE_JWKS or SUPABASE_URL must be set');
  return async (header, token) => {
    if (inline) {
      try {
        return await inline(header, token);
      } catch (error) {
        // A key made after this function started (rotation) is only in the served JWKS.
        if (!(error instanceof errors.JWKSNoMatchingKey) || !remoteUrl) throw error;
      }
    }
    return remoteSet(remoteUrl as string)(header, token);
  };
}

function requiredBearer(request: Request): string {
  const token = bearerToken(request.headers.get('authorization'));
  if (!token) throw new Unauthorized('no_authorization', 'Sign in first: the request carries no access token');
  return token;
}

async function verifiedBySignature(token: string, env: Env): Promise<JWTPayload> {
  try {
    // Audience and subject are checked after the role, so a genuine anon token (the gateway's
    // stand-in for an API key has no audience) is told it is not a user's rather than invalid.
    const {payload} = await jwtVerify(token, keyResolver(env), {algorithms: ALGORITHMS, clockTolerance: CLOCK_TOLERANCE_SECONDS});
    return payload;
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw new Unauthorized('session_expired', 'Your session has expired; please sign in again');
    // jose throws a bare JOSEError only when the JWKS endpoint answered other than 200 with JSON.
    const jwksFailed = error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid || (error as Error).constructor === errors.JOSEError;
    if (jwksFailed || error instanceof TypeError) {
      throw new KeysUnavailable(`the JWKS could not be read: ${(error as Error).message}`);
    }
    if (error instanceof errors.JOSEError) throw new Unauthorized('bad_jwt', NOT_VALID);
    throw error;
  }
}

/** A legacy HS256 token: the auth server, which holds the shared secret, decides. */
async function verifiedByAuthServer(token: string, env: Env): Promise<JWTPayload> {
  let payload: JWTPayload;
  try {
    payload = decodeJwt(token);
  } catch {
    throw new Unauthorized('bad_jwt', NOT_VALID);
  }
  // Refusals that need no signature check are made here, without a round trip: the legacy anon
  // key (which supabase-js sends when no one is signed in) is the common case.
  if (payload.role !== USER_ROLE) throw new Unauthorized('not_signed_in', NOT_A_USER);
  if (typeof payload.exp !== 'number') throw new Unauthorized('bad_jwt', NOT_VALID);
  if (Date.now() / 1000 > payload.exp + CLOCK_TOLERANCE_SECONDS) {
    throw new Unauthorized('session_expired', 'Your session has expired; please sign in again');
  }
  let response: Response;
  try {
    response = await fetch(`${projectUrl(env)}/auth/v1/user`, {headers: {apikey: publishableKey(env), authorization: `Bearer ${token}`}});
  } catch (error) {
    throw new KeysUnavailable(`the auth server could not be reached: ${(error as Error).message}`);
  }
  await response.body?.cancel();
  if (response.status >= 500) throw new KeysUnavailable(`the auth server answered ${response.status}`);
  if (!response.ok) throw new Unauthorized('bad_jwt', NOT_VALID);
  return payload;
}

/** The signed-in user making the request; throws Unauthorized (401) or KeysUnavailable (503). */
export async function verifyCaller(request: Request, env: Env): Promise<Caller> {
  const token = requiredBearer(request);
  if (token.startsWith('sb_')) throw new Unauthorized('not_signed_in', 'Sign in first: an API key is not a signed-in user');
  let alg: unknown;
  try {
    alg = decodeProtectedHeader(token).alg;
  } catch {
    throw new Unauthorized('bad_jwt', NOT_VALID);
  }
  const payload = alg === 'HS256' ? await verifiedByAuthServer(token, env) : await verifiedBySignature(token, env);
  if (payload.role !== USER_ROLE) throw new Unauthorized('not_signed_in', NOT_A_USER);
  const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  if (!audiences.includes(USER_AUDIENCE)) throw new Unauthorized('bad_jwt', 'The access token is not for this project’s users; please sign in again');
  // jose checks exp only when present: a user's token without one would never expire.
  if (typeof payload.exp !== 'number' || typeof payload.sub !== 'string' || payload.sub === '') throw new Unauthorized('bad_jwt', NOT_VALID);
  const claims = payload as AccessTokenClaims;
  return {
    id: claims.sub,
    email: typeof claims.email === 'string' && claims.email !== '' ? claims.email : null,
    aal: typeof claims.aal === 'string' ? claims.aal : 'aal1',
    claims,
  };
}
