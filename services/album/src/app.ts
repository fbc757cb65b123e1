import { createServiceApp } from '@gnology/platform/http/service-app';
import type { FastifyInstance } from 'fastify';
import type { AlbumDeps } from './context';
import { ALBUMS_QUEUE } from './jobs/enqueue';
import { albumRoutes } from './routes';

export type { AlbumDeps } from './context';

/** The album service's HTTP app, built from its dependencies (no globals: tests pass their own). */
export async function buildApp(deps: AlbumDeps): Promise<FastifyInstance> {
  const app = createServiceApp({
    name: 'album',
    logger: deps.logger,
    checks: deps.checks,
    queue: deps.queue,
    queues: [ALBUMS_QUEUE],
  });
  await app.register(albumRoutes, { deps });
  return app;
}
