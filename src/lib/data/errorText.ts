// The one way a failure becomes the text a user sees. Services first put their own known errors
// in their own words (progress, knowledge checks), then hand anything else to errorMessage; a
// failed Edge Function call goes through functionErrorText, which reads the function's own words.

export const NETWORK_ERROR = 'Could not reach the server. Check your connection and try again.';

// What fetch's TypeError says, per browser and runtime, when a request never reached the server.
const NETWORK_FAILURE = /failed to fetch|networkerror|network request failed|load failed|fetch failed/i;

/** The message of an Error, of an error-shaped object (as supabase-js returns) or a thrown string. */
function messageIn(error: unknown): string {
  if (typeof error === 'string') return error.trim();
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string') return error.message.trim();
  return '';
}

/**
 * A network failure as NETWORK_ERROR; otherwise the error's own message (the services and the
 * auth service already word theirs for people); otherwise `fallback`.
 */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  const message = messageIn(error);
  if (NETWORK_FAILURE.test(message)) return NETWORK_ERROR;
  return message || fallback;
}

/**
 * The text of a failed `functions.invoke`: supabase-js's FunctionsHttpError keeps the Response as
 * `context`, whose JSON body carries our functions' `{error}` (or GoTrue-style `msg`/`message`);
 * without one, a 401 asks to sign in again and a 5xx names the status; FunctionsFetchError (the
 * request never arrived) is NETWORK_ERROR; anything else goes through errorMessage.
 */
export async function functionErrorText(error: unknown, fallback: string): Promise<string> {
  const context = error && typeof error === 'object' && 'context' in error ? error.context : null;
  if (context instanceof Response) {
    try {
      const body = (await context.clone().json()) as {error?: unknown; msg?: unknown; message?: unknown} | null;
      for (const value of [body?.error, body?.msg, body?.message]) if (typeof value === 'string' && value.trim()) return value.trim();
    } catch {
      // not JSON: the status speaks
    }
    if (context.status === 401) return 'Please sign in again to continue.';
    if (context.status >= 500) return `${fallback} (server error ${context.status}). Please try again in a moment.`;
  }
  const name = error && typeof error === 'object' && 'name' in error ? String(error.name) : '';
  if (name === 'FunctionsFetchError') return NETWORK_ERROR;
  return errorMessage(error, fallback);
}
