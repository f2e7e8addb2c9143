// The one reader of `Authorization: Bearer <token>`: for every service local-supabase plays
// (gateway, GoTrue, PostgREST, the functions host, the Management API subset, the PayPal
// simulator) and for our Edge Functions, so they cannot drift apart on what counts as one.
// Like GoTrue, the scheme may be in any case and the token is one run of non-blank characters
// (JWTs, sb_ keys and PayPal access tokens have none).
const BEARER = /^Bearer\s+(\S+)$/i;

/** The token of a Bearer Authorization header, or null when the header is absent or not a Bearer one. */
export function bearerToken(header: string | null | undefined): string | null {
  if (!header) return null;
  const match = BEARER.exec(header.trim());
  return match ? (match[1] as string) : null;
}
