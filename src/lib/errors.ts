/** The message of an Error or of an error-shaped object (as the auth service returns), as given. */
export function messageOf(error: unknown): string {
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string' && error.message) return error.message;
  return String(error);
}
