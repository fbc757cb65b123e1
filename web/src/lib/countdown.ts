import { useCallback, useEffect, useState } from 'react';

/** Whole seconds left until `deadline` (ms since the epoch), rounded up, never below 0. */
export function secondsLeft(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

/**
 * The seconds a server asked the user to wait (retryAfterSeconds), counting down once a second.
 * Counted from a deadline rather than by decrements, so a throttled background tab stays right.
 */
export function useCountdown(): { seconds: number; start: (seconds: number) => void } {
  const [deadline, setDeadline] = useState(0);
  const [seconds, setSeconds] = useState(0);
  const start = useCallback((s: number) => {
    const at = Date.now() + s * 1000;
    setDeadline(at);
    setSeconds(secondsLeft(at, Date.now()));
  }, []);
  useEffect(() => {
    if (!deadline) return;
    const tick = () => {
      const left = secondsLeft(deadline, Date.now());
      setSeconds(left);
      if (left === 0) clearInterval(timer);
    };
    const timer = window.setInterval(tick, 250);
    return () => clearInterval(timer);
  }, [deadline]);
  return { seconds, start };
}

/** The wait a refused request asks for, when the answer carries one (auth's 429s do). */
export function retryAfterOf(body: Record<string, unknown>): number | null {
  const s = body.retryAfterSeconds;
  return typeof s === 'number' && Number.isFinite(s) && s > 0 ? Math.ceil(s) : null;
}

export const pluralSeconds = (n: number) => `${n} ${n === 1 ? 'second' : 'seconds'}`;
