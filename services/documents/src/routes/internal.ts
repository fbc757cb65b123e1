import { DocumentContextRequest, type DocumentContextResponse } from '@gnology/contracts';
import { requireInternal } from '@gnology/platform/http/internal';
import { OBJECT_ID } from '@gnology/platform/ids';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DocumentsDeps } from '../context';
import { citationRows } from '../store/citation-sources';
import { contextDocuments } from '../store/documents-store';
import { citationOf } from '../use-cases/document-citation';
import { pageTextsOf } from '../store/pages-query';

/**
 * POST /internal/documents/context — the research service reads a user's documents to attach them
 * to a question. Only that user's completed documents, in the order asked; unknown, foreign or
 * unfinished ids are simply absent. Documents of several pages carry each page's text, so a fact
 * can be cited by its page.
 */
export const internalRoutes: FastifyPluginAsync<{ deps: DocumentsDeps }> = async (plain, { deps }) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/internal/documents/context',
    { preHandler: requireInternal(deps.config.INTERNAL_TOKEN), schema: { body: DocumentContextRequest } },
    async (req): Promise<DocumentContextResponse> => {
      const ids = req.body.documentIds.filter((id) => OBJECT_ID.test(id));
      const rows = await contextDocuments(deps.database.db, req.body.userId, ids);
      // A journal's text is its form, not its pages: it is cited as a whole.
      const [pages, citations] = await Promise.all([
        pageTextsOf(deps.database.db, rows.filter((r) => !r.journal).map((r) => r.id)),
        citationRows(deps.database.db, req.body.userId, ids),
      ]);
      const citationById = new Map(citations.map((c) => [c.id, citationOf(c)]));
      return {
        documents: rows.map((r) => ({
          _id: r.id,
          originalName: r.original_name,
          documentType: r.document_type as DocumentContextResponse['documents'][number]['documentType'],
          extractedText: r.extracted_text,
          peopleIdentified: r.people_identified,
          dateInfo: r.date_info,
          geographicalInfo: r.geographical_info,
          occupations: r.occupations,
          tags: r.tags,
          uploadedAt: new Date(r.uploaded_at).toISOString(),
          ...(r.journal ? { journal: r.journal } : {}),
          ...(pages.has(r.id) ? { pages: pages.get(r.id) } : {}),
          ...(citationById.has(r.id) ? { citation: citationById.get(r.id) } : {}),
        })),
      };
    },
  );
};
