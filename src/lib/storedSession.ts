// Reads the session supabase-js keeps in localStorage without loading supabase-js: the key is
// `sb-<first hostname label of the API URL>-auth-token` (auth-js's default storage key) and the
// value is the JSON session. Used to decide whether the client must be loaded at all and to show
// the avatar before it has loaded.

export interface StoredSessionPreview {
  userId: string | null;
  email: string | null;
  fullName: string | null;
  expiresAt: number | null;
}

export function authStorageKey(supabaseUrl: string): string {
  let host = '';
  try {
    host = new URL(supabaseUrl).hostname;
  } catch {
    host = '';
  }
  return `sb-${host.split('.')[0] ?? ''}-auth-token`;
}

function safeLocalStorage(): Storage | null {
  try {
    return typeof window !== 'undefined' && 'localStorage' in window ? window.localStorage : null;
  } catch {
    // Safari in some privacy modes throws on access.
    return null;
  }
}

const str = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

/** The stored session's user, or null when none is stored (or it is not a usable session). */
export function readStoredSession(supabaseUrl: string): StoredSessionPreview | null {
  const storage = safeLocalStorage();
  if (!storage) return null;
  let raw: string | null = null;
  try {
    raw = storage.getItem(authStorageKey(supabaseUrl));
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Record<string, unknown> | null;
    // auth-js treats a stored value as a session only when these three are present.
    if (!parsed || typeof parsed !== 'object' || !parsed.access_token || !parsed.refresh_token || !parsed.expires_at) return null;
    const user = (parsed.user ?? {}) as {id?: unknown; email?: unknown; user_metadata?: {full_name?: unknown} | null};
    return {
      userId: str(user.id),
      email: str(user.email),
      fullName: str(user.user_metadata?.full_name),
      expiresAt: typeof parsed.expires_at === 'number' ? parsed.expires_at : null,
    };
  } catch {
    return null;
  }
}

/**
 * Removes the stored session, so supabase-js (which reads storage as the source of truth) holds
 * none and its sign-out sends no request: for a session the server has already ended, such as
 * that of a deleted account, whose every request would be refused.
 */
export function forgetStoredSession(supabaseUrl: string): void {
  try {
    safeLocalStorage()?.removeItem(authStorageKey(supabaseUrl));
  } catch {
    // Storage that cannot be written holds no session to forget.
  }
}

/** Auth-callback parameters in the URL fragment or query (a confirmation or recovery link). */
export interface UrlAuthCallback {
  hasSession: boolean;
  type: string | null;
  error: {code: string | null; description: string | null} | null;
}

export function readUrlAuthCallback(href: string): UrlAuthCallback | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  const params = new URLSearchParams(url.hash.startsWith('#') ? url.hash.slice(1) : url.hash);
  url.searchParams.forEach((value, key) => params.set(key, value));
  const isCallback = ['access_token', 'error', 'error_code', 'error_description'].some((k) => params.has(k));
  if (!isCallback) return null;
  const hasError = params.has('error') || params.has('error_code') || params.has('error_description');
  return {
    hasSession: params.has('access_token'),
    type: params.get('type'),
    error: hasError ? {code: params.get('error_code'), description: params.get('error_description')} : null,
  };
}
