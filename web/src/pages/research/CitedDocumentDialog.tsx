import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Button, Dialog, LoadError, Spinner } from '../../components/ui';
import { api } from '../../lib/api';
import { viewerHref } from '../../lib/document-urls';

interface DocumentMeta {
  _id: string;
  originalName: string;
  mimetype?: string;
  documentType?: string;
  extractedText?: string;
  pageImages?: { pageNumber: number }[];
  /** Short-lived token scoped to this document, for the <img> URLs (never the session token). */
  viewToken?: string;
}

const IMAGE_TYPES = ['image/jpeg', 'image/jpg', 'image/png', 'image/gif', 'image/webp'];
export const PDF_PREVIEW_CHARS = 500;

/**
 * The research page's dialog for a document an answer cites (the documents page has the full
 * viewer): images in a lightbox, PDFs in a page viewer ("Page X of Y", Previous and Next, a
 * 500-character text preview), anything else as a text preview.
 * Only images (jpeg, jpg, png, gif, webp) and PDFs are displayable (docs/contract.md#validation). A citation's
 * `highlight` (its `&q=`) links to the documents viewer, which marks those words on the scan.
 */
export function CitedDocumentDialog({
  documentId,
  initialPage,
  highlight,
  onClose,
}: {
  documentId: string | null;
  initialPage?: number;
  highlight?: string;
  onClose(): void;
}) {
  const [doc, setDoc] = useState<DocumentMeta | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [broken, setBroken] = useState(false);
  // Retry asks again for the same document: the effect below re-runs (the spinner shows meanwhile).
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the Retry trigger
  useEffect(() => {
    setDoc(null);
    setError(null);
    setPage(initialPage ?? 1);
    setBroken(false);
    if (!documentId) return;
    let live = true;
    api<DocumentMeta | { document: DocumentMeta }>(`/api/documents/${documentId}`)
      .then((d) => live && setDoc('document' in d ? d.document : d))
      .catch(
        (e) =>
          live &&
          setError(
            e.status === 404
              ? 'This document is not among your documents (it may have been deleted).'
              : 'Could not open the document. Please check your connection and try again.',
          ),
      );
    return () => {
      live = false;
    };
  }, [documentId, initialPage, attempt]);

  const token = encodeURIComponent(doc?.viewToken ?? '');
  const mimetype = doc?.mimetype ?? '';
  const isImage = IMAGE_TYPES.includes(mimetype);
  const isPdf = mimetype === 'application/pdf';
  const pages = Math.max(1, doc?.pageImages?.length ?? 1);
  // A citation may name a page the document no longer has.
  const shown = Math.min(page, pages);
  const title = doc?.originalName ?? 'Document';

  return (
    <Dialog title={title} size="lg" isOpen={documentId !== null} onOpenChange={(open) => !open && onClose()}>
      {(close) => (
        <div className="viewer">
          {!doc && !error && <Spinner label="Opening document…" />}
          {error && <LoadError onRetry={() => setAttempt((n) => n + 1)}>{error}</LoadError>}
          {doc && isImage && (
            <figure className="viewer__figure">
              {broken ? (
                <div className="viewer__noimage">No Preview</div>
              ) : (
                <img
                  className="viewer__image"
                  // A picture OCR turned or straightened is shown as its stored upright page.
                  src={
                    doc.pageImages?.length
                      ? `/api/documents/${doc._id}/page/1?token=${token}`
                      : `/api/documents/${doc._id}/view?token=${token}`
                  }
                  alt={doc.originalName}
                  onError={() => setBroken(true)}
                />
              )}
            </figure>
          )}
          {doc && isPdf && (
            <div className="viewer__pdf">
              {broken ? (
                <div className="viewer__noimage">No Preview</div>
              ) : (
                <img
                  className="viewer__image"
                  src={`/api/documents/${doc._id}/page/${shown}?token=${token}`}
                  alt={`${doc.originalName}, page ${shown}`}
                  onError={() => setBroken(true)}
                />
              )}
              <div className="viewer__pager">
                <Button
                  size="sm"
                  variant="secondary"
                  icon={<ChevronLeft size={16} />}
                  disabled={shown <= 1}
                  onClick={() => {
                    setBroken(false);
                    setPage(shown - 1);
                  }}
                >
                  Previous
                </Button>
                <span aria-live="polite">
                  Page {shown} of {pages}
                </span>
                <Button
                  size="sm"
                  variant="secondary"
                  icon={<ChevronRight size={16} />}
                  disabled={shown >= pages}
                  onClick={() => {
                    setBroken(false);
                    setPage(shown + 1);
                  }}
                >
                  Next
                </Button>
              </div>
            </div>
          )}
          {doc && highlight && (isImage || isPdf) && (
            <p className="viewer__highlight">
              <Link to={viewerHref(doc._id, isPdf ? shown : undefined, highlight)}>
                Show “{highlight}” highlighted on the page
              </Link>
            </p>
          )}
          {doc && !isImage && (doc.extractedText ?? '').trim() && (
            <section className="viewer__text" aria-label="Text preview">
              <h3>Text preview</h3>
              <p>
                {doc.extractedText!.slice(0, PDF_PREVIEW_CHARS)}
                {doc.extractedText!.length > PDF_PREVIEW_CHARS ? '…' : ''}
              </p>
            </section>
          )}
          {doc && !isImage && !isPdf && !(doc.extractedText ?? '').trim() && (
            <p>This document type cannot be shown here. Open it from the Documents page.</p>
          )}
          <div className="viewer__footer">
            <Button variant="secondary" onClick={close}>
              Close
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
