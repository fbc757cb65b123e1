import type { FastifyPluginAsync } from 'fastify';
import type { ConversationDeps } from '../context';
import { conversationApiRoutes } from './conversations';
import { internalRoutes } from './internal';
import { searchRoutes } from './search';

/** Every HTTP route of the conversation service, as one encapsulated plugin. */
export const conversationRoutes: FastifyPluginAsync<{ deps: ConversationDeps }> = async (app, { deps }) => {
  await app.register(searchRoutes, { deps });
  await app.register(conversationApiRoutes, { deps });
  await app.register(internalRoutes, { deps });
};
