import type { FastifyPluginAsync } from 'fastify';
import type { AlbumDeps } from '../app';

/** Every HTTP route of the album service, as one encapsulated plugin. */
export const albumRoutes: FastifyPluginAsync<{ deps: AlbumDeps }> = async (_app, _opts) => {};
