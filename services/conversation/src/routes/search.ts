import { SearchConversationsQuery } from '@gnology/contracts';
import { requireUser } from '@gnology/platform/auth/require-user';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ConversationDeps } from '../context';
import { searchConversations } from '../use-cases/search-conversations';

/** GET /api/conversations/search?query=&limit=20: the user's own conversations only. */
export const searchRoutes: FastifyPluginAsync<{ deps: ConversationDeps }> = async (app, { deps }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/conversations/search',
    { preHandler: requireUser(deps.verifier), schema: { querystring: SearchConversationsQuery } },
    async (req) => searchConversations(deps, req.user!.id, req.query.query, req.query.limit),
  );
};
