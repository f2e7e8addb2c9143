// Shared by every function: CORS (functions answer their own OPTIONS, as on hosted Supabase)
// and JSON responses.
export const corsHeaders: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type, x-retry-count, traceparent, tracestate, baggage',
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
};

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: {...corsHeaders, 'Content-Type': 'application/json'},
  });
}

/**
 * `{error: message}` with a status: 4xx for the caller's mistakes, 5xx for ours or PayPal's.
 * `code` (GoTrue's error code for the same refusal) lets a client tell refusals apart.
 */
export function errorResponse(message: string, status: number, code?: string): Response {
  return jsonResponse(code ? {error: message, code} : {error: message}, status);
}

/** The JSON object body of a request; {} when empty; null when it is not a JSON object. */
export async function readJsonObject(request: Request): Promise<Record<string, unknown> | null> {
  const text = await request.text();
  if (text.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
