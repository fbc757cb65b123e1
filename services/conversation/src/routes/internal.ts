import { ObjectId, SaveMessageBody } from '@gnology/contracts';
import { requireInternal } from '@gnology/platform/http/internal';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ConversationDeps } from '../context';
import { getConversation } from '../use-cases/get-conversation';
import { saveMessage, saveMessages } from '../use-cases/save-message';

const Params = z.object({ id: ObjectId });
const UserQuery = z.object({ userId: z.string().min(1) });
/** A question and its answer, saved together (decision 0245); a single message is allowed too. */
const ExchangeBody = z.object({ userId: z.string().min(1), messages: z.array(SaveMessageBody).min(1).max(2) });

/**
 * Service-to-service routes for the research service: it reads a conversation's history to
 * build Gene's context and saves both sides of an exchange (decision 0041), one at a time or
 * together in one call and one transaction (decision 0245). Owner-checked
 * with the userId the research service verified from the caller's token.
 */
export const internalRoutes: FastifyPluginAsync<{ deps: ConversationDeps }> = async (app, { deps }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('preHandler', requireInternal(deps.config.INTERNAL_TOKEN));

  r.get('/internal/conversations/:id', { schema: { params: Params, querystring: UserQuery } }, async (req) =>
    getConversation(deps, req.query.userId, req.params.id),
  );

  r.post(
    '/internal/conversations/:id/messages',
    { schema: { params: Params, body: SaveMessageBody.extend({ userId: z.string().min(1) }) } },
    async (req, reply) => {
      const { userId, ...body } = req.body;
      return reply.status(201).send(await saveMessage(deps, userId, req.params.id, body, req.id));
    },
  );

  r.post(
    '/internal/conversations/:id/exchange',
    { schema: { params: Params, body: ExchangeBody } },
    async (req, reply) => {
      const { userId, messages } = req.body;
      return reply.status(201).send({ messages: await saveMessages(deps, userId, req.params.id, messages, req.id) });
    },
  );
};
