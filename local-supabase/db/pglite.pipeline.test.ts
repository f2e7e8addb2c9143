// @vitest-environment node
// PGlite's pipeline keeps statements prepared across requests on its one connection. What must
// still hold: one transaction per pipeline, nothing left behind by a failure, row security decided
// per request, and statements that follow schema changes.
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import type {Database, PipelineStep} from './database';
import {openPGlite} from './pglite';

let db: Database;

const asReader = (owner: string): PipelineStep => ({
  text: "select from (select set_config('role', 'reader', true), set_config('request.owner', $1, true)) _s",
  values: [owner],
});
const NOTES = {text: 'select owner, body from notes order by body', values: []};

beforeAll(async () => {
  db = await openPGlite(undefined);
  await db.exec(`
    create table notes (owner text not null, body text primary key);
    insert into notes values ('a', 'a1'), ('a', 'a2'), ('b', 'b1');
    create role reader;
    grant select, insert on notes to reader;
    alter table notes enable row level security;
    create policy own on notes to reader using (owner = current_setting('request.owner', true))
      with check (owner = current_setting('request.owner', true));
  `);
}, 60_000);

afterAll(async () => {
  await db.close();
});

async function bodies(steps: PipelineStep[]): Promise<string[]> {
  const result = await db.pipeline<{body: string}>(steps);
  return result.rows.map((r) => r.body);
}

describe('PGlite pipeline', () => {
  it('decides row security per request when the same prepared statement is reused', async () => {
    // First as the table owner (row security does not apply), then as readers in turn.
    expect(await bodies([NOTES])).toEqual(['a1', 'a2', 'b1']);
    for (let i = 0; i < 8; i += 1) {
      expect(await bodies([asReader('a'), NOTES])).toEqual(['a1', 'a2']);
      expect(await bodies([asReader('b'), NOTES])).toEqual(['b1']);
      expect(await bodies([asReader('nobody'), NOTES])).toEqual([]);
    }
    expect(await bodies([NOTES])).toEqual(['a1', 'a2', 'b1']);
  });

  it('rolls a failing pipeline back entirely and leaves nothing behind for the next', async () => {
    const insert = {text: 'insert into notes values ($1, $2)', values: ['a', 'a3']};
    const duplicate = {text: 'insert into notes values ($1, $2)', values: ['a', 'a1']};
    await expect(db.pipeline([asReader('a'), insert, duplicate])).rejects.toMatchObject({code: '23505'});
    // Not in a transaction any more, role and settings back to the session's, a3 not written.
    const after = await db.query<{role: string; owner: string | null; n: number}>(
      "select current_user as role, nullif(current_setting('request.owner', true), '') as owner, (select count(*) from notes where body = 'a3')::int as n",
    );
    expect(after.rows).toEqual([{role: 'postgres', owner: null, n: 0}]);
    expect(await bodies([asReader('b'), NOTES])).toEqual(['b1']);
  });

  it('rolls back when the check throws, and commits when it passes', async () => {
    const insert = {text: 'insert into notes values ($1, $2) returning body', values: ['b', 'b2']};
    await expect(
      db.pipeline([asReader('b'), insert], () => {
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await bodies([asReader('b'), NOTES])).toEqual(['b1']);
    const seen: string[] = [];
    await db.pipeline<{body: string}>([asReader('b'), insert], (result) => seen.push(...result.rows.map((r) => r.body)));
    expect(seen).toEqual(['b2']);
    expect(await bodies([asReader('b'), NOTES])).toEqual(['b1', 'b2']);
    await db.exec("delete from notes where body = 'b2'");
  });

  it('prepares a statement again when the exchange that first parsed it failed', async () => {
    const fresh = {text: 'select body from notes where body = $1', values: ['a1']};
    const badRole = {text: "select from (select set_config('role', $1, true)) _s", values: ['no_such_role']};
    await expect(db.pipeline([badRole, fresh])).rejects.toMatchObject({code: '22023'});
    expect(await bodies([fresh])).toEqual(['a1']);
  });

  it('follows schema changes made after a statement was prepared', async () => {
    const all = {text: 'select * from notes order by body limit 1', values: []};
    expect((await db.pipeline([all])).rows).toEqual([{owner: 'a', body: 'a1'}]);
    await db.exec("alter table notes add column mood text not null default 'calm'");
    expect((await db.pipeline([all])).rows).toEqual([{owner: 'a', body: 'a1', mood: 'calm'}]);
    await db.exec('alter table notes drop column mood');
    expect((await db.pipeline([all])).rows).toEqual([{owner: 'a', body: 'a1'}]);
  });

  it('keeps a bounded number of statements prepared however many texts it sees', async () => {
    for (let i = 0; i < 520; i += 1) await db.pipeline([{text: `select ${i} as n`, values: []}]);
    // The last exchange closes what the one before evicted.
    const {rows} = await db.query<{n: number}>('select count(*)::int as n from pg_prepared_statements');
    expect(rows[0]?.n).toBeLessThanOrEqual(501);
    expect((await db.pipeline<{n: number}>([{text: 'select 0 as n', values: []}])).rows).toEqual([{n: 0}]);
  });
});
