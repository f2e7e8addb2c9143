// Time on a lesson page with fake timers: counted only while visible, whole seconds, sent every
// interval and on leaving, and never counted twice.
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import {startLessonTimeTracking, VisibleTimeCounter} from '../../src/lib/progressTracker';

let visibility: DocumentVisibilityState = 'visible';

function setVisibility(state: DocumentVisibilityState): void {
  visibility = state;
  document.dispatchEvent(new Event('visibilitychange'));
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-03-01T10:00:00Z'));
  visibility = 'visible';
  Object.defineProperty(document, 'visibilityState', {configurable: true, get: () => visibility});
});

afterEach(() => {
  vi.useRealTimers();
});

function start(sendResult = true) {
  const sent: number[] = [];
  const beacons: number[] = [];
  const tracking = startLessonTimeTracking({
    send: vi.fn(async (seconds: number) => {
      sent.push(seconds);
      return sendResult;
    }),
    beacon: (seconds) => beacons.push(seconds),
    intervalMs: 30_000,
  });
  const total = () => sent.reduce((a, b) => a + b, 0) + beacons.reduce((a, b) => a + b, 0);
  return {tracking, sent, beacons, total};
}

describe('VisibleTimeCounter', () => {
  it('hands out whole seconds and keeps the fraction', () => {
    let now = 0;
    const counter = new VisibleTimeCounter(() => now);
    now = 2500;
    expect(counter.take()).toBe(2);
    now = 3000;
    expect(counter.take()).toBe(1); // 0.5 kept + 0.5
    expect(counter.take()).toBe(0);
  });

  it('does not count hidden time', () => {
    let now = 0;
    const counter = new VisibleTimeCounter(() => now);
    now = 4000;
    counter.setVisible(false);
    now = 60_000;
    expect(counter.take()).toBe(4);
    counter.setVisible(true);
    now = 63_000;
    expect(counter.take()).toBe(3);
  });

  it('starts stopped when the page opens hidden, and can take back seconds', () => {
    let now = 0;
    const counter = new VisibleTimeCounter(() => now, false);
    now = 10_000;
    expect(counter.take()).toBe(0);
    counter.giveBack(5);
    expect(counter.take()).toBe(5);
  });
});

describe('startLessonTimeTracking', () => {
  it('sends the visible seconds every interval', async () => {
    const {tracking, sent} = start();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(sent).toEqual([30]);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(sent).toEqual([30, 30]);
    tracking.stop();
  });

  it('counts only while the tab is visible and beacons when it is hidden', async () => {
    const {tracking, sent, beacons} = start();
    await vi.advanceTimersByTimeAsync(10_000);
    setVisibility('hidden');
    expect(beacons).toEqual([10]);
    // Hidden for almost five minutes (interval ticks pass): nothing is counted or sent.
    await vi.advanceTimersByTimeAsync(295_000);
    expect(sent).toEqual([]);
    setVisibility('visible');
    await vi.advanceTimersByTimeAsync(20_000);
    tracking.stop();
    expect(beacons).toEqual([10, 20]);
    expect(sent).toEqual([]);
  });

  it('flushes on pagehide and on leaving the route (stop), without waiting for anything', async () => {
    const {tracking, beacons} = start();
    await vi.advanceTimersByTimeAsync(7_400);
    window.dispatchEvent(new Event('pagehide'));
    expect(beacons).toEqual([7]);
    // The tab is restored from the back/forward cache.
    window.dispatchEvent(new Event('pageshow'));
    await vi.advanceTimersByTimeAsync(3_600);
    tracking.stop();
    expect(beacons).toEqual([7, 4]); // 0.4 s + 3.6 s
  });

  it('never counts a second twice when leave events pile up', async () => {
    const {tracking, beacons, sent, total} = start();
    await vi.advanceTimersByTimeAsync(45_000);
    expect(sent).toEqual([30]);
    // Closing a tab fires visibilitychange (hidden) and pagehide; then React unmounts.
    setVisibility('hidden');
    window.dispatchEvent(new Event('pagehide'));
    tracking.stop();
    tracking.stop();
    expect(beacons).toEqual([15]);
    expect(total()).toBe(45);
    // After stop, events are ignored.
    setVisibility('visible');
    await vi.advanceTimersByTimeAsync(60_000);
    window.dispatchEvent(new Event('pagehide'));
    expect(total()).toBe(45);
  });

  it('hands pending seconds to a completion call, so they are not sent again', async () => {
    const {tracking, sent} = start();
    await vi.advanceTimersByTimeAsync(12_000);
    expect(tracking.take()).toBe(12);
    await vi.advanceTimersByTimeAsync(18_000);
    expect(sent).toEqual([18]);
    tracking.stop();
  });

  it('keeps the seconds of a failed send for the next one', async () => {
    const {tracking, sent, beacons} = start(false);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(sent).toEqual([30]);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(sent).toEqual([30, 60]);
    tracking.stop();
    expect(beacons).toEqual([60]);
  });

  it('does not send while hidden even when the interval fires', async () => {
    const {tracking, sent} = start();
    setVisibility('hidden');
    await vi.advanceTimersByTimeAsync(120_000);
    expect(sent).toEqual([]);
    tracking.stop();
  });
});
