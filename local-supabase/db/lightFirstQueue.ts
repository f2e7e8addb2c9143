// The order in which the database thread (pgliteWorker.ts) takes its requests. PGlite has one
// connection and runs each statement to the end, so arrival order let a stream of the costliest
// requests the REST grammar allows (a 16-wide or 4-deep embed: 5–15 ms each on the database
// thread) put every other reader behind all of them. Here each request shape (its statement's
// text) carries an estimate of its time on the thread, learnt from its past runs. A waiting
// request is heavy when its estimate is over HEAVY_FACTOR times the cheapest one waiting (and
// over LIGHT_MS), or its shape has not run yet: relative, because on a busy machine every
// estimate grows. Light requests go first, in arrival order, while heavy ones keep HEAVY_SHARE
// of the thread's time whenever both wait, so they are slowed, never starved. A reader then
// waits for at most one heavy statement already running.
//
// Sessions (a transaction's statements, a checked pipeline) are barriers: everything that arrived
// before one runs before it, nothing that arrived after it runs before it, so no request ever
// lands inside another's transaction. Runs in the worker on Node's type stripping: erasable
// syntax only.

/** Below this estimate (ms on the database thread) a request is never heavy. */
export const LIGHT_MS = 1;
/** How many times the cheapest waiting request's estimate makes a request heavy. */
export const HEAVY_FACTOR = 4;
/** Heavy requests' part of the thread's time while light requests wait too. */
export const HEAVY_SHARE = 0.2;
/** How much heavy time may be owed: after a burst, heavy requests are not held for long. */
const MAX_DEBT_MS = 250;
/** Request shapes whose estimate is kept (least recently run dropped first). */
const ESTIMATES = 2000;

export interface QueuedJob {
  /** The request's shape (its main statement's text), or undefined for one never to be reordered. */
  key: string | undefined;
  /** A session's step: runs in arrival order relative to everything else. */
  barrier: boolean;
  run(): Promise<void>;
}

/**
 * A shape's estimate after a run of `ms`: up at once, down slowly, so a shape that is sometimes
 * costly (its filter values decide) stays costly unless nearly all its runs are cheap.
 */
export function nextEstimate(before: number | undefined, ms: number): number {
  return before === undefined || ms > before ? ms : before * 0.8 + ms * 0.2;
}

interface Turn {
  job: QueuedJob;
  heavy: boolean;
  /** Whether a request of the other kind was waiting when this one was chosen. */
  contended: boolean;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export class LightFirstQueue {
  /** In arrival order. */
  private readonly waiting: QueuedJob[] = [];
  private readonly estimates = new Map<string, number>();
  /** Positive: a heavy request may run next though light ones wait; negative: heavy time owed. */
  private credit = 0;
  private running = false;
  private readonly now: () => number;

  /** `now`: the clock runs are timed with (a test's own). */
  constructor(now: () => number = () => performance.now()) {
    this.now = now;
  }

  push(job: QueuedJob): void {
    this.waiting.push(job);
    if (!this.running) void this.pump();
  }

  /** A shape's estimate, in ms on the database thread (undefined: not run yet). */
  estimate(key: string): number | undefined {
    return this.estimates.get(key);
  }

  private async pump(): Promise<void> {
    this.running = true;
    try {
      for (;;) {
        // Let the requests that arrived while the last one ran in first.
        await nextTurn();
        const turn = this.next();
        if (!turn) return;
        const started = this.now();
        await turn.job.run();
        this.learn(turn, this.now() - started);
      }
    } finally {
      this.running = false;
    }
  }

  private cost(job: QueuedJob): number {
    return job.key === undefined ? Infinity : (this.estimates.get(job.key) ?? Infinity);
  }

  private next(): Turn | undefined {
    // Only the requests ahead of the first barrier may be chosen; at the head, a barrier runs.
    let fence = this.waiting.findIndex((job) => job.barrier || job.key === undefined);
    if (fence === 0) return {job: this.waiting.shift() as QueuedJob, heavy: false, contended: false};
    if (fence === -1) fence = this.waiting.length;
    if (fence === 0) return undefined;
    let cheapest = Infinity;
    for (let i = 0; i < fence; i += 1) cheapest = Math.min(cheapest, this.cost(this.waiting[i] as QueuedJob));
    const limit = Math.max(LIGHT_MS, cheapest * HEAVY_FACTOR);
    let light = -1;
    let heavy = -1;
    for (let i = 0; i < fence && (light === -1 || heavy === -1); i += 1) {
      const isHeavy = this.cost(this.waiting[i] as QueuedJob) > limit;
      if (isHeavy && heavy === -1) heavy = i;
      if (!isHeavy && light === -1) light = i;
    }
    const takeHeavy = heavy !== -1 && (light === -1 || this.credit > 0);
    const index = takeHeavy ? heavy : light;
    const [job] = this.waiting.splice(index, 1) as [QueuedJob];
    return {job, heavy: takeHeavy, contended: light !== -1 && heavy !== -1};
  }

  private learn({job, heavy, contended}: Turn, ms: number): void {
    // Only time spent while the other kind waited counts toward the share.
    if (contended && !heavy) this.credit = Math.min(this.credit + (ms * HEAVY_SHARE) / (1 - HEAVY_SHARE), ms);
    if (contended && heavy) this.credit = Math.max(this.credit - ms, -MAX_DEBT_MS);
    if (job.barrier || job.key === undefined) return;
    const estimate = nextEstimate(this.estimates.get(job.key), ms);
    this.estimates.delete(job.key);
    this.estimates.set(job.key, estimate);
    if (this.estimates.size > ESTIMATES) this.estimates.delete(this.estimates.keys().next().value as string);
  }
}
