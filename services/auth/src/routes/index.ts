import type { FastifyPluginAsync } from 'fastify';
import type { AuthDeps } from '../app';

/** Every HTTP route of the auth service, as one encapsulated plugin. */
export const authRoutes: FastifyPluginAsync<{ deps: AuthDeps }> = async (_app, _opts) => {};
