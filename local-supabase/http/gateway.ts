import {json} from './json';
import type {Platform} from '../platform';

// What Supabase's API gateway does before a request reaches GoTrue, PostgREST or a function:
// an API key is required (except on browser-navigated auth links and public metadata), and a
// request without Authorization acts with the API key's role.
const OPEN_AUTH_PATHS = new Set(['/verify', '/callback', '/authorize', '/health', '/.well-known/jwks.json']);

export function requiresApiKey(service: string, path: string): boolean {
  if (service === 'auth') return !OPEN_AUTH_PATHS.has(path);
  // Supabase's gateway does not key-check /functions/v1 (webhooks from PayPal carry no apikey);
  // the functions host applies verify_jwt per function instead.
  if (service === 'functions') return false;
  return true;
}

/** Returns a 401 response when the API key is missing or unknown, else null. */
export function checkApiKey(request: Request, url: URL, platform: Platform): Response | null {
  const apikey = request.headers.get('apikey') ?? url.searchParams.get('apikey');
  if (!apikey) {
    return json(
      {message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.'},
      401,
    );
  }
  if (apikey !== platform.keys.anonKey && apikey !== platform.keys.serviceRoleKey) {
    return json({message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.'}, 401);
  }
  return null;
}

/** The bearer token a request acts with: its Authorization header, else its API key. */
export function effectiveBearer(request: Request, url: URL): string | null {
  const header = request.headers.get('authorization');
  if (header !== null) {
    const match = /^Bearer\s+(.*)$/i.exec(header);
    return match ? (match[1] as string).trim() : header;
  }
  return request.headers.get('apikey') ?? url.searchParams.get('apikey');
}
