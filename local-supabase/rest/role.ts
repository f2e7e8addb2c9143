import {effectiveBearer} from '../http/gateway';
import {JwtError as TokenError, type JwtClaims, type KeyStore} from '../keys';
import {JwtError} from './errors';

export interface Caller {
  role: string;
  /** `request.jwt.claims` as PostgREST sets it: the token's claims with `role` present. */
  claimsJson: string;
}

const ANON: Caller = {role: 'anon', claimsJson: '{"role":"anon"}'};
// Claims objects come from KeyStore's verification cache, so their JSON is worth remembering.
const claimsText = new WeakMap<JwtClaims, Caller>();

/** Verifies the bearer token (PostgREST's JWT rules) and names the database role to act as. */
export async function callerFor(request: Request, url: URL, keys: KeyStore): Promise<Caller> {
  const token = effectiveBearer(request, url);
  if (token === null) return ANON;
  let claims: JwtClaims;
  try {
    claims = await keys.verify(token);
  } catch (error) {
    if (error instanceof TokenError) {
      throw new JwtError(error.code, error.message, {
        'www-authenticate': `Bearer error="invalid_token", error_description="${error.message.replace(/"/g, "'")}"`,
      });
    }
    throw error;
  }
  const cached = claimsText.get(claims);
  if (cached) return cached;
  const role = typeof claims.role === 'string' && claims.role !== '' ? claims.role : 'anon';
  const caller = {role, claimsJson: JSON.stringify({...claims, role})};
  claimsText.set(claims, caller);
  return caller;
}

/**
 * Values for the request prelude (see runner.ts): role, claims, method, path, headers, read-only,
 * and the role's statement_timeout in ms (null keeps the server's).
 */
export function setupParams(
  caller: Caller,
  method: string,
  path: string,
  headers: string,
  readOnly: boolean,
  timeoutMs: number | undefined,
): (string | null)[] {
  return [caller.role, caller.claimsJson, method, path, headers, readOnly ? 'on' : 'off', timeoutMs === undefined ? null : String(timeoutMs)];
}

/**
 * `request.headers` JSON (lower-cased names). The client's address is appended to
 * X-Forwarded-For as hosted Supabase's gateway does in front of PostgREST, so SQL can rate-limit
 * per address (its last entry is the one the gateway saw; earlier ones are the client's claim).
 */
export function headersJson(request: Request, clientIp: string): string {
  const out: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    out[name] = value;
  });
  const forwarded = out['x-forwarded-for'];
  out['x-forwarded-for'] = forwarded ? `${forwarded}, ${clientIp}` : clientIp;
  return JSON.stringify(out);
}
