// The project URL, API keys and JWKS as the function's environment gives them. Hosted Supabase
// sets SUPABASE_PUBLISHABLE_KEYS / SUPABASE_SECRET_KEYS (JSON objects of named keys, e.g.
// {"default":"sb_secret_…"}) and SUPABASE_JWKS ({"keys":[…]} or a bare array). The legacy
// SUPABASE_ANON_KEY / SUPABASE_SERVICE_ROLE_KEY exist only while the project's legacy keys are
// enabled, so they are the last fallback, never the first choice.
import type {JSONWebKeySet} from 'jose';
import type {Env} from './paypal.ts';

/** A named key set's `default` key, else its first key; null when unset or not a JSON object. */
function fromNamedKeys(raw: string | undefined): string | null {
  if (!raw) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
  const keys = parsed as Record<string, unknown>;
  const pick = typeof keys.default === 'string' ? keys.default : Object.values(keys).find((k) => typeof k === 'string');
  return typeof pick === 'string' && pick !== '' ? pick : null;
}

function firstKey(env: Env, named: string, single: string, legacy: string): string | null {
  return fromNamedKeys(env[named]) ?? (env[single] || null) ?? (env[legacy] || null);
}

/** SUPABASE_URL without a trailing slash. */
export function projectUrl(env: Env): string {
  const url = env.SUPABASE_URL;
  if (!url) throw new Error('SUPABASE_URL must be set');
  return url.replace(/\/+$/, '');
}

/** The key that acts as service_role: SUPABASE_SECRET_KEYS, else SUPABASE_SECRET_KEY, else the legacy SUPABASE_SERVICE_ROLE_KEY. */
export function secretKey(env: Env): string {
  const key = firstKey(env, 'SUPABASE_SECRET_KEYS', 'SUPABASE_SECRET_KEY', 'SUPABASE_SERVICE_ROLE_KEY');
  if (!key) throw new Error('SUPABASE_SECRET_KEYS (or the legacy SUPABASE_SERVICE_ROLE_KEY) must be set');
  return key;
}

/** The key that acts as anon: SUPABASE_PUBLISHABLE_KEYS, else SUPABASE_PUBLISHABLE_KEY, else the legacy SUPABASE_ANON_KEY. */
export function publishableKey(env: Env): string {
  const key = firstKey(env, 'SUPABASE_PUBLISHABLE_KEYS', 'SUPABASE_PUBLISHABLE_KEY', 'SUPABASE_ANON_KEY');
  if (!key) throw new Error('SUPABASE_PUBLISHABLE_KEYS (or the legacy SUPABASE_ANON_KEY) must be set');
  return key;
}

/** SUPABASE_JWKS as a key set; null when unset or unreadable (the auth server's endpoint is used then). */
export function inlineJwks(env: Env): JSONWebKeySet | null {
  const raw = env.SUPABASE_JWKS;
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    const keys = Array.isArray(parsed) ? parsed : (parsed as {keys?: unknown} | null)?.keys;
    return Array.isArray(keys) && keys.length > 0 ? {keys} : null;
  } catch {
    return null;
  }
}
