// local-supabase's start-up: process spawn until it prints "ready" (database opened, platform
// bootstrap, migrations and seed when fresh, services up) and until its first REST answer (the
// schema cache loads then), on a fresh data directory, in memory and on an existing data directory.
// Figures only; `npm run bench -- --only startup`.
import {spawn} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {ROOT} from '../integration/harness';
import {localPublishableKey, readLocalStatus} from '../../shared/localStatus';

interface Startup {
  readyMs: number;
  firstAnswerMs: number;
}

async function startOnce(dataDir: string, memory: boolean): Promise<Startup> {
  const args = ['--import', 'tsx', path.join(ROOT, 'local-supabase/main.ts'), '--port', '0', '--mailbox-port', '0', '--data-dir', dataDir, '--quiet-mail'];
  if (memory) args.push('--memory');
  const t0 = performance.now();
  const child = spawn(process.execPath, args, {cwd: ROOT, env: {...process.env, DATABASE_URL: ''}, stdio: ['ignore', 'pipe', 'pipe']});
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  try {
    while (!/API URL:\s+\S+\n/.test(output)) {
      if (child.exitCode !== null) throw new Error(`local-supabase exited:\n${output}`);
      await new Promise((r) => setTimeout(r, 5));
    }
    const readyMs = performance.now() - t0;
    const apiUrl = (/API URL:\s+(\S+)/.exec(output) as RegExpExecArray)[1] as string;
    const status = readLocalStatus(dataDir);
    if (!status) throw new Error(`local-supabase printed its URL before writing ${dataDir}/status.json`);
    const publishableKey = localPublishableKey(status);
    const res = await fetch(`${apiUrl}/rest/v1/courses?select=slug&limit=1`, {headers: {apikey: publishableKey}});
    if (res.status !== 200) throw new Error(`first REST request: ${res.status} ${await res.text()}`);
    return {readyMs, firstAnswerMs: performance.now() - t0};
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  }
}

function line(label: string, runs: Startup[]): void {
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  console.log(`${label.padEnd(44)} ready ${runs.map((r) => s(r.readyMs)).join(', ')}   first REST answer ${runs.map((r) => s(r.firstAnswerMs)).join(', ')}`);
}

export async function startupBench(): Promise<void> {
  console.log('\nStart-up (local-supabase on PGlite, process spawn included)');
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'rma-bench-start-'));
  try {
    const fresh: Startup[] = [];
    for (let i = 0; i < 3; i += 1) fresh.push(await startOnce(path.join(scratch, `fresh-${i}`), false));
    line('fresh data dir (migrations and seed)', fresh);
    const memory: Startup[] = [];
    for (let i = 0; i < 3; i += 1) memory.push(await startOnce(path.join(scratch, `memory-${i}`), true));
    line('in memory (--memory, as the tests run it)', memory);
    const existing: Startup[] = [];
    for (let i = 0; i < 3; i += 1) existing.push(await startOnce(path.join(scratch, 'fresh-0'), false));
    line('existing data dir', existing);
    console.log('(the first fresh start on a machine also runs initdb once and saves it for the next ones)');
  } finally {
    fs.rmSync(scratch, {recursive: true, force: true});
  }
}
