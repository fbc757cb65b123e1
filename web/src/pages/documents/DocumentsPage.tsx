import type { DocumentRecord } from '@gnology/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { FolderOpen } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, ConfirmDialog, LoadError, PageHeader, Spinner } from '../../components/ui';
import { ApiError } from '../../lib/api';
import { useSession } from '../../lib/session';
import { deleteDocument, SESSION_EXPIRED, UnexpectedListFormat } from '../../lib/documents-api';
import { DocumentCard } from './DocumentCard';
import { DocumentViewer } from './DocumentViewer';
import { DOCUMENTS_KEY, useDocumentsList } from './documentsQuery';
import { UploadForm } from './UploadForm';
import './documents.css';

/** /documents (docs/contract.md#screens, #screen-states, #errors): upload with progress, the list with its facts, viewer, delete. */
export function DocumentsPage() {
  const { signedIn } = useSession();
  if (!signedIn) {
    return (
      <main className="page">
        <p>Please log in to view documents</p>
      </main>
    );
  }
  return <SignedInDocuments />;
}

function loadError(err: unknown): string {
  if (err instanceof UnexpectedListFormat) return 'Warning: Unable to load documents list';
  if (err instanceof ApiError && err.status === 401) return SESSION_EXPIRED;
  return `Error loading documents: ${(err as Error).message || 'unknown error'}`;
}

function SignedInDocuments() {
  const queryClient = useQueryClient();
  const docs = useDocumentsList();
  // The open viewer lives in the URL, so a link (or a reload) opens the same document at the same page.
  const [params, setParams] = useSearchParams();
  const viewing = params.get('view');
  const viewPage = Number.parseInt(params.get('page') ?? '1', 10) || 1;
  // `q`: words to highlight on the scan (a search hit, a cited name, a person picked in the viewer).
  const highlight = params.get('q');
  // The View button that opened the viewer gets the focus back when it closes.
  const opener = useRef<HTMLElement | null>(null);
  const openViewer = (id: string) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // The list stays where it was behind the viewer: only a new page resets the scroll (Layout).
    setParams({ view: id }, { preventScrollReset: true });
  };
  // react-aria restores focus when its modal unmounts, but the close now goes through a router
  // navigation; if the focus was left on the page body, put it back on the opener.
  useEffect(() => {
    if (viewing || !opener.current) return;
    const button = opener.current;
    const frame = requestAnimationFrame(() => {
      if (button.isConnected && (document.activeElement === document.body || document.activeElement === null))
        button.focus();
      opener.current = null;
    });
    return () => cancelAnimationFrame(frame);
  }, [viewing]);
  // Opening adds a history entry (Back closes the viewer); closing replaces it.
  const closeViewer = () =>
    setParams(
      (p) => {
        const rest = new URLSearchParams(p);
        rest.delete('view');
        rest.delete('page');
        rest.delete('q');
        return rest;
      },
      { replace: true, preventScrollReset: true },
    );
  const showPage = (n: number) =>
    setParams(
      {
        ...(viewing ? { view: viewing } : {}),
        ...(n > 1 ? { page: String(n) } : {}),
        ...(highlight ? { q: highlight } : {}),
      },
      { replace: true, preventScrollReset: true },
    );
  const showHighlight = (q: string | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (q) next.set('q', q);
        else next.delete('q');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  const [confirming, setConfirming] = useState<DocumentRecord | null>(null);
  const [deleting, setDeleting] = useState<Set<string>>(new Set());
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: DOCUMENTS_KEY }), [queryClient]);

  const remove = async (doc: DocumentRecord) => {
    setConfirming(null);
    setNotice(null);
    setDeleting((s) => new Set(s).add(doc._id));
    try {
      await deleteDocument(doc._id);
      setNotice({ tone: 'success', text: 'Document deleted successfully!' });
      await refresh();
    } catch (err) {
      setNotice({
        tone: 'error',
        text: err instanceof ApiError && err.message ? err.message : 'Failed to delete document',
      });
    } finally {
      setDeleting((s) => {
        const next = new Set(s);
        next.delete(doc._id);
        return next;
      });
    }
  };

  const list = docs.data ?? [];
  return (
    <main className="page documents-page">
      <PageHeader
        title="Documents"
        subtitle="Upload records, letters and photos. Gene reads them and finds the people, dates and places in each."
      />
      <UploadForm onUploaded={refresh} onFinished={refresh} />
      <section className="documents-list" aria-labelledby="documents-list-title">
        <h2 id="documents-list-title" className="documents-list__title">
          Your Documents {docs.isSuccess && <span className="documents-list__count">({list.length})</span>}
        </h2>
        {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
        {docs.isPending && <Spinner label="Loading documents..." />}
        {docs.isError && (
          <LoadError
            tone={docs.error instanceof UnexpectedListFormat ? 'warning' : 'error'}
            retrying={docs.isFetching}
            onRetry={() => void docs.refetch()}
          >
            {loadError(docs.error)}
          </LoadError>
        )}
        {docs.isSuccess && list.length === 0 && (
          <div className="documents-empty">
            <FolderOpen size={40} aria-hidden="true" />
            <p>No documents yet. Upload a record, a letter or a photo to get started.</p>
          </div>
        )}
        {list.length > 0 && (
          <ul className="doc-list">
            {list.map((doc) => (
              <DocumentCard
                key={doc._id}
                doc={doc}
                deleting={deleting.has(doc._id)}
                onView={() => openViewer(doc._id)}
                onDelete={() => setConfirming(doc)}
              />
            ))}
          </ul>
        )}
      </section>
      <DocumentViewer
        documentId={viewing}
        page={viewPage}
        knownName={list.find((d) => d._id === viewing)?.originalName}
        onPageChange={showPage}
        onClose={closeViewer}
        highlight={highlight}
        onHighlight={showHighlight}
      />
      <ConfirmDialog
        title="Delete document?"
        subject={confirming}
        onSubjectChange={setConfirming}
        confirmLabel="Delete"
        onConfirm={(doc) => void remove(doc)}
      >
        <p>
          Delete <strong>{confirming?.originalName}</strong>? The file, its pages and everything found in it will be
          removed. This cannot be undone.
        </p>
      </ConfirmDialog>
    </main>
  );
}
