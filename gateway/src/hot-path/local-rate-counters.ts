/**
 * Rate-limit counters of this process alone (no REDIS_URL), as @fastify/rate-limit's own memory
 * store counted them: a key's window starts with its first request and lasts `timeWindow`; at most
 * `maxKeys` keys are kept, the least recently counted dropped first.
 */
export class LocalCounters {
  readonly #counters = new Map<string, { current: number; startedAt: number }>();
  constructor(
    private readonly maxKeys = 5_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one request for `key`: the window's count so far and the ms left in it. */
  incr(key: string, timeWindow: number): { current: number; ttl: number } {
    const now = this.now();
    let c = this.#counters.get(key);
    if (c === undefined || c.startedAt + timeWindow <= now) c = { current: 1, startedAt: now };
    else c.current++;
    // Last counted, last dropped: the Map keeps keys in the order they were set.
    this.#counters.delete(key);
    this.#counters.set(key, c);
    if (this.#counters.size > this.maxKeys) this.#counters.delete(this.#counters.keys().next().value!);
    return { current: c.current, ttl: timeWindow - (now - c.startedAt) };
  }
}
