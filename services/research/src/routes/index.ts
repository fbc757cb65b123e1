import type { FastifyPluginAsync } from 'fastify';
import type { ResearchDeps } from '../context';
import { bookRoutes } from './books';
import { generationRoutes } from './generations';
import { researchApiRoutes } from './research';

/** Every HTTP route of the research service, as one encapsulated plugin. */
export const researchRoutes: FastifyPluginAsync<{ deps: ResearchDeps }> = async (app, { deps }) => {
  await app.register(researchApiRoutes, { deps });
  await app.register(generationRoutes, { deps });
  await app.register(bookRoutes, { deps });
};
