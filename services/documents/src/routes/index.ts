import type { FastifyPluginAsync } from 'fastify';
import type { DocumentsDeps } from '../app';

/** Every HTTP route of the documents service, as one encapsulated plugin. */
export const documentsRoutes: FastifyPluginAsync<{ deps: DocumentsDeps }> = async (_app, _opts) => {};
