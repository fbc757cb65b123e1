import {
  CreateConversationBody,
  ListConversationsQuery,
  RenameConversationBody,
  SaveMessageBody,
  SelectDocumentsBody,
} from '@gnology/contracts';
import { requireUser } from '@gnology/platform/auth/require-user';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ConversationDeps } from '../context';
import { createConversation } from '../use-cases/create-conversation';
import { deleteConversation } from '../use-cases/delete-conversation';
import { getConversation } from '../use-cases/get-conversation';
import { listConversations } from '../use-cases/list-conversations';
import { renameConversation } from '../use-cases/rename-conversation';
import { saveMessage } from '../use-cases/save-message';
import { selectDocuments } from '../use-cases/select-documents';

const IdParams = z.object({ id: z.string() });

/** The conversation routes (contracts/conversations.ts), each limited to the signed-in user's own conversations. */
export const conversationApiRoutes: FastifyPluginAsync<{ deps: ConversationDeps }> = async (app, { deps }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('preHandler', requireUser(deps.verifier));

  r.get('/api/conversations', { schema: { querystring: ListConversationsQuery } }, async (req) => ({
    conversations: await listConversations(deps, req.user!.id, req.query.limit),
  }));

  r.post('/api/conversations', { schema: { body: CreateConversationBody.optional() } }, async (req, reply) =>
    reply.status(201).send(await createConversation(deps, req.user!.id, req.body?.title)),
  );

  r.get('/api/conversations/:id', { schema: { params: IdParams } }, async (req) =>
    getConversation(deps, req.user!.id, req.params.id),
  );

  r.put('/api/conversations/:id', { schema: { params: IdParams, body: RenameConversationBody } }, async (req) =>
    renameConversation(deps, req.user!.id, req.params.id, req.body.title),
  );

  // The documents selected for the conversation (issue 13): only the user's own documents are kept.
  r.put(
    '/api/conversations/:id/documents',
    {
      schema: {
        params: IdParams,
        body: SelectDocumentsBody,
        summary: 'Replace the documents selected for a conversation; ids that are not your documents are dropped',
      },
    },
    async (req) => ({
      documentIds: await selectDocuments(deps, req.user!.id, req.params.id, req.body.documentIds, req.id),
    }),
  );

  r.delete('/api/conversations/:id', { schema: { params: IdParams } }, async (req) => {
    await deleteConversation(deps, req.user!.id, req.params.id);
    return { success: true };
  });

  r.post(
    '/api/conversations/:id/messages',
    { schema: { params: IdParams, body: SaveMessageBody } },
    async (req, reply) =>
      reply.status(201).send(await saveMessage(deps, req.user!.id, req.params.id, req.body, req.id)),
  );
};
