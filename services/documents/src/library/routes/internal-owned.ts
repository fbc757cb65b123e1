import { OwnedDocumentsRequest, type OwnedDocumentsResponse } from '@gnology/contracts';
import { requireInternal } from '@gnology/platform/http/internal';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DocumentsDeps } from '../../context';
import { ownedDocuments } from '../use-cases/check-owned-documents';

/**
 * POST /internal/documents/owned — the conversation service keeps a conversation's selected
 * documents and checks them against their owner here (issue 13). Unknown and foreign ids are absent.
 */
export const internalOwnedRoutes: FastifyPluginAsync<{ deps: DocumentsDeps }> = async (plain, { deps }) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/internal/documents/owned',
    { preHandler: requireInternal(deps.config.INTERNAL_TOKEN), schema: { body: OwnedDocumentsRequest, hide: true } },
    async (req): Promise<OwnedDocumentsResponse> => ownedDocuments(deps, req.body.userId, req.body.ids),
  );
};
