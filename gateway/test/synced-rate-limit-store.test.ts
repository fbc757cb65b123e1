import type { Redis } from 'ioredis';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SyncedCounters } from '../src/hot-path/synced-rate-limit-store';

/** An in-memory stand-in for the Redis the counters sync with: INCRBY and PEXPIRE in pipelines. */
function fakeRedis() {
  const totals = new Map<string, number>();
  const expiries = new Map<string, number>();
  let mode: 'up' | 'down' | 'hang' = 'up';
  let pipelines = 0;
  const redis = {
    status: 'ready',
    on: () => redis,
    pipeline() {
      pipelines++;
      const ops: (() => [Error | null, unknown])[] = [];
      const p = {
        incrby(key: string, n: number) {
          ops.push(() => {
            totals.set(key, (totals.get(key) ?? 0) + n);
            return [null, totals.get(key)];
          });
          return p;
        },
        pexpire(key: string, ms: number) {
          ops.push(() => {
            expiries.set(key, ms);
            return [null, 1];
          });
          return p;
        },
        exec() {
          if (mode === 'down') return Promise.reject(new Error('Connection is closed.'));
          if (mode === 'hang') return new Promise(() => {});
          return Promise.resolve(ops.map((op) => op()));
        },
      };
      return p;
    },
  };
  return {
    redis: redis as unknown as Redis,
    totals,
    expiries,
    set: (m: typeof mode) => {
      mode = m;
    },
    pipelines: () => pipelines,
  };
}

const made: SyncedCounters[] = [];
afterEach(async () => {
  for (const c of made.splice(0)) c.close().catch(() => {});
});
function counters(redis: Redis, now: () => number, logger?: { warn: () => void }) {
  const c = new SyncedCounters({ redis, now, prefix: 'rl:', syncIntervalMs: 60_000, logger: logger as never });
  made.push(c);
  return c;
}

describe('SyncedCounters', () => {
  it("adds the other processes' counts from Redis without counting its own twice", async () => {
    const r = fakeRedis();
    const t = 120_000 + 500;
    const a = counters(r.redis, () => t);
    const b = counters(r.redis, () => t);
    for (let i = 0; i < 3; i++) a.incr('ip:1', 60_000);
    await a.sync();
    expect(r.totals.get('rl:2:ip:1')).toBe(3);
    expect(r.expiries.get('rl:2:ip:1')).toBe(70_000);
    b.incr('ip:1', 60_000);
    b.incr('ip:1', 60_000);
    await b.sync(); // Redis: 5; b knows it, b's own share 2
    expect(b.incr('ip:1', 60_000).current).toBe(6);
    expect(a.incr('ip:1', 60_000).current).toBe(4); // a has not synced since b's requests
    await a.sync(); // a sends 1: Redis 6 (b's third not sent yet)
    expect(a.incr('ip:1', 60_000).current).toBe(7);
    await b.sync();
    await a.sync();
    expect(r.totals.get('rl:2:ip:1')).toBe(8);
    expect(a.incr('ip:1', 60_000)).toEqual({ current: 9, ttl: 59_500 });
  });

  it('sends nothing when nothing was counted since the last sync', async () => {
    const r = fakeRedis();
    const a = counters(r.redis, () => 60_000);
    await a.sync();
    a.incr('k', 60_000);
    await a.sync();
    await a.sync();
    expect(r.pipelines()).toBe(1);
  });

  it('counts locally while Redis is down, warns once, and sends the counts when it is back', async () => {
    const r = fakeRedis();
    const warn = vi.fn();
    const a = counters(r.redis, () => 60_000, { warn });
    r.set('down');
    for (let i = 1; i <= 5; i++) {
      expect(a.incr('k', 60_000).current).toBe(i);
      await a.sync();
    }
    expect(warn).toHaveBeenCalledTimes(1);
    r.set('up');
    await a.sync();
    expect(r.totals.get('rl:1:k')).toBe(5);
    expect(a.incr('k', 60_000).current).toBe(6);
  });

  it('answers at once while a sync hangs, and never runs two syncs at a time', async () => {
    const r = fakeRedis();
    const a = counters(r.redis, () => 60_000);
    a.incr('k', 60_000);
    r.set('hang');
    void a.sync();
    void a.sync();
    for (let i = 2; i <= 50; i++) expect(a.incr('k', 60_000).current).toBe(i);
    expect(r.pipelines()).toBe(1);
  });

  it("ignores a total that arrives after the key's window changed", async () => {
    const r = fakeRedis();
    let t = 60_000 + 59_990;
    const a = counters(r.redis, () => t);
    for (let i = 0; i < 4; i++) a.incr('k', 60_000);
    const syncing = a.sync();
    t = 120_000 + 10; // the next window, before the reply is read
    expect(a.incr('k', 60_000)).toEqual({ current: 1, ttl: 59_990 });
    await syncing;
    expect(a.incr('k', 60_000).current).toBe(2);
    await a.sync();
    expect(r.totals.get('rl:1:k')).toBe(4);
    expect(r.totals.get('rl:2:k')).toBe(2);
  });
});
