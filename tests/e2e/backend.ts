// The local-supabase instance scripts/test.ts started for the browser tests (its URL, keys and
// mailbox), for tests that create users or read e-mails. Run e2e through `npm test` or with
// these variables set.
export function e2eBackend() {
  const url = process.env.E2E_API_URL;
  const anonKey = process.env.E2E_ANON_KEY;
  const serviceRoleKey = process.env.E2E_SERVICE_ROLE_KEY;
  const mailboxUrl = process.env.E2E_MAILBOX_URL;
  if (!url || !anonKey || !serviceRoleKey || !mailboxUrl) {
    throw new Error('E2E_API_URL, E2E_ANON_KEY, E2E_SERVICE_ROLE_KEY and E2E_MAILBOX_URL must be set (npm test sets them)');
  }
  return {url, anonKey, serviceRoleKey, mailboxUrl};
}
