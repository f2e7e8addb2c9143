// What the browser tests need around them, shared by `npm test` and `npm run test:e2e`: a
// local-supabase instance that redirects e-mail links to the e2e site's origin (with the Premium
// lesson bodies published) with legacy API keys disabled, a production
// build against its URL and publishable key, and the environment Playwright's tests read.
import path from 'node:path';
import {run} from './run';
import {startBackend, type Backend} from './localBackend';
import {SITE_BUILD_DIR, SITE_PORT} from '../../playwright.config';

export const bin = (name: string): string => path.join('node_modules', '.bin', name);

export function startE2eBackend(): Promise<Backend> {
  return startBackend({db: 'pglite', env: {SITE_URL: `http://127.0.0.1:${SITE_PORT}`}, premiumBodies: true});
}

/**
 * `docusaurus build` against the backend into `outDir`; resolves with the exit code. The browser
 * tests' build has the test pages (/crash-test, the diagnostics pages); `testPages: false` is the
 * production configuration exactly, as `npm run build` makes it.
 */
export function buildSite(backend: Backend, {testPages = true, outDir = SITE_BUILD_DIR}: {testPages?: boolean; outDir?: string} = {}): Promise<number> {
  return run(bin('docusaurus'), ['build', '--out-dir', outDir], {
    SUPABASE_URL: backend.url,
    SUPABASE_PUBLISHABLE_KEY: backend.publishableKey,
    RMA_TEST_PAGES: testPages ? '1' : '0',
  });
}

/** The variables tests/e2e/backend.ts reads. */
export function e2eEnv(backend: Backend): Record<string, string> {
  return {
    E2E_API_URL: backend.url,
    E2E_PUBLISHABLE_KEY: backend.publishableKey,
    E2E_SECRET_KEY: backend.secretKey,
    E2E_MAILBOX_URL: backend.mailboxUrl,
  };
}

/** Runs Playwright with the backend's environment; resolves with its exit code. */
export function runPlaywright(backend: Backend, args: string[], env: NodeJS.ProcessEnv = {}): Promise<number> {
  return run(bin('playwright'), ['test', ...args], {...e2eEnv(backend), ...env});
}
