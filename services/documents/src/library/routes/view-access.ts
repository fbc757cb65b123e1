import { bearerToken } from '@gnology/platform/auth/require-user';
import { unauthorized } from '@gnology/platform/http/errors';
import type { FastifyRequest } from 'fastify';
import type { DocumentsDeps } from '../../context';
import { documentViewer, type ViewedDocument } from '../use-cases/open-document-view';

/**
 * Who may read a document's image and page URLs (`/view`, `/page/:n`, a page's words): the
 * short-lived view token scoped to this document in `?token=` (an <img> cannot send a header), or
 * the owner's session in the Authorization header only (a 7-day session token in a URL ends up in
 * histories, logs and proxies, issue 11 point 3). Another user's document, or a malformed id, is 404.
 */
export function viewAccess(deps: DocumentsDeps): (req: FastifyRequest) => Promise<ViewedDocument> {
  const viewer = documentViewer(deps);
  return async (req) => {
    const { id } = req.params as { id: string };
    const queryToken = (req.query as { token?: unknown }).token;
    const headerToken = bearerToken(req, false);
    const token = headerToken ?? (typeof queryToken === 'string' && queryToken ? queryToken : undefined);
    if (!token) throw unauthorized();
    return viewer(id, token, headerToken !== undefined);
  };
}
