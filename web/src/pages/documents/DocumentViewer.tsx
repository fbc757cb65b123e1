import { useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, RotateCw, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Alert, Button, Spinner } from '../../components/ui';
import { ApiError } from '../../lib/api';
import { isImage, isPdf } from '../../lib/document-kinds';
import { pageUrl, viewUrl } from '../../lib/document-urls';
import { fetchDocument } from '../../lib/documents-api';
import { CopyCitation } from './CopyCitation';
import { HandwritingNote } from './HandwritingNote';
import { OcrQualityPanel } from './OcrQualityPanel';
import { ScanWithWords } from './ScanWithWords';
import { SearchablePdf } from './SearchablePdf';

/** 404 for another user's document or a deleted one, 400 for an id that cannot be one. */
const notFound = (err: unknown) => err instanceof ApiError && (err.status === 404 || err.status === 400);

/**
 * The full-size viewer overlay (docs/contract.md#screens), opened from /documents?view=<id>&page=<n>: the
 * image itself, a PDF paged through its page images ("Page X of Y", Previous/Next), or the text
 * read from other files. Scans zoom and pan (ZoomableImage). Close or Escape closes it and focus
 * returns to the View button (react-aria). `knownName` titles the dialog while the document loads.
 * `highlight` (`&q=`: a search, a cited name) is marked on the scan's words (ScanWithWords).
 */
export function DocumentViewer({
  documentId,
  page: requestedPage,
  knownName,
  onPageChange,
  onClose,
  highlight,
  onHighlight,
}: {
  documentId: string | null;
  page: number;
  knownName?: string;
  onPageChange: (page: number) => void;
  onClose: () => void;
  highlight?: string | null;
  onHighlight?: (query: string | null) => void;
}) {
  const [failed, setFailed] = useState(false);
  const prev = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  const query = useQuery({
    queryKey: ['document-view', documentId],
    queryFn: () => fetchDocument(documentId ?? ''),
    enabled: documentId !== null,
    // The image URLs carry the answer's view token: a refetch would reload the scan under the user's zoom.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    retry: (count, err) => !notFound(err) && count < 2,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new document or page may load where the last failed
  useEffect(() => setFailed(false), [documentId, requestedPage]);
  if (!documentId) return null;

  const doc = query.data;
  const pages = doc?.pageImages.length ?? 0;
  const page = Math.min(Math.max(1, requestedPage), Math.max(1, pages));
  const missing = query.isError && notFound(query.error);
  const name = doc?.originalName ?? knownName ?? (missing ? 'Document not found' : 'Document');
  const scan = doc && !failed && (isImage(doc) || (isPdf(doc) && pages > 0));
  const goTo = (n: number) => {
    const target = Math.min(Math.max(1, n), pages);
    onPageChange(target);
    // The button just pressed becomes disabled at either end: keep focus in the dialog (Escape must still close it).
    if (target === 1) next.current?.focus();
    else if (target === pages) prev.current?.focus();
  };

  return (
    <ModalOverlay className="viewer-overlay" isOpen isDismissable onOpenChange={(open) => !open && onClose()}>
      <Modal className="viewer">
        <Dialog
          className={`viewer__dialog${scan ? ' viewer__dialog--scan' : ''}`}
          aria-label={missing ? name : `Viewing ${name}`}
        >
          <div className="viewer__bar">
            <Heading slot="title" className="viewer__title">
              {name}
            </Heading>
            {/* The buttons keep together: beside the title when it leaves room, else on the row below.
                On a phone "Searchable PDF" shows as "PDF" so the three keep one row; Copy citation and Close stay side by side. */}
            <div className="viewer__actions">
              {doc && <SearchablePdf key={doc._id} doc={doc} />}
              <div className="viewer__actions-pair">
                {doc && <CopyCitation documentId={doc._id} />}
                <Button variant="secondary" size="sm" icon={<X size={16} />} onClick={onClose}>
                  Close
                </Button>
              </div>
            </div>
          </div>
          {doc && <OcrQualityPanel key={doc._id} doc={doc} page={page} />}
          {doc && <HandwritingNote doc={doc} page={isPdf(doc) ? page : 1} />}
          {query.isPending && <Spinner label="Opening document..." />}
          {missing && (
            <Alert tone="error">
              This document is not among your documents. It may have been deleted, or the link may be wrong.
            </Alert>
          )}
          {query.isError && !missing && (
            <div className="problem">
              <Alert tone="error">Could not open the document. Please try again.</Alert>
              <Button variant="secondary" size="sm" icon={<RotateCw size={16} />} onClick={() => query.refetch()}>
                Retry
              </Button>
            </div>
          )}
          {doc && scan && (
            <ScanWithWords
              key={doc._id}
              doc={doc}
              page={isPdf(doc) ? page : 1}
              // A picture OCR turned or straightened has a page image: the page as read, which the words' boxes fit.
              src={pages > 0 ? pageUrl(doc, page) : viewUrl(doc)}
              alt={isPdf(doc) ? `${doc.originalName}, page ${page}` : doc.originalName}
              onError={() => setFailed(true)}
              highlight={highlight}
              onHighlight={onHighlight}
            />
          )}
          {doc && !scan && (isImage(doc) || isPdf(doc)) && <p className="viewer__none">No Preview</p>}
          {doc && !isImage(doc) && !isPdf(doc) && (
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (axe scrollable-region-focusable)
            <section className="viewer__stage" aria-label="Document content" tabIndex={0}>
              <pre className="viewer__text">{doc.extractedText || 'No text was found in this document.'}</pre>
            </section>
          )}
          {doc && isPdf(doc) && pages > 1 && (
            <div className="viewer__pager">
              <button
                ref={prev}
                type="button"
                className="btn btn--secondary btn--sm"
                disabled={page <= 1}
                onClick={() => goTo(page - 1)}
              >
                <ChevronLeft size={16} aria-hidden="true" /> Previous
              </button>
              <span aria-live="polite">
                Page {page} of {pages}
              </span>
              <button
                ref={next}
                type="button"
                className="btn btn--secondary btn--sm"
                disabled={page >= pages}
                onClick={() => goTo(page + 1)}
              >
                Next <ChevronRight size={16} aria-hidden="true" />
              </button>
            </div>
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
