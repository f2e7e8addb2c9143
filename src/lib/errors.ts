// The one way a failure becomes the text a user sees. Services first put their own known errors
// in their own words (progress, knowledge checks), then hand anything else to errorMessage.

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
