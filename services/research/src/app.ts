import { createServiceApp } from '@gnology/platform/http/service-app';
import type { ServiceDeps } from '@gnology/platform/runtime';
import type { FastifyInstance } from 'fastify';
import type { ResearchConfig } from './config';
import { researchRoutes } from './routes';

export type ResearchDeps = ServiceDeps<ResearchConfig>;

/** The research service's HTTP app, built from its dependencies (no globals: tests pass their own). */
export async function buildApp(deps: ResearchDeps): Promise<FastifyInstance> {
  const app = createServiceApp({ name: 'research', logger: deps.logger, checks: deps.checks, queue: deps.queue });
  await app.register(researchRoutes, { deps });
  return app;
}
