// The one place an API key is mapped to the role it acts as, with hosted Supabase's refusals.
import type {KeyStore} from '../keys';

export type ApiKeyRole = 'anon' | 'service_role';

export type ApiKeyVerdict =
  | {ok: true; role: ApiKeyRole; kind: 'publishable' | 'secret' | 'legacy'}
  | {ok: false; status: 401; body: {message: string; hint: string}; errorCode?: string};

const INVALID: ApiKeyVerdict = {
  ok: false,
  status: 401,
  body: {message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.'},
};

const LEGACY_DISABLED: ApiKeyVerdict = {
  ok: false,
  status: 401,
  body: {
    message: 'Legacy API keys are disabled',
    hint: 'Your legacy API keys (anon, service_role) are disabled. Re-enable them in the Supabase dashboard, or use the new publishable and secret API keys.',
  },
};

const SECRET_IN_BROWSER: ApiKeyVerdict = {
  ok: false,
  status: 401,
  body: {
    message: 'Forbidden use of secret API key in browser',
    hint: 'Secret API keys can only be used in a protected environment and should never be used in a browser. Delete this secret API key immediately!',
  },
  errorCode: 'UNAUTHORIZED_INVALID_API_KEY_TYPE',
};

/** Hosted's gateway tells a browser by its User-Agent; every browser's starts with Mozilla/. */
export function isBrowserUserAgent(userAgent: string | null): boolean {
  return userAgent !== null && /\bMozilla\//.test(userAgent);
}

/** What an `apikey` acts as: the publishable key as anon, a secret key as service_role (never from a browser), the legacy JWT keys as their role while enabled. */
export function apiKeyVerdict(apikey: string, keys: KeyStore, userAgent: string | null): ApiKeyVerdict {
  if (apikey === keys.publishableKey) return {ok: true, role: 'anon', kind: 'publishable'};
  if (apikey === keys.secretKey) {
    return isBrowserUserAgent(userAgent) ? SECRET_IN_BROWSER : {ok: true, role: 'service_role', kind: 'secret'};
  }
  if (apikey === keys.anonKey || apikey === keys.serviceRoleKey) {
    if (!keys.legacyKeysEnabled) return LEGACY_DISABLED;
    return {ok: true, role: apikey === keys.anonKey ? 'anon' : 'service_role', kind: 'legacy'};
  }
  return INVALID;
}
