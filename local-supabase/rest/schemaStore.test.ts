// A stream of requests for unknown tables must neither reload the schema cache on every miss nor
// make the other requests wait for a reload.
import {describe, expect, it} from 'vitest';
import type {Database, Queryable, QueryResult} from '../db/database';
import {SchemaStore} from './schemaStore';

/** A database whose schema loads finish only when the test says so; counts the loads. */
function gatedDatabase() {
  const gates: (() => void)[] = [];
  const tx: Queryable = {
    query: <R>() => Promise.resolve({rows: [], fields: [], rowCount: 0} as QueryResult<R>),
    exec: () => Promise.resolve(),
  };
  const db = {
    kind: 'postgres',
    loads: 0,
    query: tx.query,
    exec: tx.exec,
    close: () => Promise.resolve(),
    async transaction<T>(fn: (q: Queryable) => Promise<T>): Promise<T> {
      db.loads += 1;
      await new Promise<void>((resolve) => gates.push(resolve));
      return fn(tx);
    },
  };
  return {db: db as Database & {loads: number}, release: () => gates.splice(0).forEach((open) => open())};
}

describe('SchemaStore', () => {
  it('reloads once for many misses, and only after the interval', async () => {
    const {db, release} = gatedDatabase();
    const store = new SchemaStore(db);
    const first = store.get();
    release();
    const initial = await first;
    expect(db.loads).toBe(1);

    // Misses right after a load do not reload.
    expect(await store.reloadAfterMiss()).toBeNull();
    expect(db.loads).toBe(1);
    expect(await store.get()).toBe(initial);
  });

  it('keeps answering get() with the current cache while a reload runs', async () => {
    const {db, release} = gatedDatabase();
    const store = new SchemaStore(db);
    const first = store.get();
    release();
    const initial = await first;
    // Pretend the last load was long ago.
    (store as unknown as {lastReload: number}).lastReload = 0;

    const misses = Array.from({length: 20}, () => store.reloadAfterMiss());
    expect(db.loads).toBe(2);
    // Other requests are not held up by the reload in flight.
    expect(await store.get()).toBe(initial);
    release();
    const reloaded = await Promise.all(misses);
    expect(new Set(reloaded).size).toBe(1);
    expect(reloaded[0]).not.toBe(initial);
    expect(await store.get()).toBe(reloaded[0]);
    expect(db.loads).toBe(2);
  });
});
