// The database thread's order (lightFirstQueue.ts), on a clock of the test's own: each job
// advances it by the time it "takes", so the estimates, and the order, are deterministic.
import {describe, expect, it} from 'vitest';
import {HEAVY_SHARE, LightFirstQueue} from './lightFirstQueue';

function harness() {
  let clock = 0;
  const queue = new LightFirstQueue(() => clock);
  const ran: string[] = [];
  const pending = new Set<Promise<void>>();
  /** Queues a job of shape `key` taking `ms`; resolves once it has run. */
  const push = (name: string, key: string, ms: number, barrier = false) => {
    const done = new Promise<void>((resolve) => {
      queue.push({
        key,
        barrier,
        run: async () => {
          clock += ms;
          ran.push(name);
          resolve();
        },
      });
    });
    pending.add(done);
    return done;
  };
  const settle = () => Promise.all(pending);
  return {push, ran, settle};
}

/** Runs each shape once, alone, so the queue knows its cost. */
async function learn(push: ReturnType<typeof harness>['push'], shapes: Record<string, number>) {
  for (const [key, ms] of Object.entries(shapes)) await push(`learn ${key}`, key, ms);
}

describe('LightFirstQueue', () => {
  it('runs a cheap request that arrives behind a stream of costly ones before them', async () => {
    const {push, ran, settle} = harness();
    await learn(push, {wide: 10, read: 0.5});
    ran.length = 0;
    for (let i = 0; i < 5; i += 1) void push(`wide ${i}`, 'wide', 10);
    void push('read', 'read', 0.5);
    await settle();
    // The first costly one may already be running; the read goes before the other four.
    expect(ran.indexOf('read')).toBeLessThanOrEqual(1);
    expect(ran.filter((name) => name.startsWith('wide'))).toHaveLength(5);
  });

  it('gives costly requests their share of the time while cheap ones keep coming, instead of starving them', async () => {
    const {push, ran, settle} = harness();
    await learn(push, {wide: 10, read: 1});
    ran.length = 0;
    for (let i = 0; i < 3; i += 1) void push(`wide ${i}`, 'wide', 10);
    for (let i = 0; i < 200; i += 1) void push(`read ${i}`, 'read', 1);
    await settle();
    // 200 ms of reads: at HEAVY_SHARE the three 10 ms requests all fit in well before the reads end.
    const lastWide = ran.indexOf('wide 2');
    expect(lastWide).toBeGreaterThan(0);
    expect(lastWide).toBeLessThan(ran.length - 100);
    // …and no sooner than their share allows: between the first two, at least the reads that repay it.
    const reads = ran.slice(ran.indexOf('wide 0'), ran.indexOf('wide 1')).filter((name) => name.startsWith('read')).length;
    expect(reads).toBeGreaterThanOrEqual(Math.floor((10 * (1 - HEAVY_SHARE)) / HEAVY_SHARE) - 1);
  });

  it('treats a shape it has not run yet as costly', async () => {
    const {push, ran, settle} = harness();
    await learn(push, {read: 0.5});
    ran.length = 0;
    for (let i = 0; i < 3; i += 1) void push(`new ${i}`, `new shape ${i}`, 10);
    void push('read', 'read', 0.5);
    await settle();
    expect(ran.indexOf('read')).toBeLessThanOrEqual(1);
  });

  // (pglite.ts posts nothing else while a session is open, so its steps follow each other.)
  it('keeps a session step in its place: what arrived before it runs before it, what arrived after it runs after it', async () => {
    const {push, ran, settle} = harness();
    await learn(push, {wide: 10, read: 0.5});
    ran.length = 0;
    void push('wide before', 'wide', 10);
    void push('begin', 'begin', 0.1, true);
    void push('read after', 'read', 0.5);
    await settle();
    expect(ran).toEqual(['wide before', 'begin', 'read after']);
  });
});
