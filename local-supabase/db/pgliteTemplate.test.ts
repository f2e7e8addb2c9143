// @vitest-environment node
// New PGlite databases start from a saved copy of initdb's output instead of running initdb: the
// first fresh start saves it, later ones (on disk or in memory) start from it, and a damaged copy
// costs an initdb, never a broken database.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {openPGlite} from './pglite';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-template-test-'));
const templateDir = path.join(scratch, 'template');

function templateFiles(): string[] {
  return fs.existsSync(templateDir) ? fs.readdirSync(templateDir).filter((f) => f.endsWith('.tar')) : [];
}

async function roundTrip(dataDir: string | undefined): Promise<string> {
  const db = await openPGlite(dataDir, templateDir);
  try {
    await db.exec("create table notes (body text); insert into notes values ('kept')");
    const {rows} = await db.query<{body: string; encoding: string}>(
      "select body, current_setting('server_encoding') as encoding from notes",
    );
    return `${rows[0]?.body} ${rows[0]?.encoding}`;
  } finally {
    await db.close();
  }
}

afterAll(() => {
  fs.rmSync(scratch, {recursive: true, force: true});
});

describe('PGlite initdb template', () => {
  it('is saved by the first fresh start and used by the next ones, on disk and in memory', async () => {
    expect(templateFiles()).toEqual([]);
    expect(await roundTrip(undefined)).toBe('kept UTF8');
    expect(templateFiles()).toHaveLength(1);

    const dataDir = path.join(scratch, 'on-disk');
    expect(await roundTrip(dataDir)).toBe('kept UTF8');
    // Reopened as an existing database, with what was written.
    const reopened = await openPGlite(dataDir, templateDir);
    expect((await reopened.query<{n: number}>('select count(*)::int as n from notes')).rows).toEqual([{n: 1}]);
    await reopened.close();

    expect(await roundTrip(undefined)).toBe('kept UTF8');
  }, 180_000);

  it('falls back to initdb when the saved copy is damaged, and saves a good one', async () => {
    const [file] = templateFiles();
    const damaged = path.join(templateDir, file as string);
    fs.writeFileSync(damaged, fs.readFileSync(damaged).subarray(0, 4096));
    expect(await roundTrip(path.join(scratch, 'after-damage'))).toBe('kept UTF8');
    expect(fs.statSync(damaged).size).toBeGreaterThan(4096);
  }, 180_000);
});
