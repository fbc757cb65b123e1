/** Every address of a document the web writes: its images through the gateway, and the viewer page. */
import { type DocumentRecord, viewerPath } from '@gnology/contracts';

/**
 * Image URLs carry the document's short-lived scoped token (`viewToken`), never the session token:
 * <img> cannot send headers, and URLs end up in histories.
 */
export const viewUrl = (d: DocumentRecord) => `/api/documents/${d._id}/view?token=${encodeURIComponent(d.viewToken)}`;
export const pageUrl = (d: DocumentRecord, n: number) =>
  `/api/documents/${d._id}/page/${n}?token=${encodeURIComponent(d.viewToken)}`;
// Through /view: the gateway admits only /view and /page/:n without a bearer header.
export const thumbnailUrl = (d: DocumentRecord) =>
  `/api/documents/${d._id}/view?variant=thumbnail&token=${encodeURIComponent(d.viewToken)}`;

/** The document viewer's address (contracts' `viewerPath`); the first page is the viewer's default, left out. */
export const viewerHref = (documentId: string, page?: number, q?: string) =>
  viewerPath(documentId, { page: page && page > 1 ? page : undefined, q });
