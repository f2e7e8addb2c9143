// Time on a lesson page: counted only while the tab is visible, handed out in whole seconds
// (the fraction stays for the next hand-out), sent every interval and when the page goes away.
// Each second is handed out once, so a periodic send, a tab switch, pagehide and a route change
// can all fire without counting anything twice. No React and no Supabase here.

export const FLUSH_INTERVAL_MS = 30_000;

export class VisibleTimeCounter {
  private visibleSince: number | null = null;
  private bankedMs = 0;

  constructor(
    private readonly now: () => number = () => Date.now(),
    visible = true,
  ) {
    if (visible) this.visibleSince = this.now();
  }

  get visible(): boolean {
    return this.visibleSince !== null;
  }

  setVisible(visible: boolean): void {
    if (visible && this.visibleSince === null) {
      this.visibleSince = this.now();
    } else if (!visible && this.visibleSince !== null) {
      this.bankedMs += Math.max(0, this.now() - this.visibleSince);
      this.visibleSince = null;
    }
  }

  /** Counted time not yet handed out, in milliseconds. */
  pendingMs(): number {
    return this.bankedMs + (this.visibleSince === null ? 0 : Math.max(0, this.now() - this.visibleSince));
  }

  /** Hands out the whole seconds counted so far; the fraction is kept. */
  take(): number {
    const total = this.pendingMs();
    const seconds = Math.floor(total / 1000);
    this.bankedMs = total - seconds * 1000;
    if (this.visibleSince !== null) this.visibleSince = this.now();
    return seconds;
  }

  /** Puts seconds back after a send failed, so they go out with the next one. */
  giveBack(seconds: number): void {
    if (seconds > 0) this.bankedMs += seconds * 1000;
  }
}

export interface LessonTimeTrackingOptions {
  /** A periodic send (the page stays): resolves true when the database took it. */
  send(seconds: number): Promise<boolean>;
  /** A send while the page goes away: must not block (keepalive fetch). */
  beacon(seconds: number): void;
  intervalMs?: number;
  now?: () => number;
  doc?: Document;
  win?: Window;
}

export interface LessonTimeTracking {
  /** Takes the pending seconds for a call the caller makes itself (e.g. "Mark as complete"). */
  take(): number;
  giveBack(seconds: number): void;
  /** Sends what is pending now with a periodic-style send. */
  flush(): Promise<void>;
  /** Stops counting, beacons what is pending and removes every listener (route change, unmount). */
  stop(): void;
}

export function startLessonTimeTracking(options: LessonTimeTrackingOptions): LessonTimeTracking {
  const doc = options.doc ?? document;
  const win = options.win ?? window;
  const counter = new VisibleTimeCounter(options.now, doc.visibilityState !== 'hidden');
  let stopped = false;

  const leave = () => {
    counter.setVisible(false);
    const seconds = counter.take();
    if (seconds > 0) options.beacon(seconds);
  };

  const flush = async () => {
    const seconds = counter.take();
    if (seconds <= 0) return;
    let ok = false;
    try {
      ok = await options.send(seconds);
    } catch {
      ok = false;
    }
    if (!ok) counter.giveBack(seconds);
  };

  const onVisibility = () => {
    if (stopped) return;
    if (doc.visibilityState === 'hidden') leave();
    else counter.setVisible(true);
  };
  const onPageHide = () => {
    if (!stopped) leave();
  };
  const onPageShow = () => {
    if (!stopped && doc.visibilityState !== 'hidden') counter.setVisible(true);
  };

  doc.addEventListener('visibilitychange', onVisibility);
  win.addEventListener('pagehide', onPageHide);
  win.addEventListener('pageshow', onPageShow);
  const timer = win.setInterval(() => {
    if (!stopped && counter.visible) void flush();
  }, options.intervalMs ?? FLUSH_INTERVAL_MS);

  return {
    take: () => counter.take(),
    giveBack: (seconds) => counter.giveBack(seconds),
    flush,
    stop() {
      if (stopped) return;
      stopped = true;
      win.clearInterval(timer);
      doc.removeEventListener('visibilitychange', onVisibility);
      win.removeEventListener('pagehide', onPageHide);
      win.removeEventListener('pageshow', onPageShow);
      leave();
    },
  };
}
