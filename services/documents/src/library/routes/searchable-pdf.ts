import { ErrorBody } from '@gnology/contracts';
import { requireUser } from '@gnology/platform/auth/require-user';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DocumentsDeps } from '../../context';
import { searchablePdfMaker } from '../use-cases/make-searchable-pdf';

/**
 * GET /api/documents/:id/searchable-pdf (issue 31, point 6; decision 0220): a scanned document's
 * searchable PDF to download, built on request. The owner's session in the Authorization header
 * only (the scoped view token of the image URLs does not open it): it is a download, not an <img>.
 */
export const searchablePdfRoutes: FastifyPluginAsync<{ deps: DocumentsDeps }> = async (plain, { deps }) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const make = searchablePdfMaker(deps);
  app.get(
    '/api/documents/:id/searchable-pdf',
    {
      preHandler: requireUser(deps.verifier),
      schema: {
        tags: ['documents'],
        summary:
          "Download a scanned document as a searchable PDF: its page images with the OCR'd words as an invisible text layer",
        description:
          'Built on request from the stored page images and word positions. 404 for a document that is not yours; 409 for one with no words read from a scan (a text file, a PDF with a text layer, a scan still being read).',
        params: z.object({ id: z.string() }),
        response: {
          200: z.any().describe('The PDF (application/pdf), as an attachment'),
          404: ErrorBody,
          409: ErrorBody,
        },
      },
    },
    async (req, reply) => {
      const pdf = await make(req.user!.id, req.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-length', pdf.bytes.length)
        .header('content-disposition', attachment(pdf.fileName))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(pdf.bytes);
    },
  );
};

/**
 * `attachment` with the name twice (RFC 6266): an ASCII stand-in in `filename` for old clients
 * (anything else, quotes and backslashes become "_"), the exact name UTF-8 percent-encoded in
 * `filename*` (RFC 5987: also ' ( ) * and spaces, which encodeURIComponent leaves).
 */
export function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const exact = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${exact}`;
}
