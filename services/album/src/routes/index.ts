import type { FastifyPluginAsync } from 'fastify';
import type { AlbumDeps } from '../context';
import { albumRoutes as albumApi } from './albums';

/** Every HTTP route of the album service, as one encapsulated plugin. */
export const albumRoutes: FastifyPluginAsync<{ deps: AlbumDeps }> = async (app, { deps }) => {
  await app.register(albumApi, { deps });
};
