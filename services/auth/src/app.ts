import { createServiceApp } from '@gnology/platform/http/service-app';
import type { ServiceDeps } from '@gnology/platform/runtime';
import type { FastifyInstance } from 'fastify';
import type { AuthConfig } from './config';
import { authRoutes } from './routes';

export type AuthDeps = ServiceDeps<AuthConfig>;

/** The auth service's HTTP app, built from its dependencies (no globals: tests pass their own). */
export async function buildApp(deps: AuthDeps): Promise<FastifyInstance> {
  const app = createServiceApp({ name: 'auth', logger: deps.logger, checks: deps.checks, queue: deps.queue });
  await app.register(authRoutes, { deps });
  return app;
}
