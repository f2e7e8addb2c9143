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

/**
 * The JSON object body of a request ({} when empty), or the 400 to answer: for anything but a JSON
 * object, and for a NUL character anywhere in it, which PostgreSQL cannot store in text or jsonb.
 */
export async function readJsonObject(request: Request): Promise<Record<string, unknown> | Response> {
  const text = await request.text();
  if (text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return notAnObject();
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return notAnObject();
  if (containsNul(value)) return errorResponse('The request body must not contain NUL characters', 400, 'validation_failed');
  return value as Record<string, unknown>;
}

const notAnObject = () => errorResponse('The request body must be a JSON object', 400);

function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\0');
  if (Array.isArray(value)) return value.some(containsNul);
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).some(([key, item]) => key.includes('\0') || containsNul(item));
  }
  return false;
}
