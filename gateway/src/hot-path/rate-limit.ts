import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { GatewayDeps } from '../context';
import { isStrictPath, pathOf } from '../routes-table';
import { SyncedCounters, syncedRateLimitStore } from './synced-rate-limit-store';

/**
 * Requests per minute on the API: per signed-in user, else per client IP, and a much stricter
 * per-IP limit on the sign-in endpoints. Runs after the session check, so the user is known.
 * With a Redis client the counters are shared by every gateway process, synced in the background
 * (decision 0207); without one, the plugin's in-memory store counts per process.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  deps: Pick<GatewayDeps, 'config' | 'logger' | 'rateLimitRedis' | 'rateLimitSync'>,
): Promise<void> {
  const { config, rateLimitRedis: redis } = deps;
  let store: ReturnType<typeof syncedRateLimitStore> | undefined;
  if (redis) {
    const sync = deps.rateLimitSync ?? {};
    const counters = new SyncedCounters({
      redis,
      logger: deps.logger,
      // The deployment's namespace in a Redis it may share (the browser tests give each stack its own).
      prefix: sync.prefix ?? `${config.QUEUE_PREFIX}:rl:`,
      syncIntervalMs: sync.syncIntervalMs ?? config.RATE_LIMIT_SYNC_MS,
      now: sync.now,
    });
    store = syncedRateLimitStore(counters);
    app.addHook('onClose', async () => {
      await counters.close();
      redis.disconnect();
    });
  }
  await app.register(rateLimit, {
    global: true,
    hook: 'preHandler',
    timeWindow: 60_000,
    store,
    allowList: (req) => !pathOf(req).startsWith('/api/'),
    keyGenerator: (req) => {
      const p = pathOf(req);
      if (isStrictPath(p)) return `strict:${req.ip}:${p}`;
      return req.user ? `user:${req.user.id}` : `ip:${req.ip}`;
    },
    max: (_req, key) =>
      key.startsWith('strict:')
        ? config.RATE_LIMIT_AUTH
        : key.startsWith('user:')
          ? config.RATE_LIMIT_PER_USER
          : config.RATE_LIMIT_PER_IP,
    // The plugin throws what this returns; the shared error handler turns it into `{ error }`.
    errorResponseBuilder: (_req, ctx) =>
      Object.assign(
        new Error(`Too many requests. Please try again in ${Math.max(1, Math.ceil(ctx.ttl / 60_000))} minute(s).`),
        { statusCode: 429 },
      ),
  });
}
