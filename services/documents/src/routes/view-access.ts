import { bearerToken } from '@gnology/platform/auth/require-user';
import { TokenError } from '@gnology/platform/auth/token-verifier';
import { HttpError, notFound, unauthorized } from '@gnology/platform/http/errors';
import { OBJECT_ID } from '@gnology/platform/ids';
import type { FastifyRequest } from 'fastify';
import type { DocumentsDeps } from '../context';
import { isViewToken, verifyViewToken, viewTokenSecret } from '../domain/view-token';
import { getDocumentById } from '../store/documents-store';
import type { DocumentRow } from '../store/schema';

/**
 * Who may read a document's image and page URLs (`/view`, `/page/:n`, a page's words): the
 * short-lived view token scoped to this document in `?token=` (an <img> cannot send a header), or
 * the owner's session in the Authorization header only (a 7-day session token in a URL ends up in
 * histories, logs and proxies, issue 11 point 3). Another user's document, or a malformed id, is 404.
 */
export function viewAccess(deps: DocumentsDeps): (req: FastifyRequest) => Promise<DocumentRow> {
  const secret = viewTokenSecret(deps.config);
  return async (req) => {
    const { id } = req.params as { id: string };
    const queryToken = (req.query as { token?: unknown }).token;
    const headerToken = bearerToken(req, false);
    const token = headerToken ?? (typeof queryToken === 'string' && queryToken ? queryToken : undefined);
    if (!token) throw unauthorized();
    if (!headerToken && !isViewToken(token))
      throw new HttpError(401, 'This link has expired. Please reload the page.', { expired: true });
    if (!OBJECT_ID.test(id)) throw notFound('Document not found');
    const doc = await getDocumentById(deps.database.db, id);
    if (isViewToken(token)) {
      const exp = Number.parseInt(token.split('.')[1] ?? '', 36) * 1000;
      if (!(exp >= Date.now()))
        throw new HttpError(401, 'This link has expired. Please reload the page.', { expired: true });
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
      throw new HttpError(401, expired ? 'Session expired. Please log in again.' : 'Invalid session token', {
        expired,
      });
    }
    if (!doc || doc.owner_id !== userId) throw notFound('Document not found');
    return doc;
  };
}
