import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { GatewayDeps } from '../context';
import { isStrictPath, pathOf } from '../routes-table';

/**
 * Requests per minute on the API: per signed-in user, else per client IP, and a much stricter
 * per-IP limit on the sign-in endpoints. Runs after the session check, so the user is known.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  deps: Pick<GatewayDeps, 'config' | 'rateLimitRedis'>,
): Promise<void> {
  const { config } = deps;
  await app.register(rateLimit, {
    global: true,
    hook: 'preHandler',
    timeWindow: 60_000,
    // biome-ignore lint/suspicious/noExplicitAny: ioredis instance, typed by the plugin as Redis
    redis: deps.rateLimitRedis as any,
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
