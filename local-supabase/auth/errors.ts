// GoTrue's error shapes. auth-js decides how to classify an error from the body and from the
// X-Supabase-Api-Version response header, so both body variants are reproduced exactly.

export const API_VERSION = '2024-01-01';

export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
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

export const badRequest = (code: string, message: string) => new AuthError(400, code, message);
export const validationFailed = (message: string) => new AuthError(400, 'validation_failed', message);
export const unprocessable = (code: string, message: string) => new AuthError(422, code, message);
export const forbidden = (code: string, message: string) => new AuthError(403, code, message);
export const notFound = (code: string, message: string) => new AuthError(404, code, message);

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
