// PostgreSQL runs requests on several connections at once, so a stream of the costliest reads the
// REST grammar allows (a 16-wide or 4-deep embed) does not queue ahead of a reader as on PGlite;
// it takes connections and CPU instead: five such streams held half the pool and both cores, and
// readers beside them waited seconds. Here each request shape (its statement's text) carries its
// recent time, and one over HEAVY_FACTOR times the median of recent requests waits for one of
// HEAVY_CONNECTIONS places, so costly requests queue among themselves and the rest of the pool
// and the cores stay with everyone else. Shapes not seen yet pass: their first run is timed.

import {nextEstimate} from './lightFirstQueue';

/** How many times the median request's time makes a shape heavy. */
export const HEAVY_FACTOR = 4;
/** Heavy requests running at once: one, so they take at most one core of a small machine. */
export const HEAVY_CONNECTIONS = 1;
/** Recent request times the median is taken over. */
const WINDOW = 101;
/** Request shapes whose time is kept (least recently run dropped first). */
const SHAPES = 2000;

export class HeavyGate {
  private readonly estimates = new Map<string, number>();
  private readonly recent: number[] = [];
  private median = Infinity;
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly now: () => number;

  constructor(now: () => number = () => performance.now()) {
    this.now = now;
  }

  /** Runs `task` for a request of shape `key`, after a place is free when the shape is heavy. */
  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const heavy = (this.estimates.get(key) ?? 0) > this.median * HEAVY_FACTOR;
    if (heavy) {
      if (this.running >= HEAVY_CONNECTIONS) await new Promise<void>((resolve) => this.waiting.push(resolve));
      else this.running += 1;
    }
    const started = this.now();
    try {
      return await task();
    } finally {
      this.learn(key, this.now() - started);
      if (heavy) {
        // The place passes straight to the next heavy request, if one waits.
        const next = this.waiting.shift();
        if (next) next();
        else this.running -= 1;
      }
    }
  }

  private learn(key: string, ms: number): void {
    const estimate = nextEstimate(this.estimates.get(key), ms);
    this.estimates.delete(key);
    this.estimates.set(key, estimate);
    if (this.estimates.size > SHAPES) this.estimates.delete(this.estimates.keys().next().value as string);
    this.recent.push(ms);
    if (this.recent.length > WINDOW) this.recent.shift();
    if (this.recent.length === WINDOW) this.median = [...this.recent].sort((a, b) => a - b)[WINDOW >> 1] as number;
  }
}
