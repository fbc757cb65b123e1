import proxy from '@fastify/http-proxy';
import type { FastifyPluginAsync } from 'fastify';
import type { GatewayDeps } from '../context';
import { exchangedSession } from '../hot-path/session-check';
import { ROUTES } from '../routes-table';

/** Each /api area to the service that owns it (routes-table.ts), bodies streamed both ways. */
export const proxyRoutes: FastifyPluginAsync<{ deps: GatewayDeps }> = async (app, { deps }) => {
  const { config, upstreams } = deps;
  for (const route of ROUTES) {
    await app.register(proxy, {
      upstream: upstreams[route.upstream],
      prefix: route.prefix,
      rewritePrefix: route.prefix,
      undici: {
        connections: 128,
        pipelining: 1,
        headersTimeout: config.UPSTREAM_TIMEOUT_MS,
        bodyTimeout: config.UPSTREAM_TIMEOUT_MS,
        connectTimeout: 5_000,
      },
      replyOptions: {
        rewriteRequestHeaders: (req, headers) => {
          // undici refuses `Expect: 100-continue` (curl sends it on uploads over 1 MB).
          const { expect: _expect, ...rest } = headers as Record<string, string>;
          const exchanged = exchangedSession(req);
          if (exchanged) rest.authorization = `Bearer ${exchanged}`;
          return { ...rest, 'x-request-id': req.id, 'x-forwarded-for': req.ip };
        },
        onError: (reply, { error }) => {
          const code = (error as { code?: string }).code ?? '';
          const timedOut = code.includes('TIMEOUT');
          reply.log.warn({ upstream: route.upstream, code }, 'upstream failed');
          reply.status(timedOut ? 504 : 503).send({
            error: timedOut
              ? 'The service took too long to answer. Please try again.'
              : `The ${route.upstream} service is unavailable. Please try again in a moment.`,
          });
        },
      },
    });
  }
};
