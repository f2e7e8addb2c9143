// Liveness of the functions runtime: answers without touching the database. Also says which
// PayPal the functions use (its public API base), so the site links "Manage on PayPal" there.
import {corsHeaders, jsonResponse} from '../_shared/http.ts';
import type {Env} from '../_shared/paypal.ts';
import {paypalEnvironment} from '../../../shared/paypalEnvironment.ts';

export default function handler(request: Request, env: Env = {}): Response {
  if (request.method === 'OPTIONS') return new Response('ok', {headers: corsHeaders});
  const apiBase = env.PAYPAL_API_BASE?.replace(/\/+$/, '') || null;
  return jsonResponse({status: 'ok', time: new Date().toISOString(), paypal: apiBase ? {environment: paypalEnvironment(apiBase), apiBase} : null});
}
