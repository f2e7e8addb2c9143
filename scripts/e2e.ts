// `npm run test:e2e [-- playwright args…]`: starts local-supabase, builds the site against it
// (the backend's port changes per run, so the build must too) and runs the browser tests, e.g.
// `npm run test:e2e -- tests/e2e/accounts.spec.ts`.
import {buildSite, runPlaywright, startE2eBackend} from './lib/e2eStack';

async function main(): Promise<number> {
  const playwrightArgs = process.argv.slice(2);
  console.log('=== starting local-supabase ===');
  const backend = await startE2eBackend();
  try {
    console.log('=== production build ===');
    const built = await buildSite(backend);
    if (built !== 0) return built;
    console.log('=== e2e tests (Chromium) ===');
    return await runPlaywright(backend, playwrightArgs);
  } finally {
    await backend.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
