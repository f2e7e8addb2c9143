// @vitest-environment node
// A pipeline's commit is on disk when its answer goes out, with no syncToFs (pgliteWorker.ts): the
// process is killed outright right after the write, and a new one finds the row.
import {spawn} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {openPGlite} from './pglite';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rma-pglite-durable-'));

afterAll(() => fs.rmSync(dataDir, {recursive: true, force: true}));

// Run by the child process: write through a pipeline, say so, then wait to be killed.
const WRITER = `
import {openPGlite} from ${JSON.stringify(path.join(__dirname, 'pglite.ts'))};
const db = await openPGlite(${JSON.stringify(dataDir)});
await db.exec('create table if not exists notes (body text primary key)');
await db.pipeline([{text: 'insert into notes values ($1)', values: ['written before the kill']}]);
process.stdout.write('written\\n');
setInterval(() => {}, 1000);
`;

describe('PGlite pipeline on a data directory', () => {
  it('keeps a committed write when the process is killed right after it', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', WRITER], {stdio: ['ignore', 'pipe', 'inherit']});
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('written') && resolve());
      child.once('exit', (code) => reject(new Error(`writer exited with ${code}`)));
    });
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));

    const db = await openPGlite(dataDir);
    try {
      const {rows} = await db.query<{body: string}>('select body from notes');
      expect(rows).toEqual([{body: 'written before the kill'}]);
    } finally {
      await db.close();
    }
  }, 60_000);
});
