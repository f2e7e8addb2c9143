// What must be forgotten when the session ends (sign-out, or a session that expired or was
// revoked). It sits apart from auth.ts and the data store so that the auth provider, which every
// page loads, can announce the end without pulling in what listens to it.
const listeners = new Set<() => void>();

/** Runs `forget` each time a session ends; returns a function that stops it. */
export function onSessionEnd(forget: () => void): () => void {
  listeners.add(forget);
  return () => listeners.delete(forget);
}

/** Tells every listener that the signed-in session is over. */
export function endSession(): void {
  listeners.forEach((forget) => forget());
}
