import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button } from '../../components/ui';
import { type DocumentRecord, fetchDocument, isImage, isPdf, pageUrl, viewUrl } from './documentApi';

/**
 * The full-size viewer overlay (spec section 2): the image itself, a PDF paged through its page
 * images ("Page X of Y", Previous/Next), or the text read from other files. Close or Escape
 * closes it and focus returns to the View button (react-aria).
 */
export function DocumentViewer({ doc, onClose }: { doc: DocumentRecord | null; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const [failed, setFailed] = useState(false);
  const [text, setText] = useState<string | null>(null);
  const prev = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    setPage(1);
    setFailed(false);
    setText(null);
    if (doc && !isImage(doc) && !isPdf(doc)) {
      fetchDocument(doc._id)
        .then((d) => setText(d.extractedText ?? ''))
        .catch(() => setText(''));
    }
  }, [doc]);
  if (!doc) return null;
  const pages = doc.pageImages.length;
  const goTo = (n: number) => {
    const target = Math.min(Math.max(1, n), pages);
    setFailed(false);
    setPage(target);
    // The button just pressed becomes disabled at either end: keep focus in the dialog (Escape must still close it).
    if (target === 1) next.current?.focus();
    else if (target === pages) prev.current?.focus();
  };

  return (
    <ModalOverlay className="viewer-overlay" isOpen isDismissable onOpenChange={(open) => !open && onClose()}>
      <Modal className="viewer">
        <Dialog className="viewer__dialog" aria-label={`Viewing ${doc.originalName}`}>
          <div className="viewer__bar">
            <Heading slot="title" className="viewer__title">
              {doc.originalName}
            </Heading>
            <Button variant="secondary" size="sm" icon={<X size={16} />} onClick={onClose}>
              Close
            </Button>
          </div>
          {/* Focusable so keyboard users can scroll a tall page. */}
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (axe scrollable-region-focusable) */}
          <section className="viewer__stage" aria-label="Document content" tabIndex={0}>
            {isImage(doc) &&
              (failed ? <p className="viewer__none">No Preview</p> : <img src={viewUrl(doc)} alt={doc.originalName} onError={() => setFailed(true)} />)}
            {isPdf(doc) &&
              (pages > 0 ? (
                failed ? (
                  <p className="viewer__none">No Preview</p>
                ) : (
                  <img key={page} src={pageUrl(doc, page)} alt={`${doc.originalName}, page ${page}`} onError={() => setFailed(true)} />
                )
              ) : (
                <p className="viewer__none">No Preview</p>
              ))}
            {!isImage(doc) && !isPdf(doc) && <pre className="viewer__text">{text === null ? 'Loading...' : text || 'No text was found in this document.'}</pre>}
          </section>
          {isPdf(doc) && pages > 1 && (
            <div className="viewer__pager">
              <button ref={prev} type="button" className="btn btn--secondary btn--sm" disabled={page <= 1} onClick={() => goTo(page - 1)}>
                <ChevronLeft size={16} aria-hidden="true" /> Previous
              </button>
              <span aria-live="polite">
                Page {page} of {pages}
              </span>
              <button ref={next} type="button" className="btn btn--secondary btn--sm" disabled={page >= pages} onClick={() => goTo(page + 1)}>
                Next <ChevronRight size={16} aria-hidden="true" />
              </button>
            </div>
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
