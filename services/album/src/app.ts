import { createServiceApp } from '@gnology/platform/http/service-app';
import type { ServiceDeps } from '@gnology/platform/runtime';
import type { FastifyInstance } from 'fastify';
import type { AlbumConfig } from './config';
import { albumRoutes } from './routes';

export type AlbumDeps = ServiceDeps<AlbumConfig>;

/** The album service's HTTP app, built from its dependencies (no globals: tests pass their own). */
export async function buildApp(deps: AlbumDeps): Promise<FastifyInstance> {
  const app = createServiceApp({ name: 'album', logger: deps.logger, checks: deps.checks, queue: deps.queue });
  await app.register(albumRoutes, { deps });
  return app;
}
