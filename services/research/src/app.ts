import { createServiceApp } from '@gnology/platform/http/service-app';
import type { FastifyInstance } from 'fastify';
import { type ResearchDeps, type ResearchPlatformDeps, researchContext } from './context';
import { RESEARCH_QUEUE } from './jobs/queue';
import { researchRoutes } from './routes';
import { endAllStreams } from './routes/sse';

export type { ResearchDeps } from './context';

/**
 * The research service's HTTP app, built from its dependencies (no globals: tests pass their own).
 * main.ts passes the process's one context; given the platform's deps alone, it builds its own.
 */
export async function buildApp(given: ResearchDeps | ResearchPlatformDeps): Promise<FastifyInstance> {
  const deps = researchContext(given);
  const app = createServiceApp({
    name: 'research',
    logger: deps.logger,
    checks: deps.checks,
    queue: deps.queue,
    queues: [RESEARCH_QUEUE],
  });
  await deps.hub.start();
  await app.register(researchRoutes, { deps });
  // Open streams would hold shutdown for up to 30 minutes: end them; clients resume by offset.
  app.addHook('preClose', async () => endAllStreams());
  app.addHook('onClose', async () => deps.hub.close());
  return app;
}
