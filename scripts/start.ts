// `npm start`: the whole product offline — local-supabase (API, mailbox, functions) and the site
// dev server on http://localhost:3000, built against the backend's URL and publishable key, with the
// courses and Premium lesson bodies published from docs/.
import {spawn, type ChildProcess} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {localDataDir, localPublishableKey, localStatusFile, readLocalStatus} from '../shared/localStatus';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = localDataDir();
const statusFile = localStatusFile(dataDir);
const children: ChildProcess[] = [];

function stopAll(code: number): void {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 1500).unref();
}
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));

async function main(): Promise<void> {
  fs.rmSync(statusFile, {force: true});
  const backend = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'local-supabase/main.ts'), '--data-dir', dataDir], {
    cwd: root,
    stdio: 'inherit',
  });
  children.push(backend);
  backend.on('exit', (code) => {
    console.error(`local-supabase exited (${code}); stopping.`);
    stopAll(code ?? 1);
  });

  const deadline = Date.now() + 60_000;
  while (!fs.existsSync(statusFile)) {
    if (Date.now() > deadline) {
      console.error('local-supabase did not become ready within 60 s');
      stopAll(1);
      break;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const status = readLocalStatus(dataDir);
  if (!status) return;
  const site = spawn(path.join(root, 'node_modules/.bin/docusaurus'), ['start', '--port', '3000', '--host', 'localhost', '--no-open'], {
    cwd: root,
    stdio: 'inherit',
    env: {...process.env, SUPABASE_URL: status.api_url, SUPABASE_PUBLISHABLE_KEY: localPublishableKey(status)},
  });
  children.push(site);
  site.on('exit', (code) => stopAll(code ?? 0));

  // Courses, lessons, the Premium lesson bodies and the knowledge checks (which the site build
  // leaves out) from docs/, through the same script a hosted project uses. Edits to them need
  // `npm run sync:courses` again (or a restart) to show up.
  const sync = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/sync-courses.ts'), '--data-dir', dataDir], {
    cwd: root,
    stdio: 'inherit',
  });
  sync.on('exit', (code) => {
    if (code !== 0) console.error('Publishing courses, Premium lesson bodies and knowledge checks failed: they will not load until `npm run sync:courses` succeeds.');
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
