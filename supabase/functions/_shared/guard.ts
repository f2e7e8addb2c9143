// Wraps a function body: answers CORS preflight, and turns thrown errors into `{error}` JSON with
// a text written for the learner. Internal detail (database or PayPal messages) is logged here
// and never sent: Unauthorized (verifyCaller) → 401 `{error, code}`; KeysUnavailable (the JWKS or
// auth server unreachable) → 503; VerificationError → its own status and text (a refusal we decided);
// ConfigError → 503; DatabaseError and an unreachable or failing PayPal → 503 "try again"
// (nothing was written); another PayPal refusal → 502; anything else → 500.
import {KeysUnavailable, Unauthorized} from './auth.ts';
import {corsHeaders, errorResponse} from './http.ts';
import {ConfigError, PayPalError, type Env} from './paypal.ts';
import {VerificationError} from './subscription.ts';
import {DatabaseError} from './supabase.ts';

export type Handler = (request: Request, env: Env) => Promise<Response>;

export const RETRY_TEXT = 'We could not complete this just now and nothing was changed. Please try again in a moment.';

export function guarded(name: string, methods: string[], body: Handler): (request: Request, env: Env) => Promise<Response> {
  return async (request, env) => {
    if (request.method === 'OPTIONS') return new Response('ok', {headers: corsHeaders});
    if (!methods.includes(request.method)) return errorResponse(`Method ${request.method} not allowed`, 405);
    try {
      return await body(request, env);
    } catch (error) {
      if (error instanceof Unauthorized) return errorResponse(error.message, 401, error.code);
      if (error instanceof KeysUnavailable) {
        console.error(`[${name}] caller not verified: ${error.message}`);
        return errorResponse(RETRY_TEXT, 503);
      }
      if (error instanceof VerificationError) return errorResponse(error.message, error.status);
      if (error instanceof ConfigError) {
        console.error(`[${name}] ${error.message}`);
        return errorResponse('Payments are not configured on this server', 503);
      }
      if (error instanceof DatabaseError) {
        console.error(`[${name}] ${error.message}`);
        return errorResponse(RETRY_TEXT, 503);
      }
      if (error instanceof PayPalError) {
        console.error(`[${name}] PayPal error ${error.status}: ${error.message}`);
        if (error.status === 0 || error.status >= 500) return errorResponse(`PayPal could not be reached. ${RETRY_TEXT}`, 503);
        return errorResponse('PayPal could not complete the request. Please try again, or contact support if it keeps happening.', 502);
      }
      console.error(`[${name}] failed`, error);
      return errorResponse('Something went wrong; please try again', 500);
    }
  };
}
