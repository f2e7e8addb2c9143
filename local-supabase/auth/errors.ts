// GoTrue's error shapes. auth-js decides how to classify an error from the body and from the
// X-Supabase-Api-Version response header, so both body variants are reproduced exactly.

export const API_VERSION = '2024-01-01';

/** The `error_code` values this server answers with: GoTrue's own (internal/api/apierrors/errorcode.go). */
export type ErrorCode =
  | 'anonymous_provider_disabled'
  | 'bad_code_verifier'
  | 'bad_json'
  | 'bad_jwt'
  | 'email_exists'
  | 'email_not_confirmed'
  | 'email_provider_disabled'
  | 'flow_state_expired'
  | 'flow_state_not_found'
  | 'insufficient_aal'
  | 'invalid_credentials'
  | 'manual_linking_disabled'
  | 'method_not_allowed'
  | 'mfa_challenge_expired'
  | 'mfa_factor_name_conflict'
  | 'mfa_factor_not_found'
  | 'mfa_ip_address_mismatch'
  | 'mfa_phone_enroll_not_enabled'
  | 'mfa_totp_enroll_not_enabled'
  | 'mfa_totp_verify_not_enabled'
  | 'mfa_verification_failed'
  | 'mfa_webauthn_enroll_not_enabled'
  | 'no_authorization'
  | 'not_admin'
  | 'not_found'
  | 'oauth_server_disabled'
  | 'otp_disabled'
  | 'otp_expired'
  | 'over_email_send_rate_limit'
  | 'over_request_rate_limit'
  | 'passkey_disabled'
  | 'phone_provider_disabled'
  | 'reauthentication_needed'
  | 'reauthentication_not_valid'
  | 'refresh_token_already_used'
  | 'refresh_token_not_found'
  | 'same_password'
  | 'saml_provider_disabled'
  | 'session_not_found'
  | 'signup_disabled'
  | 'too_many_enrolled_mfa_factors'
  | 'unexpected_failure'
  | 'user_already_exists'
  | 'user_banned'
  | 'user_not_found'
  | 'validation_failed'
  | 'weak_password'
  | 'web3_provider_disabled';

export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    /** Extra top-level body fields (e.g. `weak_password`). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** A legacy OAuth-style error GoTrue still returns on a few paths (`{error, error_description}`). */
export class OAuthError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
  }
}

export const badRequest = (code: ErrorCode, message: string) => new AuthError(400, code, message);
export const validationFailed = (message: string) => new AuthError(400, 'validation_failed', message);
export const unprocessable = (code: ErrorCode, message: string) => new AuthError(422, code, message);
export const forbidden = (code: ErrorCode, message: string) => new AuthError(403, code, message);
export const notFound = (code: ErrorCode, message: string) => new AuthError(404, code, message);

function wantsVersionedErrors(request: Request): boolean {
  const header = request.headers.get('x-supabase-api-version');
  return header !== null && /^2\d{3}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/.test(header) && header >= API_VERSION;
}

export function errorResponse(request: Request, error: AuthError | OAuthError): Response {
  if (error instanceof OAuthError) {
    return new Response(JSON.stringify({error: error.error, error_description: error.description}), {
      status: error.status,
      headers: {'content-type': 'application/json; charset=utf-8'},
    });
  }
  const headers: Record<string, string> = {
    'content-type': 'application/json; charset=utf-8',
    'x-sb-error-code': error.code,
  };
  let body: Record<string, unknown>;
  if (wantsVersionedErrors(request)) {
    headers['x-supabase-api-version'] = API_VERSION;
    // error_code and msg ride along so a browser that cannot read the (CORS-exposed) version
    // header still gets the string code through auth-js's fallback.
    body = {code: error.code, error_code: error.code, msg: error.message, message: error.message, ...error.extra};
  } else {
    body = {code: error.status, error_code: error.code, msg: error.message, ...error.extra};
  }
  return new Response(JSON.stringify(body), {status: error.status, headers});
}
