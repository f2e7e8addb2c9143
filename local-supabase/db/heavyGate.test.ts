// The PostgreSQL gate for costly request shapes (heavyGate.ts), on a clock of the test's own.
import {describe, expect, it} from 'vitest';
import {HEAVY_CONNECTIONS, HeavyGate} from './heavyGate';

function harness() {
  let clock = 0;
  const gate = new HeavyGate(() => clock);
  let running = 0;
  let most = 0;
  const releases: (() => void)[] = [];
  /** A task of `ms` that finishes at once, or, with `hold`, when released (these are counted). */
  const task = (ms: number, hold = false) => async () => {
    if (hold) {
      running += 1;
      most = Math.max(most, running);
      await new Promise<void>((resolve) => releases.push(resolve));
      running -= 1;
    }
    clock += ms;
  };
  return {gate, task, releases, most: () => most, reset: () => (most = 0)};
}

/** Enough cheap runs for a median, and one run of the costly shape. */
async function warm({gate, task}: ReturnType<typeof harness>) {
  for (let i = 0; i < 101; i += 1) await gate.run('read', task(1));
  await gate.run('wide', task(20));
}

describe('HeavyGate', () => {
  it('lets a costly shape hold only a few connections at once, while cheap requests pass', async () => {
    const h = harness();
    await warm(h);
    h.reset();
    const wides = Array.from({length: 5}, () => h.gate.run('wide', h.task(20, true)));
    // A cheap request is not held behind them.
    await h.gate.run('read', h.task(1));
    expect(h.releases).toHaveLength(HEAVY_CONNECTIONS);
    while (h.releases.length > 0) {
      h.releases.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    await Promise.all(wides);
    expect(h.most()).toBe(HEAVY_CONNECTIONS);
  });

  it('frees a place when a costly request fails', async () => {
    const h = harness();
    await warm(h);
    const failing = Array.from({length: HEAVY_CONNECTIONS}, () =>
      h.gate.run('wide', async () => {
        throw new Error('boom');
      }),
    );
    for (const run of failing) await expect(run).rejects.toThrow('boom');
    await h.gate.run('wide', h.task(20));
  });

  it('lets a shape it has not seen run at once', async () => {
    const h = harness();
    await warm(h);
    const held = Array.from({length: HEAVY_CONNECTIONS}, () => h.gate.run('wide', h.task(20, true)));
    await h.gate.run('new shape', h.task(50));
    for (const release of h.releases) release();
    await Promise.all(held);
  });
});
