import { notFound } from '@gnology/platform/http/errors';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { DocumentsDeps } from '../../context';
import { openStoredFile, pageImageKey } from '../use-cases/read-stored-file';
import { viewAccess } from './view-access';

/** Types a browser may show inline; everything else is a download (no HTML or SVG is ever accepted anyway). */
const INLINE = new Set(['image/jpeg', 'image/png', 'application/pdf']);

/**
 * The image URLs of docs/contract.md#api (`/view`, `/page/:n`) and thumbnails. An <img> cannot send a
 * header, so the token comes in `?token=`, and there only a short-lived token scoped to this
 * document is accepted (`viewToken` in list and detail answers). A 7-day session token in a URL
 * ends up in histories, logs and proxies, and kept working after a password change (issue 11,
 * point 3): sessions are accepted in the Authorization header only, where their version is checked.
 */
export const fileRoutes: FastifyPluginAsync<{ deps: DocumentsDeps }> = async (app, { deps }) => {
  const authorise = viewAccess(deps);

  const send = async (reply: FastifyReply, key: string, contentType: string, downloadName?: string) => {
    const file = await openStoredFile(deps, key);
    const inline = INLINE.has(contentType);
    reply
      .header('content-type', inline ? contentType : 'application/octet-stream')
      .header('content-length', file.size)
      .header('cache-control', 'private, max-age=300')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
      .header('cross-origin-resource-policy', 'same-origin')
      .header('referrer-policy', 'no-referrer');
    if (inline) reply.header('content-disposition', 'inline');
    else
      reply.header(
        'content-disposition',
        `attachment; filename="document"; filename*=UTF-8''${encodeURIComponent(downloadName ?? 'document')}`,
      );
    // PDFs are shown by the browser's viewer, which a CSP sandbox would disable.
    if (contentType === 'application/pdf') reply.removeHeader('content-security-policy');
    return reply.send(file.body);
  };

  // Tokens in query strings are redacted by the logger; these routes still log at warn only.
  const opts = { logLevel: 'warn' as const };

  app.get('/api/documents/:id/view', opts, async (req, reply) => {
    const doc = await authorise(req);
    if ((req.query as { variant?: string }).variant === 'thumbnail') {
      if (!doc.thumbnail_key) throw notFound('No thumbnail for this document');
      return send(reply, doc.thumbnail_key, 'image/jpeg');
    }
    return send(reply, doc.storage_key, doc.mimetype, doc.filename);
  });

  app.get('/api/documents/:id/thumbnail', opts, async (req, reply) => {
    const doc = await authorise(req);
    if (!doc.thumbnail_key) throw notFound('No thumbnail for this document');
    return send(reply, doc.thumbnail_key, 'image/jpeg');
  });

  app.get('/api/documents/:id/page/:n', opts, async (req, reply) => {
    const doc = await authorise(req);
    const key = await pageImageKey(deps, doc.id, Number((req.params as { n: string }).n));
    return send(reply, key, 'image/jpeg');
  });
};
