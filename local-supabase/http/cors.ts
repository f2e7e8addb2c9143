// CORS for a browser app on another origin: allow every header supabase-js sends and expose
// the ones it reads (Content-Range for counts, X-Supabase-Api-Version for auth error parsing).
export const CORS_ALLOW_HEADERS = [
  'authorization',
  'apikey',
  'x-client-info',
  'content-type',
  'accept',
  'accept-profile',
  'content-profile',
  'prefer',
  'range',
  'range-unit',
  'x-supabase-api-version',
  'x-retry-count',
  'x-region',
  'traceparent',
  'tracestate',
  'baggage',
  'paypal-transmission-id',
  'paypal-transmission-time',
  'paypal-transmission-sig',
  'paypal-cert-url',
  'paypal-auth-algo',
].join(', ');

export const CORS_EXPOSE_HEADERS = 'Content-Range, X-Supabase-Api-Version, X-Total-Count, Link, Content-Location, Location';

export function corsHeaders(origin: string | null): Record<string, string> {
  return {
    'access-control-allow-origin': origin ?? '*',
    'access-control-allow-methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
    'access-control-allow-headers': CORS_ALLOW_HEADERS,
    'access-control-expose-headers': CORS_EXPOSE_HEADERS,
    'access-control-max-age': '86400',
    vary: 'Origin',
  };
}
