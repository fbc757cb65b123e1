import { createServiceApp } from '@gnology/platform/http/service-app';
import type { FastifyInstance } from 'fastify';
import { type AuthOverrides, type AuthPlatformDeps, createAuthContext } from './context';
import { authRoutes } from './routes';

export type { AuthDeps, AuthPlatformDeps } from './context';

/** The auth service's HTTP app, built from its dependencies (no globals: tests pass their own). */
export async function buildApp(platform: AuthPlatformDeps, overrides: AuthOverrides = {}): Promise<FastifyInstance> {
  const deps = await createAuthContext(platform, overrides);
  const app = createServiceApp({ name: 'auth', logger: deps.logger, checks: deps.checks, queue: deps.queue });
  await app.register(authRoutes, { deps });
  return app;
}
