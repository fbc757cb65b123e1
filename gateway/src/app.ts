import { createServiceApp } from '@gnology/platform/http/service-app';
import type { FastifyInstance } from 'fastify';
import { originForm } from './hot-path/origin-form';
import type { GatewayDeps } from './context';
import { registerHotPath } from './hot-path';
import { limitSlowConnections } from './hot-path/slow-clients';
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
      // No total time for a request: an upload may take long on a slow line, and a body's minimum
      // rate stops one that trickles instead (hot-path/slow-clients.ts).
      requestTimeout: 0,
      connectionTimeout: 0,
      keepAliveTimeout: 72_000,
      rewriteUrl: (req) => originForm(req.url ?? '/'),
    },
    notFound: spaFallback(deps),
  });
  // Slow clients: headers within HEADERS_TIMEOUT_MS, nothing held by a connection that never starts (decision 0210).
  limitSlowConnections(app.server, config);
  await registerHotPath(app, deps);
  await app.register(gatewayRoutes, { deps });
  return app;
}
