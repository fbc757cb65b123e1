import { createServiceApp } from '@gnology/platform/http/service-app';
import type { FastifyInstance } from 'fastify';
import { originForm } from './hot-path/origin-form';
import type { GatewayDeps } from './context';
import { registerHotPath } from './hot-path';
import { BODY_LIMIT } from './routes-table';
import { gatewayRoutes } from './routes';
import { spaFallback } from './routes/web-app';

export type { GatewayDeps } from './context';

/**
 * The only public entry, built from its dependencies: checks sessions, limits rates and bodies,
 * proxies each /api area to its service, and serves the web build with the SPA fallback.
 */
export async function buildGateway(deps: GatewayDeps): Promise<FastifyInstance> {
  const { config, upstreams } = deps;
  const app = createServiceApp({
    name: 'gateway',
    logger: deps.logger,
    bodyLimit: BODY_LIMIT,
    trustedProxies: config.TRUSTED_PROXIES,
    metricsToken: config.METRICS_TOKEN,
    checks: Object.fromEntries(
      Object.entries(upstreams).map(([name, base]) => [
        name,
        async () => {
          const res = await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(2500) });
          if (!res.ok) throw new Error(`${name} is not ready (${res.status})`);
        },
      ]),
    ),
    fastify: {
      requestTimeout: 0,
      connectionTimeout: 0,
      keepAliveTimeout: 72_000,
      rewriteUrl: (req) => originForm(req.url ?? '/'),
    },
    notFound: spaFallback(deps),
  });
  await registerHotPath(app, deps);
  await app.register(gatewayRoutes, { deps });
  return app;
}
