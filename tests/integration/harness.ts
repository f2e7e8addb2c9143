// The integration tests' backend: a real local-supabase process started by scripts/lib/localBackend.ts
// (shared with the browser tests' stack and the benches, so tests import scripts, never the reverse).
export * from '../../scripts/lib/localBackend';
