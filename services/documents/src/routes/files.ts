import { bearerToken } from '@gnology/platform/auth/require-user';
import { TokenError } from '@gnology/platform/auth/token-verifier';
import { HttpError, notFound, unauthorized } from '@gnology/platform/http/errors';
import { OBJECT_ID } from '@gnology/platform/ids';
import { ObjectNotFoundError } from '@gnology/platform/storage/types';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { DocumentsDeps } from '../app';
import { isViewToken, verifyViewToken, viewTokenSecret } from '../domain/view-token';
import { getDocumentById, getPage } from '../store/documents-store';
import type { DocumentRow } from '../store/schema';

/** Types a browser may show inline; everything else is a download (no HTML or SVG is ever accepted anyway). */
const INLINE = new Set(['image/jpeg', 'image/png', 'application/pdf']);

/**
 * The image URLs of spec section 7 (`/view`, `/page/:n`) and thumbnails. An <img> cannot send a
 * header, so the token comes in `?token=`, and there only a short-lived token scoped to this
 * document is accepted (`viewToken` in list and detail answers). A 7-day session token in a URL
 * ends up in histories, logs and proxies, and kept working after a password change (issue 11,
 * point 3): sessions are accepted in the Authorization header only, where their version is checked.
 */
export const fileRoutes: FastifyPluginAsync<{ deps: DocumentsDeps }> = async (app, { deps }) => {
  const secret = viewTokenSecret(deps.config);

  const authorise = async (req: FastifyRequest): Promise<DocumentRow> => {
    const { id } = req.params as { id: string };
    const queryToken = (req.query as { token?: unknown }).token;
    const headerToken = bearerToken(req, false);
    const token = headerToken ?? (typeof queryToken === 'string' && queryToken ? queryToken : undefined);
    if (!token) throw unauthorized();
    if (!headerToken && !isViewToken(token)) throw new HttpError(401, 'This link has expired. Please reload the page.', { expired: true });
    if (!OBJECT_ID.test(id)) throw notFound('Document not found');
    const doc = await getDocumentById(deps.database.db, id);
    if (isViewToken(token)) {
      const exp = Number.parseInt(token.split('.')[1] ?? '', 36) * 1000;
      if (!(exp >= Date.now())) throw new HttpError(401, 'This link has expired. Please reload the page.', { expired: true });
      if (!doc || !verifyViewToken(secret, token, id, doc.owner_id)) throw notFound('Document not found');
      return doc;
    }
    let userId: string;
    try {
      const user = await deps.verifier.verify(token);
      if (!user.verified) throw new HttpError(403, 'Please verify your phone number to continue.');
      userId = user.id;
    } catch (e) {
      if (e instanceof HttpError) throw e;
      const expired = e instanceof TokenError && e.expired;
      throw new HttpError(401, expired ? 'Session expired. Please log in again.' : 'Invalid session token', { expired });
    }
    if (!doc || doc.owner_id !== userId) throw notFound('Document not found');
    return doc;
  };

  const send = async (reply: FastifyReply, key: string, contentType: string, downloadName?: string) => {
    let info: Awaited<ReturnType<typeof deps.storage.stat>>;
    try {
      info = await deps.storage.stat(key);
    } catch (e) {
      if (e instanceof ObjectNotFoundError) throw notFound('File not found');
      throw e;
    }
    const inline = INLINE.has(contentType);
    reply
      .header('content-type', inline ? contentType : 'application/octet-stream')
      .header('content-length', info.size)
      .header('cache-control', 'private, max-age=300')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
      .header('cross-origin-resource-policy', 'same-origin')
      .header('referrer-policy', 'no-referrer');
    if (inline) reply.header('content-disposition', 'inline');
    else reply.header('content-disposition', `attachment; filename="document"; filename*=UTF-8''${encodeURIComponent(downloadName ?? 'document')}`);
    // PDFs are shown by the browser's viewer, which a CSP sandbox would disable.
    if (contentType === 'application/pdf') reply.removeHeader('content-security-policy');
    return reply.send(await deps.storage.get(key));
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
    const n = Number((req.params as { n: string }).n);
    if (!Number.isInteger(n) || n < 1) throw notFound('Page not found');
    const page = await getPage(deps.database.db, doc.id, n);
    if (!page?.image_key) throw notFound('Page not found');
    return send(reply, page.image_key, 'image/jpeg');
  });
};
