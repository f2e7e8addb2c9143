// Readable texts for auth-link failures; the service's own message is shown as given elsewhere.

export interface LinkError {
  /** GoTrue's error_code from the redirect (e.g. otp_expired), when there was one. */
  code: string | null;
  /** The auth service's description, e.g. "Email link is invalid or has expired". */
  message: string;
}

export function linkErrorTitle(error: LinkError): string {
  if (error.code === 'otp_expired' || /expired|invalid/i.test(error.message)) return 'This link is invalid or has expired';
  if (/no session defined in url/i.test(error.message)) return 'This link did not sign you in';
  return 'This link could not be used';
}

export function linkErrorHelp(): string {
  return 'Links in our e-mails work once and expire after a while. Enter your e-mail address and we will send you a new one.';
}

/** Turns supabase-js's AuthImplicitGrantRedirectError (or any error) into a LinkError. */
export function toLinkError(error: unknown): LinkError {
  const e = error as {message?: unknown; details?: {code?: unknown} | null};
  const code = typeof e?.details?.code === 'string' && e.details.code !== 'unspecified_code' ? e.details.code : null;
  // Not errorMessage (src/lib/errors.ts): this module is in every page's bundle, that one is not,
  // and a redirect's error is never a network failure.
  const message = typeof e?.message === 'string' && e.message ? e.message : 'The link could not be used.';
  return {code, message};
}

/**
 * The wait, in seconds, the auth server imposes before it mails again: GoTrue answers a too-early
 * resend, recovery or sign-in code with 429 over_email_send_rate_limit and "For security purposes,
 * you can only request this after N seconds." (older releases: "… once every N seconds"). Null
 * for any other error, so the caller shows that error as it is.
 */
export function mailWaitSeconds(error: unknown): number | null {
  const message = (error as {message?: unknown} | null)?.message;
  if (typeof message !== 'string') return null;
  const match = /you can only request this (?:after|once every) (\d+) seconds?/i.exec(message);
  return match ? Number(match[1]) : null;
}
