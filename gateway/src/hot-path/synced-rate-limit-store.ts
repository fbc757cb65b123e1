import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Logger } from '@gnology/platform/logger';
import type { Redis } from 'ioredis';

/**
 * Rate-limit counters kept in memory and shared through Redis in the background (decision 0207).
 *
 * Windows are fixed and aligned on the clock (window id = floor(now / timeWindow)), so every
 * process agrees on which window a request falls in. A request is counted and answered from memory,
 * synchronously: current = the last total Redis gave for the key and window, less this process's
 * share already in it, plus this process's count in the window. Every `syncIntervalMs` the counts
 * not yet sent go to Redis in one pipeline (INCRBY + PEXPIRE per key), whose replies are the new
 * totals. A client can therefore exceed its limit by at most what the processes admit for it
 * within one sync interval. When Redis is down or slow, each process goes on counting on its own
 * (per-process limits) and warns at most once a minute; a request never waits for Redis.
 */
export interface SyncedCountersOptions {
  redis: Redis;
  logger?: Pick<Logger, 'warn'>;
  /** How often local counts are sent to Redis and totals read back. Default 250 ms. */
  syncIntervalMs?: number;
  /** Redis key prefix; keys are `<prefix><window id>:<key>` (the gateway's is `<QUEUE_PREFIX>:rl:`). */
  prefix: string;
  /** The clock; tests move it across windows. Default Date.now. */
  now?: () => number;
  /** Keys kept in memory at most; the oldest is dropped beyond. Default 100,000. */
  maxKeys?: number;
  /** Kept in Redis past the end of its window, for replicas whose clocks lag. Default 10 s. */
  expirySlackMs?: number;
}

interface Counter {
  /** The window (floor(now / timeWindow)) these counts are for. */
  window: number;
  timeWindow: number;
  /** Requests this process counted in the window. */
  local: number;
  /** How many of `local` are already in Redis. */
  flushed: number;
  /** The total Redis last gave (everyone's), and this process's share included in it. */
  known: number;
  knownOwn: number;
  /** In the list of counters to send at the next sync. */
  dirty: boolean;
}

const WARN_EVERY_MS = 60_000;

export class SyncedCounters {
  readonly #redis: Redis;
  readonly #logger: Pick<Logger, 'warn'> | undefined;
  readonly #prefix: string;
  readonly #now: () => number;
  readonly #maxKeys: number;
  readonly #slack: number;
  readonly #counters = new Map<string, Counter>();
  #dirty: { key: string; counter: Counter }[] = [];
  #timer: NodeJS.Timeout | undefined;
  #syncing: Promise<void> | undefined;
  #lastWarnAt = Number.NEGATIVE_INFINITY;
  #nextSweepAt = Number.NEGATIVE_INFINITY;

  constructor(opts: SyncedCountersOptions) {
    this.#redis = opts.redis;
    this.#logger = opts.logger;
    this.#prefix = opts.prefix;
    this.#now = opts.now ?? Date.now;
    this.#maxKeys = opts.maxKeys ?? 100_000;
    this.#slack = opts.expirySlackMs ?? 10_000;
    this.#timer = setInterval(() => void this.sync(), opts.syncIntervalMs ?? 250);
    this.#timer.unref();
    // ioredis reports connection errors as events; without a listener it prints them to stderr.
    this.#redis.on('error', (err) => this.#warn(err));
    if (this.#redis.status === 'wait') this.#redis.connect().catch((err) => this.#warn(err));
  }

  /** Counts one request for `key` and answers from memory: the window's count so far and the ms left in it. */
  incr(key: string, timeWindow: number): { current: number; ttl: number } {
    const now = this.#now();
    const window = Math.floor(now / timeWindow);
    let c = this.#counters.get(key);
    if (c === undefined) {
      if (this.#counters.size >= this.#maxKeys) this.#dropOldest();
      c = { window, timeWindow, local: 0, flushed: 0, known: 0, knownOwn: 0, dirty: false };
      this.#counters.set(key, c);
    } else if (c.window !== window || c.timeWindow !== timeWindow) {
      // A new window: what was counted in the old one no longer matters to anyone.
      c.window = window;
      c.timeWindow = timeWindow;
      c.local = c.flushed = c.known = c.knownOwn = 0;
    }
    c.local++;
    if (!c.dirty) {
      c.dirty = true;
      this.#dirty.push({ key, counter: c });
    }
    return { current: c.known - c.knownOwn + c.local, ttl: (window + 1) * timeWindow - now };
  }

  /** Sends the counts not yet in Redis and reads back the totals; one at a time, never throws. */
  sync(): Promise<void> {
    if (this.#syncing) return this.#syncing;
    this.#syncing = this.#sync()
      .catch((err) => this.#warn(err))
      .finally(() => {
        this.#syncing = undefined;
      });
    return this.#syncing;
  }

  /** Stops the timer and sends what is left (best effort, for a clean shutdown). */
  async close(): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    await this.sync();
  }

  /** Keys held in memory (for tests and metrics). */
  get size(): number {
    return this.#counters.size;
  }

  async #sync(): Promise<void> {
    this.#sweep();
    const batch = this.#dirty;
    if (batch.length === 0) return;
    this.#dirty = [];
    const pipeline = this.#redis.pipeline();
    const sent: { key: string; counter: Counter; window: number; upTo: number }[] = [];
    for (const { key, counter: c } of batch) {
      c.dirty = false;
      const delta = c.local - c.flushed;
      if (delta <= 0) continue;
      pipeline.incrby(`${this.#prefix}${c.window}:${key}`, delta);
      pipeline.pexpire(`${this.#prefix}${c.window}:${key}`, c.timeWindow + this.#slack);
      sent.push({ key, counter: c, window: c.window, upTo: c.local });
    }
    if (sent.length === 0) return;
    let replies: [Error | null, unknown][] | null;
    try {
      replies = await pipeline.exec();
    } catch (err) {
      return this.#failed(sent, err);
    }
    if (!replies) return this.#failed(sent, new Error('pipeline discarded'));
    let failure: unknown;
    for (let i = 0; i < sent.length; i++) {
      const { key, counter: c, window, upTo } = sent[i]!;
      const [err, total] = replies[2 * i] ?? [new Error('no reply'), null];
      if (err) {
        failure = err;
        this.#redo(key, c, window);
        continue;
      }
      // The counter moved on to a new window meanwhile: this total is for the old one.
      if (c.window !== window) continue;
      c.flushed = upTo;
      c.known = Number(total);
      c.knownOwn = upTo;
    }
    if (failure) this.#warn(failure);
  }

  #failed(sent: { key: string; counter: Counter; window: number }[], err: unknown): void {
    // Nothing was counted in Redis: the counts stay local and go again at the next sync.
    for (const { key, counter, window } of sent) this.#redo(key, counter, window);
    this.#warn(err);
  }

  #redo(key: string, c: Counter, window: number): void {
    if (c.dirty || c.window !== window || this.#counters.get(key) !== c) return;
    c.dirty = true;
    this.#dirty.push({ key, counter: c });
  }

  /** Once a minute (at the minute, when windows change), forgets the keys whose window is over. */
  #sweep(): void {
    const now = this.#now();
    if (now < this.#nextSweepAt) return;
    this.#nextSweepAt = (Math.floor(now / 60_000) + 1) * 60_000;
    for (const [key, c] of this.#counters) if ((c.window + 1) * c.timeWindow <= now) this.#counters.delete(key);
    this.#dirty = this.#dirty.filter(({ key, counter }) => {
      if (this.#counters.get(key) === counter) return true;
      counter.dirty = false;
      return false;
    });
  }

  #dropOldest(): void {
    const oldest = this.#counters.keys().next();
    if (!oldest.done) this.#counters.delete(oldest.value);
  }

  #warn(err: unknown): void {
    const now = Date.now();
    if (now - this.#lastWarnAt < WARN_EVERY_MS) return;
    this.#lastWarnAt = now;
    this.#logger?.warn(
      { err: err instanceof Error ? err.message : String(err) },
      'rate-limit counters could not be synced with Redis; counting per process until it answers',
    );
  }
}

/** What @fastify/rate-limit calls: `incr(key, cb, timeWindow, max)` and `child(routeOptions)`. */
interface PluginStore {
  incr(key: string, cb: (err: Error | null, res?: { current: number; ttl: number }) => void, timeWindow: number): void;
  child(routeOptions: { routeInfo?: { method?: string | string[]; url?: string } }): PluginStore;
}

/**
 * A `store` class for @fastify/rate-limit over `counters`. The plugin constructs it itself (with
 * its options), hence the class made here. Route-level limits get their own keys, as the plugin's
 * Redis store does.
 */
export function syncedRateLimitStore(counters: SyncedCounters): FastifyRateLimitStoreCtor {
  class Store implements PluginStore {
    /** Prepended to the plugin's keys; the plugin passes its options to the constructor, not a prefix. */
    keyPrefix = '';
    incr(key: string, cb: (err: Error | null, res?: { current: number; ttl: number }) => void, timeWindow: number) {
      cb(null, counters.incr(this.keyPrefix + key, timeWindow));
    }
    child(routeOptions: { routeInfo?: { method?: string | string[]; url?: string } }): PluginStore {
      const r = routeOptions.routeInfo;
      const child = new Store();
      child.keyPrefix = `${this.keyPrefix}${r?.method ?? ''}${r?.url ?? ''}:`;
      return child;
    }
  }
  // The plugin's type leaves out the timeWindow (and max) it passes to incr.
  return Store as unknown as FastifyRateLimitStoreCtor;
}
