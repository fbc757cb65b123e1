import type { FastifyPluginAsync } from 'fastify';
import type { ResearchDeps } from '../app';

/** Every HTTP route of the research service, as one encapsulated plugin. */
export const researchRoutes: FastifyPluginAsync<{ deps: ResearchDeps }> = async (_app, _opts) => {};
