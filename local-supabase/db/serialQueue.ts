/**
 * Runs tasks one at a time in arrival order. PGlite has a single connection, so a transaction
 * must never interleave with another request's statements.
 */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();
  private pending = 0;

  run<T>(task: () => Promise<T>): Promise<T> {
    this.pending += 1;
    const result = this.tail.then(task, task);
    this.tail = result.then(
      () => {
        this.pending -= 1;
      },
      () => {
        this.pending -= 1;
      },
    );
    return result;
  }

  get size(): number {
    return this.pending;
  }

  /** Resolves once everything queued so far has finished. */
  async drain(): Promise<void> {
    while (this.pending > 0) await this.tail;
  }
}
