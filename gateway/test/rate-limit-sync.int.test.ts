import { randomUUID } from 'node:crypto';
import net, { type AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { createLogger } from '@gnology/platform/logger';
import { createTestSigner, requireInfra, type TestSigner } from '@gnology/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildGateway } from '../src/app';
import { gatewayEnvSchema } from '../src/config';
import { createGatewayContext, rateLimitRedis } from '../src/context';
import { SyncedCounters } from '../src/hot-path/synced-rate-limit-store';
import { configWithOneUpstream } from './helpers/config';

/**
 * Decision 0207: rate-limit counters counted in memory and synced to Redis, so several gateway
 * processes together allow a client its limit, not N times it, and a Redis outage costs nothing
 * but the sharing.
 */
const REDIS_URL = requireInfra('REDIS_URL');
const LIMIT = 10;
const prefix = `gnology-test:rl:${randomUUID()}:`;
let upstream: FastifyInstance;
let redis: Redis;
let signer: TestSigner;
const apps: FastifyInstance[] = [];

/** A clock inside one window, 1 s after its start, moving with real time (tests last far less than 59 s). */
function clockInOneWindow() {
  const t0 = Date.now();
  const start = (Math.floor(t0 / 60_000) + 1) * 60_000;
  return { start, now: () => start + 1000 + (Date.now() - t0) };
}

beforeAll(async () => {
  upstream = Fastify();
  upstream.get('/readyz', async () => ({ status: 'ready' }));
  upstream.all('/*', async () => ({ ok: true }));
  await upstream.listen({ port: 0, host: '127.0.0.1' });
  redis = new Redis(REDIS_URL);
  signer = await createTestSigner();
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await upstream.close();
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
});

async function gateway(opts: {
  redisUrl: string | undefined;
  now?: () => number;
  syncIntervalMs?: number;
  logger?: ReturnType<typeof createLogger>;
  /** Counters under the deployment's QUEUE_PREFIX instead of the test run's own prefix. */
  queuePrefix?: string;
}) {
  const url = `http://127.0.0.1:${(upstream.server.address() as AddressInfo).port}`;
  const config = configWithOneUpstream(url, {
    RATE_LIMIT_PER_IP: String(LIMIT),
    ...(opts.redisUrl ? { REDIS_URL: opts.redisUrl } : {}),
    ...(opts.queuePrefix ? { QUEUE_PREFIX: opts.queuePrefix } : {}),
  });
  const logger = opts.logger ?? createLogger({ service: 'gateway', level: 'silent' });
  const app = await buildGateway(
    createGatewayContext(config, logger, {
      verifier: signer.verifier,
      rateLimitSync: {
        prefix: opts.queuePrefix ? undefined : prefix,
        now: opts.now,
        syncIntervalMs: opts.syncIntervalMs ?? 10,
      },
    }),
  );
  apps.push(app);
  return app;
}

/** Each test's client address, so that the tests' counters never meet. */
const call = (app: FastifyInstance, ip: string) =>
  app.inject({ method: 'GET', url: '/api/billing/plans', remoteAddress: ip });

describe('rate-limit counters synced to Redis', () => {
  it('keeps deployments sharing one Redis apart by QUEUE_PREFIX, and shares within one', async () => {
    const { now } = clockInOneWindow();
    const run = randomUUID().slice(0, 8);
    const [blue, blue2, green] = await Promise.all([
      gateway({ redisUrl: REDIS_URL, now, queuePrefix: `blue-${run}` }),
      gateway({ redisUrl: REDIS_URL, now, queuePrefix: `blue-${run}` }),
      gateway({ redisUrl: REDIS_URL, now, queuePrefix: `green-${run}` }),
    ]);
    const ip = '198.51.100.77';
    const admitted = async (app: FastifyInstance, n: number) => {
      let ok = 0;
      for (let i = 0; i < n; i++) if ((await call(app, ip)).statusCode === 200) ok++;
      await sleep(50); // past one sync
      return ok;
    };
    expect(await admitted(blue, LIMIT)).toBe(LIMIT);
    // The other deployment's counter for the same client is its own: all of its limit is left.
    expect(await admitted(green, LIMIT)).toBe(LIMIT);
    // A second process of the first deployment learns its count at its first sync (until then it
    // answers from what it knows: the one interval's overshoot), and refuses from then on.
    await call(blue2, ip);
    await sleep(50);
    expect(await admitted(blue2, 3)).toBe(0);
    const window = Math.floor(now() / 60_000);
    expect(Number(await redis.get(`blue-${run}:rl:${window}:ip:${ip}`))).toBe(LIMIT + 4);
    expect(Number(await redis.get(`green-${run}:rl:${window}:ip:${ip}`))).toBe(LIMIT);
    for (const p of [`blue-${run}`, `green-${run}`]) await redis.del(`${p}:rl:${window}:ip:${ip}`);
  });

  it('two gateway processes on one Redis together allow the limit, not twice it', async () => {
    const { now } = clockInOneWindow();
    const a = await gateway({ redisUrl: REDIS_URL, now });
    const b = await gateway({ redisUrl: REDIS_URL, now });
    const ip = '198.51.100.1';
    const statuses: number[] = [];
    for (let i = 0; i < 3 * LIMIT; i++) {
      statuses.push((await call(i % 2 ? b : a, ip)).statusCode);
      // One request per 30 ms against a 10 ms sync: each process learns the other's count within
      // an interval, so each can admit at most the one request the other's last sync had not told
      // it about: the bound is LIMIT + 2. Counted per process (no sharing) it would be 2 × LIMIT.
      await sleep(30);
    }
    const admitted = statuses.filter((s) => s === 200).length;
    expect(statuses.every((s) => s === 200 || s === 429)).toBe(true);
    expect(admitted).toBeGreaterThanOrEqual(LIMIT);
    expect(admitted).toBeLessThanOrEqual(LIMIT + 2);
    // Once over, both refuse.
    expect(statuses.slice(-4)).toEqual([429, 429, 429, 429]);
    // Every request, admitted or not, reached Redis, in the window's key with an expiry.
    await sleep(50);
    const window = Math.floor(now() / 60_000);
    expect(Number(await redis.get(`${prefix}${window}:ip:${ip}`))).toBe(3 * LIMIT);
    const ttl = await redis.pttl(`${prefix}${window}:ip:${ip}`);
    expect(ttl).toBeGreaterThan(60_000);
    expect(ttl).toBeLessThanOrEqual(70_000);
  });

  it('keeps answering, limited per process, when Redis is down; warns once, not per request', async () => {
    const closed = net.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const logger = createLogger({ service: 'gateway', level: 'silent' });
    const warn = vi.spyOn(logger, 'warn');
    const { now } = clockInOneWindow();
    const deadUrl = `redis://127.0.0.1:${port}`;
    const a = await gateway({ redisUrl: deadUrl, now, logger });
    const b = await gateway({ redisUrl: deadUrl, now });
    const ip = '198.51.100.2';
    const statuses: number[] = [];
    const took: number[] = [];
    for (let i = 0; i < LIMIT + 2; i++) {
      for (const app of [a, b]) {
        const t = performance.now();
        statuses.push((await call(app, ip)).statusCode);
        took.push(performance.now() - t);
      }
      await sleep(15);
    }
    // Each process allows the limit on its own, as without Redis: 10 + 10, then 429s; no 5xx.
    expect(statuses.filter((s) => s === 200)).toHaveLength(2 * LIMIT);
    expect(statuses.slice(-4)).toEqual([429, 429, 429, 429]);
    // No request waited for Redis (a command times out after 1 s; connecting is retried in the background).
    expect(Math.max(...took)).toBeLessThan(500);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[1])).toMatch(/could not be synced with Redis/);
  });

  it('answers 429 with the time left in the window, then starts again in the next window', async () => {
    const { start } = clockInOneWindow();
    let t = start + 45_000;
    const a = await gateway({ redisUrl: REDIS_URL, now: () => t });
    const b = await gateway({ redisUrl: REDIS_URL, now: () => t });
    const ip = '198.51.100.3';
    for (let i = 0; i < LIMIT; i++) {
      const res = await call(a, ip);
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-ratelimit-limit']).toBe(String(LIMIT));
      expect(res.headers['x-ratelimit-remaining']).toBe(String(LIMIT - 1 - i));
      expect(res.headers['x-ratelimit-reset']).toBe('15');
    }
    t += 4_500; // 10.5 s left in the window
    await sleep(40); // a's counts reach Redis, and b learns them at its first sync after a request
    const over = await call(a, ip);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({ error: 'Too many requests. Please try again in 1 minute(s).' });
    expect(over.headers['retry-after']).toBe('11');
    expect(over.headers['x-ratelimit-reset']).toBe('11');
    expect(over.headers['x-ratelimit-remaining']).toBe('0');
    // b had counted nothing itself: its first request passes on stale totals, the next ones see a's 11.
    expect((await call(b, ip)).statusCode).toBe(200);
    await sleep(40);
    expect((await call(b, ip)).statusCode).toBe(429);

    t = start + 60_000 + 2_000; // the next window
    const fresh = await call(a, ip);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers['x-ratelimit-remaining']).toBe(String(LIMIT - 1));
    expect(fresh.headers['x-ratelimit-reset']).toBe('58');
    expect((await call(b, ip)).statusCode).toBe(200);
    await sleep(40);
    expect(Number(await redis.get(`${prefix}${Math.floor(t / 60_000)}:ip:${ip}`))).toBe(2);
  });

  it('forgets idle keys at the window change and holds at most maxKeys', async () => {
    let t = clockInOneWindow().start + 1000;
    const client = new Redis(REDIS_URL);
    const counters = new SyncedCounters({ redis: client, prefix, now: () => t, maxKeys: 3, syncIntervalMs: 60_000 });
    try {
      for (const key of ['k1', 'k2', 'k3', 'k4']) expect(counters.incr(key, 60_000).current).toBe(1);
      expect(counters.size).toBe(3);
      // k1 was dropped (the oldest): counted again from 1; k4 kept its count.
      expect(counters.incr('k1', 60_000).current).toBe(1);
      expect(counters.incr('k4', 60_000).current).toBe(2);
      await counters.sync();
      t += 60_000;
      expect(counters.incr('k4', 60_000)).toEqual({ current: 1, ttl: 59_000 });
      await counters.sync();
      expect(counters.size).toBe(1);
    } finally {
      await counters.close();
      client.disconnect();
    }
  });

  it('without REDIS_URL the gateway makes no Redis client and counts per process', async () => {
    const ctx = createGatewayContext(
      gatewayEnvSchema.parse({ INTERNAL_TOKEN: 'test-internal-token-0123456789' }),
      createLogger({ service: 'gateway', level: 'silent' }),
      { verifier: signer.verifier },
    );
    expect(ctx.rateLimitRedis).toBeUndefined();
    const a = await gateway({ redisUrl: undefined });
    const b = await gateway({ redisUrl: undefined });
    const ip = '198.51.100.4';
    let admitted = 0;
    for (let i = 0; i < 2 * LIMIT + 2; i++) if ((await call(i % 2 ? b : a, ip)).statusCode === 200) admitted++;
    expect(admitted).toBe(2 * LIMIT);
    const client = rateLimitRedis(REDIS_URL);
    expect(client.options).toMatchObject({ lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    client.disconnect();
  });
});
