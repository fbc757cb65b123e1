import { createServiceApp } from '@gnology/platform/http/service-app';
import type { FastifyInstance } from 'fastify';
import type { DocumentsDeps } from './context';
import { DOCUMENTS_QUEUES } from './library/jobs/enqueue';
import { IMPORT_QUEUE } from './people/jobs/gedcom-import-job';
import { MAINTENANCE_QUEUE } from './library/jobs/sweep';
import { documentsRoutes } from './routes';

export type { DocumentsDeps } from './context';

/** The documents service's HTTP app, built from its dependencies (no globals: tests pass their own). */
export async function buildApp(deps: DocumentsDeps): Promise<FastifyInstance> {
  const app = createServiceApp({
    name: 'documents',
    logger: deps.logger,
    checks: deps.checks,
    queue: deps.queue,
    queues: [...DOCUMENTS_QUEUES, MAINTENANCE_QUEUE, IMPORT_QUEUE],
  });
  await app.register(documentsRoutes, { deps });
  return app;
}
