// `npm test`: every suite in the order that fails fastest — typecheck, lint, unit and content
// tests, integration tests on PGlite and on PostgreSQL side by side, then against a fresh
// local-supabase: a build on the production configuration (which checks links) with the checks
// on its output (no Premium body, no test page), a second build with the test pages on
// (RMA_TEST_PAGES=1, see e2eStack.ts) and the browser tests against it. Ends with one
// "N passed, N failed" line.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {run} from './lib/run';
import {bin, buildSite, runPlaywright, startE2eBackend} from './lib/e2eStack';
import {BACKEND_LOG_DIR_ENV, backendLogFailures} from './lib/localBackend';

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'rma-test-'));
const totals: Counts = {passed: 0, failed: 0, skipped: 0};
// Every local-supabase the suites start writes its output here (scripts/lib/localBackend.ts).
const backendLogs = path.join(reports, 'backend-logs');
process.env[BACKEND_LOG_DIR_ENV] = backendLogs;

/** After a failure: what the servers' functions reported, which the test output does not show. */
function showBackendFailures(): void {
  const lines = backendLogFailures(backendLogs);
  if (lines.length === 0) return;
  console.log(`\nThe last errors local-supabase logged (some are provoked on purpose by tests), from ${backendLogs}:`);
  for (const line of lines) console.log(`  ${line}`);
}

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
}

interface PlaywrightReport {
  stats: {expected: number; unexpected: number; flaky: number; skipped: number};
}

function readReport<T>(file: string): T | null {
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as T) : null;
}

function finish(code: number): never {
  console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
  process.exit(code);
}

function stopOnFailure(name: string, code: number): void {
  if (code === 0) return;
  showBackendFailures();
  console.log(`\n${name} failed (exit ${code})`);
  finish(code);
}

async function step(name: string, command: string, args: string[]): Promise<void> {
  console.log(`\n=== ${name} ===`);
  stopOnFailure(name, await run(command, args));
}

/** Runs Vitest projects, adds their counts to the totals and resolves with the exit code. */
async function runVitest(name: string, projects: string[], env: NodeJS.ProcessEnv = {}): Promise<number> {
  const out = path.join(reports, `${name.replace(/\W+/g, '-')}.json`);
  const args = ['run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${out}`];
  console.log(`\n=== ${name} ===`);
  const code = await run(bin('vitest'), args, env);
  const report = readReport<VitestReport>(out);
  if (report) {
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + report.numTodoTests;
  }
  return code;
}

async function vitest(name: string, projects: string[]): Promise<void> {
  stopOnFailure(name, await runVitest(name, projects));
}

async function e2e(): Promise<number> {
  console.log('\n=== starting local-supabase for the build and browser tests ===');
  const backend = await startE2eBackend();
  try {
    // What ships is checked on the production configuration itself; the browser tests then get
    // a second build (about 10 s on a quiet machine) that adds the test pages they open.
    const production = path.join(reports, 'production-build');
    console.log('\n=== production build ===');
    const built = await buildSite(backend, {testPages: false, outDir: production});
    if (built !== 0) {
      console.log('\nproduction build failed');
      return built;
    }
    const checked = await runVitest('build output checks', ['build'], {BUILD_DIR: production});
    if (checked !== 0) {
      console.log('\nbuild output checks failed');
      return checked;
    }
    console.log('\n=== build for the browser tests (with the test pages) ===');
    const e2eBuilt = await buildSite(backend);
    if (e2eBuilt !== 0) {
      console.log('\nbuild for the browser tests failed');
      return e2eBuilt;
    }
    console.log('\n=== e2e tests (Chromium) ===');
    const out = path.join(reports, 'e2e.json');
    const code = await runPlaywright(backend, ['--reporter=list,json'], {PLAYWRIGHT_JSON_OUTPUT_NAME: out});
    const report = readReport<PlaywrightReport>(out);
    if (report) {
      totals.passed += report.stats.expected + report.stats.flaky;
      totals.failed += report.stats.unexpected;
      totals.skipped += report.stats.skipped;
    }
    return code;
  } finally {
    await backend.stop();
  }
}

async function main(): Promise<void> {
  await step('typecheck', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']);
  await step('lint', bin('eslint'), ['--max-warnings', '0', '.']);
  await vitest('unit, backend, content and analysis tests', ['unit', 'backend', 'content', 'analysis']);
  // One Vitest run for both databases: each project runs its files one after another against its
  // own backend, so the two streams overlap on CI's two cores (404 s together on a loaded machine,
  // against 248 s + 239 s one after the other on a quieter one).
  await vitest('integration tests (PGlite and PostgreSQL)', ['integration-pglite', 'integration-postgres']);
  const code = await e2e();
  if (code !== 0) showBackendFailures();
  finish(code === 0 && totals.failed === 0 ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
