// @vitest-environment node
// PGlite runs on a database thread of its own (pgliteWorker.ts). What that must give, and never
// break: the server's thread stays free while a statement runs, requests that arrive during
// another request's transaction are kept out of it, Postgres's error fields survive the trip,
// and nothing waits for an answer after the database is closed.
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {isPgError, type Database} from './database';
import {openPGlite} from './pglite';

let db: Database;

beforeAll(async () => {
  db = await openPGlite(undefined);
  await db.exec('create table marks (label text primary key)');
}, 60_000);

afterAll(async () => {
  await db.close();
});

const labels = async () => (await db.query<{label: string}>('select label from marks order by label')).rows.map((r) => r.label);

describe('PGlite on its own thread', () => {
  it('leaves this thread free while a statement runs', async () => {
    const started = performance.now();
    const ticks: number[] = [];
    const timer = setInterval(() => ticks.push(performance.now() - started), 20);
    try {
      await db.query('select pg_sleep(0.6)');
    } finally {
      clearInterval(timer);
    }
    // On the server's own thread the timer could not fire until the statement ended.
    expect(ticks.filter((t) => t < 500).length).toBeGreaterThanOrEqual(10);
  });

  it('keeps a query that arrives during a transaction out of it', async () => {
    let inside!: () => void;
    const opened = new Promise<void>((resolve) => (inside = resolve));
    const rolledBack = db.transaction(async (tx) => {
      await tx.query("insert into marks values ('in the transaction')");
      inside();
      await new Promise((resolve) => setTimeout(resolve, 100));
      throw new Error('undo');
    });
    await opened;
    // Posted while the transaction is open: it must run after it, and not be undone with it.
    const outside = db.query("insert into marks values ('outside')");
    await expect(rolledBack).rejects.toThrow('undo');
    await outside;
    expect(await labels()).toEqual(['outside']);
    await db.exec('delete from marks');
  });

  it('runs pipelines with a check one at a time, each in its own transaction', async () => {
    const write = (label: string) =>
      db.pipeline([{text: 'insert into marks values ($1) returning label', values: [label]}], (result) => {
        if (result.rows.length !== 1) throw new Error('not written');
        if (label === 'refused') throw new Error('refused');
      });
    const results = await Promise.allSettled([write('one'), write('refused'), write('two'), db.query("insert into marks values ('plain')")]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect(await labels()).toEqual(['one', 'plain', 'two']);
    await db.exec('delete from marks');
  });

  it("carries Postgres's error fields across", async () => {
    const error: unknown = await db.query("insert into marks values ('x'), ('x')").catch((e: unknown) => e);
    expect(isPgError(error)).toBe(true);
    expect(error).toMatchObject({code: '23505', constraint: 'marks_pkey', detail: 'Key (label)=(x) already exists.'});
    await expect(db.pipeline([{text: 'select 1 / $1::int', values: ['0']}])).rejects.toMatchObject({code: '22012', message: 'division by zero'});
  });

  it('refuses, instead of waiting, once closed', async () => {
    const other = await openPGlite(undefined);
    await other.close();
    await expect(other.query('select 1')).rejects.toThrow();
  });
});
