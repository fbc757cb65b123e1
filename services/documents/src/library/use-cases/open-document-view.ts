import { TokenError } from '@gnology/platform/auth/token-verifier';
import { HttpError, notFound } from '@gnology/platform/http/errors';
import { OBJECT_ID } from '@gnology/platform/ids';
import type { DocumentsDeps } from '../../context';
import { isViewToken, verifyViewToken, viewTokenSecret } from '../domain/view-token';
import { getDocumentById } from '../store/documents-store';
import type { DocumentRow } from '../../store/schema';

export type ViewedDocument = DocumentRow;

const linkExpired = () => new HttpError(401, 'This link has expired. Please reload the page.', { expired: true });

/**
 * Who may read a document's image and page URLs: given the token a request carries (`fromHeader`
 * when it came in the Authorization header), the document it may read. A view token is accepted
 * from the query only, scoped to its document; a session from the header only, for the owner.
 * Another user's document, or a malformed id, is 404.
 */
export function documentViewer(
  deps: Pick<DocumentsDeps, 'config' | 'database' | 'verifier'>,
): (id: string, token: string, fromHeader: boolean) => Promise<ViewedDocument> {
  const secret = viewTokenSecret(deps.config);
  return async (id, token, fromHeader) => {
    if (!fromHeader && !isViewToken(token)) throw linkExpired();
    if (!OBJECT_ID.test(id)) throw notFound('Document not found');
    const doc = await getDocumentById(deps.database.db, id);
    if (isViewToken(token)) {
      const exp = Number.parseInt(token.split('.')[1] ?? '', 36) * 1000;
      if (!(exp >= Date.now())) throw linkExpired();
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
