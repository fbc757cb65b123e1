import { createServiceApp } from '@gnology/platform/http/service-app';
import type { ServiceDeps } from '@gnology/platform/runtime';
import type { FastifyInstance } from 'fastify';
import type { ResearchConfig } from './config';
import { closeRuntime, getRuntime } from './pipeline/runtime';
import { researchRoutes } from './routes';
import { endAllStreams } from './routes/sse';

export type ResearchDeps = ServiceDeps<ResearchConfig>;

/** The research service's HTTP app, built from its dependencies (no globals: tests pass their own). */
export async function buildApp(deps: ResearchDeps): Promise<FastifyInstance> {
  const app = createServiceApp({ name: 'research', logger: deps.logger, checks: deps.checks, queue: deps.queue, queues: ['research'] });
  await getRuntime(deps);
  await app.register(researchRoutes, { deps });
  // Open streams would hold shutdown for up to 30 minutes: end them; clients resume by offset.
  app.addHook('preClose', async () => endAllStreams());
  app.addHook('onClose', async () => closeRuntime(deps));
  return app;
}
