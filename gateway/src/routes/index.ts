import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { GatewayDeps } from '../context';
import { openApiRoutes } from './openapi';
import { proxyRoutes } from './proxy';
import { webAppRoutes } from './web-app';

/**
 * Every route of the gateway: /api/docs, the proxy table, and the web build's files. Not
 * encapsulated itself (fastify-plugin), so the web build's `reply.sendFile` reaches the root app's
 * not-found handler (the SPA fallback); the API plugins inside stay encapsulated.
 */
export const gatewayRoutes: FastifyPluginAsync<{ deps: GatewayDeps }> = fp(
  async (app: FastifyInstance, { deps }: { deps: GatewayDeps }) => {
    await app.register(openApiRoutes, { deps });
    await app.register(proxyRoutes, { deps });
    await app.register(webAppRoutes, { deps });
  },
);
