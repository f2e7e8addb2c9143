// A wait the auth server imposed ("you can only request this after N seconds"), counted down in
// whole seconds on an injectable clock, so tests move time instead of waiting for it.
import {useEffect, useState} from 'react';
import {systemClock, type Clock} from './authUi';

export interface Countdown {
  /** Whole seconds left; 0 when there is no wait. */
  remaining: number;
  start(seconds: number): void;
}

export function useCountdown(clock: Clock = systemClock): Countdown {
  const [until, setUntil] = useState<number | null>(null);
  const [now, setNow] = useState(() => clock.now());
  useEffect(() => {
    if (until === null) return;
    return clock.every(1000, () => setNow(clock.now()));
  }, [until, clock]);
  const remaining = until === null ? 0 : Math.max(0, Math.ceil((until - now) / 1000));
  useEffect(() => {
    if (until !== null && remaining === 0) setUntil(null);
  }, [until, remaining]);
  return {
    remaining,
    start(seconds) {
      const at = clock.now();
      setNow(at);
      setUntil(at + seconds * 1000);
    },
  };
}
