// The local-supabase instance scripts/test.ts started for the browser tests (its URL, keys and
// mailbox), for tests that create users or read e-mails. Run e2e through `npm test` or with
// these variables set. It runs with legacy API keys disabled, so its keys are the publishable
// key (for the anon role) and the secret key (for service_role).
export function e2eBackend() {
  const url = process.env.E2E_API_URL;
  const publishableKey = process.env.E2E_PUBLISHABLE_KEY;
  const secretKey = process.env.E2E_SECRET_KEY;
  const mailboxUrl = process.env.E2E_MAILBOX_URL;
  if (!url || !publishableKey || !secretKey || !mailboxUrl) {
    throw new Error('E2E_API_URL, E2E_PUBLISHABLE_KEY, E2E_SECRET_KEY and E2E_MAILBOX_URL must be set (npm test sets them)');
  }
  return {url, publishableKey, secretKey, anonKey: publishableKey, serviceRoleKey: secretKey, mailboxUrl};
}
