/**
 * The names of the statements prepared on one connection, by SQL text, least recently used first.
 * Only the connection knows whether a Parse really succeeded, so a name is trusted once its
 * exchange went through (`confirm`) and retired otherwise; retired and evicted names are closed
 * on the server with the next exchange (closing a name that was never prepared is no error).
 */
export class PreparedStatements {
  private readonly names = new Map<string, string>();
  private readonly pending = new Map<string, string>();
  private closing: string[] = [];
  private counter = 0;

  private readonly capacity: number;

  constructor(capacity: number) {
    this.capacity = capacity;
  }

  /** The name `text` is prepared under, or undefined when it must be parsed (then call `prepare`). */
  lookup(text: string): string | undefined {
    const pending = this.pending.get(text);
    if (pending !== undefined) return pending;
    const name = this.names.get(text);
    if (name !== undefined) {
      // Map order is insertion order: re-inserting marks it most recently used.
      this.names.delete(text);
      this.names.set(text, name);
    }
    return name;
  }

  /** A fresh name for `text`, used once the exchange that parses it succeeds. */
  prepare(text: string): string {
    const name = `local_${(this.counter += 1)}`;
    this.pending.set(text, name);
    return name;
  }

  /** The exchange went through: its new statements exist. */
  confirm(): void {
    for (const [text, name] of this.pending) this.names.set(text, name);
    this.pending.clear();
    while (this.names.size > this.capacity) {
      const [oldest, name] = this.names.entries().next().value as [string, string];
      this.names.delete(oldest);
      this.closing.push(name);
    }
  }

  /** The exchange failed: whether its Parse messages ran is unknown, so their names are dropped. */
  retire(): void {
    for (const name of this.pending.values()) this.closing.push(name);
    this.pending.clear();
  }

  /** Forgets every statement (their names are closed with the next exchange). */
  clear(): void {
    for (const name of this.names.values()) this.closing.push(name);
    this.names.clear();
  }

  /** Names to close before anything else in the next exchange. */
  takeClosing(): string[] {
    const out = this.closing;
    this.closing = [];
    return out;
  }

  get size(): number {
    return this.names.size;
  }
}
