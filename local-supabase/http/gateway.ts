import {json} from './json';
import {apiKeyVerdict} from './apiKeys';
import {bearerToken} from '../../shared/bearer';
import type {Platform} from '../platform';

// What Supabase's API gateway does before a request reaches GoTrue, PostgREST or a function:
// an API key is required (except on browser-navigated auth links and public metadata), and a
// request without a user's Authorization acts with the API key's role.
const OPEN_AUTH_PATHS = new Set(['/verify', '/callback', '/authorize', '/health', '/.well-known/jwks.json', '/jwks']);

export function requiresApiKey(service: string, path: string): boolean {
  if (service === 'auth') return !OPEN_AUTH_PATHS.has(path);
  // Supabase's gateway does not key-check /functions/v1 (webhooks from PayPal carry no apikey);
  // the functions host applies verify_jwt per function instead.
  if (service === 'functions') return false;
  return true;
}

/**
 * Checks the API key and, for an sb_ key, puts the key's role in Authorization as a short-lived
 * JWT, as hosted's gateway does: when Authorization is absent or is itself an sb_ key (supabase-js
 * sends the key in both). A user's JWT in Authorization passes untouched. Returns the refusal, or
 * null to go on.
 */
export async function applyApiKey(request: Request, url: URL, platform: Platform, required: boolean): Promise<Response | null> {
  const apikey = request.headers.get('apikey') ?? url.searchParams.get('apikey');
  if (!apikey) {
    if (!required) return null;
    return json({message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.'}, 401);
  }
  const verdict = apiKeyVerdict(apikey, platform.keys, request.headers.get('user-agent'));
  if (!verdict.ok) {
    // Unkeyed paths (functions, e-mail links) do not judge a key they do not need, but a secret
    // key from a browser is refused wherever it is sent.
    if (!required && verdict.errorCode === undefined) return null;
    return json(verdict.body, verdict.status, verdict.errorCode ? {'sb-error-code': verdict.errorCode} : undefined);
  }
  if (verdict.kind !== 'legacy') {
    const authorization = request.headers.get('authorization');
    if (authorization === null || bearerToken(authorization)?.startsWith('sb_')) {
      request.headers.set('authorization', `Bearer ${await platform.keys.gatewayToken(verdict.role)}`);
    }
  }
  return null;
}

/** The bearer token a request acts with: its Authorization header, else its (legacy JWT) API key. */
export function effectiveBearer(request: Request, url: URL): string | null {
  const header = request.headers.get('authorization');
  // A header that is not a Bearer one is verified as it stands, so it fails as a malformed JWT.
  if (header !== null) return bearerToken(header) ?? header;
  return request.headers.get('apikey') ?? url.searchParams.get('apikey');
}
