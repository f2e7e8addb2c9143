// @vitest-environment node
// The platform bootstrap runs once per version of platform.sql: a restart does not pay for it (nor
// undo what migrations changed in it), and a database bootstrapped by another version gets it again.
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import type {Database} from './database';
import {migrate} from './migrate';
import {openPGlite} from './pglite';

const SUPABASE_DIR = path.resolve(__dirname, '../../supabase');
let db: Database;

async function hasEmailFunction(): Promise<boolean> {
  const {rows} = await db.query<{found: boolean}>("select to_regprocedure('auth.email()') is not null as found");
  return rows[0]?.found ?? false;
}

beforeAll(async () => {
  db = await openPGlite(undefined);
}, 120_000);

afterAll(async () => {
  await db.close();
});

describe('migrate', () => {
  it('applies the platform bootstrap once per version of platform.sql', async () => {
    const first = await migrate(db, SUPABASE_DIR);
    expect(first.applied.length).toBeGreaterThan(0);
    expect(first.seeded).toBe(true);
    expect(await hasEmailFunction()).toBe(true);

    await db.exec('drop function auth.email()');
    const again = await migrate(db, SUPABASE_DIR);
    expect(again).toEqual({applied: [], seeded: false});
    expect(await hasEmailFunction()).toBe(false);

    // As if an older local-supabase had bootstrapped it: the current platform.sql runs again.
    await db.exec("update supabase_migrations.platform_bootstrap set sha256 = 'older'");
    await migrate(db, SUPABASE_DIR);
    expect(await hasEmailFunction()).toBe(true);
  }, 120_000);
});
