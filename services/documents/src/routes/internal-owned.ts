import { OwnedDocumentsRequest, type OwnedDocumentsResponse } from '@gnology/contracts';
import { requireInternal } from '@gnology/platform/http/internal';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DocumentsDeps } from '../context';

/**
 * POST /internal/documents/owned — the conversation service keeps a conversation's selected
 * documents and checks them against their owner here (issue 13). Unknown and foreign ids are absent.
 */
export const internalOwnedRoutes: FastifyPluginAsync<{ deps: DocumentsDeps }> = async (plain, { deps }) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/internal/documents/owned',
    { preHandler: requireInternal(deps.config.INTERNAL_TOKEN), schema: { body: OwnedDocumentsRequest, hide: true } },
    async (req): Promise<OwnedDocumentsResponse> => {
      if (req.body.ids.length === 0) return { ids: [] };
      const rows = await deps.database.db
        .selectFrom('documents')
        .select('id')
        .where('owner_id', '=', req.body.userId)
        .where('id', 'in', [...new Set(req.body.ids)])
        .execute();
      return { ids: rows.map((r) => r.id) };
    },
  );
};
