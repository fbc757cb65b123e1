import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { GatewayDeps } from '../context';
import { isStrictPath, pathOf } from '../routes-table';
import { LocalCounters } from './local-rate-counters';
import { SyncedCounters } from './synced-rate-limit-store';

const WINDOW_MS = 60_000;

/** The 429's error; the shared error handler turns it into `{ error }`. */
function tooManyRequests(ttl: number): Error {
  const minutes = Math.max(1, Math.ceil(ttl / 60_000));
  return Object.assign(new Error(`Too many requests. Please try again in ${minutes} minute(s).`), { statusCode: 429 });
}

/**
 * Requests per minute on the API: per signed-in user, else per client IP, and a much stricter
 * per-IP limit on the sign-in endpoints. Runs after the session check, so the user is known.
 * With a Redis client the counters are shared by every gateway process, synced in the background
 * (decision 0207); without one, each process counts on its own.
 *
 * The gateway's own hook (decision 0244), where @fastify/rate-limit was used before: the same
 * keys, limits, headers (`x-ratelimit-limit`, `-remaining`, `-reset`, and `retry-after` on a 429)
 * and answer, without the plugin's five awaits a request; both stores answer synchronously.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  deps: Pick<GatewayDeps, 'config' | 'logger' | 'rateLimitRedis' | 'rateLimitSync'>,
): Promise<void> {
  const { config, rateLimitRedis: redis } = deps;
  let counters: Pick<LocalCounters, 'incr'> = new LocalCounters();
  if (redis) {
    const sync = deps.rateLimitSync ?? {};
    const synced = new SyncedCounters({
      redis,
      logger: deps.logger,
      // The deployment's namespace in a Redis it may share (the browser tests give each stack its own).
      prefix: sync.prefix ?? `${config.QUEUE_PREFIX}:rl:`,
      syncIntervalMs: sync.syncIntervalMs ?? config.RATE_LIMIT_SYNC_MS,
      now: sync.now,
    });
    counters = synced;
    app.addHook('onClose', async () => {
      await synced.close();
      redis.disconnect();
    });
  }
  const limit = (req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const p = pathOf(req);
    // The web app's files are not counted.
    if (!p.startsWith('/api/')) return done();
    const strict = isStrictPath(p);
    const key = strict ? `strict:${req.ip}:${p}` : req.user ? `user:${req.user.id}` : `ip:${req.ip}`;
    const max = strict ? config.RATE_LIMIT_AUTH : req.user ? config.RATE_LIMIT_PER_USER : config.RATE_LIMIT_PER_IP;
    const { current, ttl } = counters.incr(key, WINDOW_MS);
    const reset = Math.ceil(ttl / 1000);
    reply.header('x-ratelimit-limit', max);
    if (current <= max) {
      reply.header('x-ratelimit-remaining', max - current).header('x-ratelimit-reset', reset);
      return done();
    }
    reply.header('x-ratelimit-remaining', 0).header('x-ratelimit-reset', reset).header('retry-after', reset);
    done(tooManyRequests(ttl));
  };
  // A preHandler of each route registered from here on (the API's; not /healthz, /readyz, /metrics or
  // the not-found answer), after the root's own preHandlers: where the plugin put it.
  app.addHook('onRoute', (route) => {
    const own = route.preHandler;
    route.preHandler = own === undefined ? [limit] : Array.isArray(own) ? [...own, limit] : [own, limit];
  });
}
