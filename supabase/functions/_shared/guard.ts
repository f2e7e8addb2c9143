// Wraps a function body: answers CORS preflight, and turns thrown errors into `{error}` JSON
// (ConfigError → 503, PayPalError → 502, anything else → 500) instead of a crash.
import {corsHeaders, errorResponse} from './http.ts';
import {ConfigError, PayPalError, type Env} from './paypal.ts';
import {VerificationError} from './subscription.ts';

export type Handler = (request: Request, env: Env) => Promise<Response>;

export function guarded(name: string, methods: string[], body: Handler): (request: Request, env: Env) => Promise<Response> {
  return async (request, env) => {
    if (request.method === 'OPTIONS') return new Response('ok', {headers: corsHeaders});
    if (!methods.includes(request.method)) return errorResponse(`Method ${request.method} not allowed`, 405);
    try {
      return await body(request, env);
    } catch (error) {
      if (error instanceof VerificationError) return errorResponse(error.message, error.status);
      if (error instanceof ConfigError) {
        console.error(`[${name}] ${error.message}`);
        return errorResponse('Payments are not configured on this server', 503);
      }
      if (error instanceof PayPalError) {
        console.error(`[${name}] PayPal error ${error.status}: ${error.message}`);
        return errorResponse(`PayPal could not complete the request: ${error.message}`, 502);
      }
      console.error(`[${name}] failed`, error);
      return errorResponse('Something went wrong; please try again', 500);
    }
  };
}
