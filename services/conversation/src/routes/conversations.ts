import { CreateConversationBody, ListConversationsQuery, ObjectId, RenameConversationBody, SaveMessageBody, SelectDocumentsBody } from '@gnology/contracts';
import { requireUser } from '@gnology/platform/auth/require-user';
import { badRequest, notFound } from '@gnology/platform/http/errors';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ConversationDeps } from '../context';
import { createDocumentOwnership } from '../clients/documents';
import { cleanTitle, defaultTitle, isPlaceholderTitle } from '../domain/titles';
import {
  addMessage,
  createConversation,
  deleteConversation,
  findConversation,
  getConversation,
  listConversations,
  renameConversation,
  setSelectedDocuments,
} from '../store/conversations';

const IdParams = z.object({ id: z.string() });

/** A malformed id cannot name any conversation: answer as for someone else's (404). */
function conversationId(id: string): string {
  if (!ObjectId.safeParse(id).success) throw notFound('Conversation not found');
  return id;
}

/** The conversation routes of spec section 7, each limited to the signed-in user's own conversations. */
export const conversationApiRoutes: FastifyPluginAsync<{ deps: ConversationDeps }> = async (app, { deps }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = deps.database.db;
  const documents = createDocumentOwnership(deps.config);
  r.addHook('preHandler', requireUser(deps.verifier));

  r.get('/api/conversations', { schema: { querystring: ListConversationsQuery } }, async (req) => {
    const conversations = await listConversations(db, req.user!.id, req.query.limit);
    return { conversations };
  });

  r.post('/api/conversations', { schema: { body: CreateConversationBody.optional() } }, async (req, reply) => {
    const given = cleanTitle(req.body?.title);
    const title = given ?? defaultTitle();
    const conversation = await createConversation(db, req.user!.id, title, given === null || isPlaceholderTitle(given));
    return reply.status(201).send({ ...conversation, messages: [], selectedDocuments: [] });
  });

  r.get('/api/conversations/:id', { schema: { params: IdParams } }, async (req) => {
    const conversation = await getConversation(db, req.user!.id, conversationId(req.params.id));
    if (!conversation) throw notFound('Conversation not found');
    return conversation;
  });

  r.put('/api/conversations/:id', { schema: { params: IdParams, body: RenameConversationBody } }, async (req) => {
    const title = cleanTitle(req.body.title);
    if (!title) throw badRequest('title must not be blank');
    const conversation = await renameConversation(db, req.user!.id, conversationId(req.params.id), title);
    if (!conversation) throw notFound('Conversation not found');
    return conversation;
  });

  // The documents selected for the conversation (issue 13): only the user's own documents are kept.
  r.put(
    '/api/conversations/:id/documents',
    { schema: { params: IdParams, body: SelectDocumentsBody, summary: 'Replace the documents selected for a conversation; ids that are not your documents are dropped' } },
    async (req) => {
      const id = conversationId(req.params.id);
      if (!(await findConversation(db, req.user!.id, id))) throw notFound('Conversation not found');
      const owned = await documents.owned(req.user!.id, req.body.documentIds, req.id);
      const documentIds = await setSelectedDocuments(db, req.user!.id, id, req.body.documentIds.filter((d) => owned.has(d)));
      if (!documentIds) throw notFound('Conversation not found');
      return { documentIds };
    },
  );

  r.delete('/api/conversations/:id', { schema: { params: IdParams } }, async (req) => {
    const deleted = await deleteConversation(db, req.user!.id, conversationId(req.params.id));
    if (!deleted) throw notFound('Conversation not found');
    return { success: true };
  });

  r.post('/api/conversations/:id/messages', { schema: { params: IdParams, body: SaveMessageBody } }, async (req, reply) => {
    const message = await addMessage(db, req.user!.id, conversationId(req.params.id), req.body, req.id);
    if (!message) throw notFound('Conversation not found');
    return reply.status(201).send(message);
  });
};
