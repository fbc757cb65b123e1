import type { FastifyPluginAsync } from 'fastify';
import type { ConversationDeps } from '../app';

/** Every HTTP route of the conversation service, as one encapsulated plugin. */
export const conversationRoutes: FastifyPluginAsync<{ deps: ConversationDeps }> = async (_app, _opts) => {};
