// `npm test`: every suite in the order that fails fastest — typecheck, lint, unit and content
// tests, integration tests on PGlite and on PostgreSQL, the production build (which checks
// links), then the browser tests against that build. Ends with one "N passed, N failed" line.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {run} from './lib/run';
import {startBackend} from '../tests/integration/harness';
import {SITE_PORT} from '../playwright.config';

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'rma-test-'));
const totals: Counts = {passed: 0, failed: 0, skipped: 0};
const bin = (name: string) => path.join('node_modules', '.bin', name);

function addVitest(file: string): void {
  if (!fs.existsSync(file)) return;
  const report = JSON.parse(fs.readFileSync(file, 'utf8')) as {numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number};
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
}

function addPlaywright(file: string): void {
  if (!fs.existsSync(file)) return;
  const report = JSON.parse(fs.readFileSync(file, 'utf8')) as {stats: {expected: number; unexpected: number; flaky: number; skipped: number}};
  totals.passed += report.stats.expected + report.stats.flaky;
  totals.failed += report.stats.unexpected;
  totals.skipped += report.stats.skipped;
}

async function step(name: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<void> {
  console.log(`\n=== ${name} ===`);
  const code = await run(command, args, env);
  if (code !== 0) {
    console.log(`\n${name} failed (exit ${code})`);
    await cleanup();
    finish(code);
  }
}

let cleanup: () => Promise<void> = async () => undefined;

function finish(code: number): never {
  console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
  process.exit(code);
}

async function vitest(name: string, projects: string[]): Promise<void> {
  const out = path.join(reports, `${name}.json`);
  const args = ['run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${out}`];
  console.log(`\n=== ${name} ===`);
  const code = await run(bin('vitest'), args, {NODE_OPTIONS: '--experimental-websocket'});
  addVitest(out);
  if (code !== 0) {
    console.log(`\n${name} failed (exit ${code})`);
    finish(code);
  }
}

async function main(): Promise<void> {
  await step('typecheck', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']);
  await step('lint', bin('eslint'), ['--max-warnings', '0', '.']);
  await vitest('unit and content tests', ['unit', 'content']);
  await vitest('integration tests (PGlite)', ['integration-pglite']);
  await vitest('integration tests (PostgreSQL)', ['integration-postgres']);
  // The browser tests need a backend: the site is built against its URL and anon key, exactly as
  // `npm start` does, and it redirects e-mail links back to the e2e site's origin.
  console.log('\n=== starting local-supabase for the build and browser tests ===');
  const backend = await startBackend({db: 'pglite', env: {SITE_URL: `http://127.0.0.1:${SITE_PORT}`}});
  cleanup = async () => {
    await backend.stop();
  };
  let e2e = 1;
  try {
    await step('production build', bin('docusaurus'), ['build'], {SUPABASE_URL: backend.url, SUPABASE_ANON_KEY: backend.anonKey});
    const e2eReport = path.join(reports, 'e2e.json');
    console.log('\n=== e2e tests (Chromium) ===');
    e2e = await run(bin('playwright'), ['test', '--reporter=list,json'], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport,
      E2E_API_URL: backend.url,
      E2E_ANON_KEY: backend.anonKey,
      E2E_SERVICE_ROLE_KEY: backend.serviceRoleKey,
      E2E_MAILBOX_URL: backend.mailboxUrl,
    });
    addPlaywright(e2eReport);
  } finally {
    await backend.stop();
  }
  finish(e2e === 0 && totals.failed === 0 ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
