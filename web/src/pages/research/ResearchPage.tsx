import { CAPACITY_WARN, CAPACITY_WARNING, CONTEXT_WINDOW, conversationTokens, isAtCapacity } from '@gnology/contracts';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '../../components/ui';
import { useSession } from '../../lib/session';
import { CitedDocumentDialog } from './CitedDocumentDialog';
import { Composer } from './Composer';
import { ConversationSidebar } from './ConversationSidebar';
import { DocumentSelector } from './DocumentSelector';
import { MessageList } from './MessageList';
import type { Notice } from './notices';
import { TROUBLE } from './notices';
import { ResearchHeader } from './ResearchHeader';
import { SearchDialog } from './SearchDialog';
import { useAsk } from './useAsk';
import { useConversationList } from './useConversationList';
import { useDocumentSelection } from './useDocumentSelection';
import { usePageLayout } from './usePageLayout';
import { useThread } from './useThread';
import { WelcomePanel } from './WelcomePanel';
import './research.css';

/** /research: the chat with Gene, every panel. The state lives in the hooks; this wires them to the parts. */
export function ResearchPage() {
  const plan = useSession().user?.subscription?.plan;
  const [params, setParams] = useSearchParams();
  const activeId = params.get('c');
  const [notice, setNotice] = useState<Notice>(null);
  const [searchOpen, setSearchOpen] = useState(false);
  const [viewerDoc, setViewerDoc] = useState<{ id: string; page?: number; q?: string } | null>(null);

  const selection = useDocumentSelection(activeId, setNotice);
  const thread = useThread(activeId, selection.setSelected, setNotice);
  const { messages, generation } = thread;
  const select = useCallback(
    (id: string | null) => {
      generation.abort.current?.abort();
      setParams(id ? { c: id } : {}, { replace: false });
    },
    [setParams, generation.abort],
  );
  const list = useConversationList({ activeId, select, setTitle: thread.setTitle, setNotice });
  const layout = usePageLayout(list.conversations.isError);

  const totalTokens = conversationTokens(messages);
  const atCapacity = isAtCapacity(totalTokens);
  const nearCapacity = !atCapacity && totalTokens / CONTEXT_WINDOW > CAPACITY_WARN;
  const send = useAsk({ activeId, plan, totalTokens, thread, selection, list, setParams, setNotice });

  const { documents } = selection;
  const { conversations } = list;
  // The header shows what the sidebar shows: the list is where a new title arrives (the first
  // question names a conversation started with New conversation, issue 30, point 2). The thread's
  // own title covers the moment before the list holds the conversation.
  const title = (activeId && conversations.data?.find((c) => c.id === activeId)?.title) || thread.title;
  return (
    <div
      className={`research${layout.fullscreen ? ' research--fullscreen' : ''}${layout.sidebarOpen ? '' : ' research--collapsed'}`}
    >
      <aside
        id="research-sidebar"
        className="research__sidebar"
        aria-label="Conversations"
        hidden={!layout.sidebarOpen}
      >
        <ConversationSidebar
          conversations={conversations.data ?? []}
          loading={conversations.isLoading}
          loadError={conversations.isError ? TROUBLE.load : null}
          retrying={conversations.isFetching}
          onRetry={() => void conversations.refetch()}
          activeId={activeId}
          onSelect={(id) => {
            select(id);
            layout.picked();
          }}
          onNew={list.onNew}
          onSearch={() => setSearchOpen(true)}
          onRename={list.rename}
          onDelete={list.remove}
          creating={list.creating}
        />
      </aside>
      <main className="research__main" aria-label="Research conversation">
        <ResearchHeader
          title={title}
          sidebarOpen={layout.sidebarOpen}
          fullscreen={layout.fullscreen}
          onToggleSidebar={layout.toggleSidebar}
          onToggleFullscreen={layout.toggleFullscreen}
        />
        {/* Scrolls on its own, so it is focusable and named for keyboard users (axe scrollable-region-focusable). */}
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard */}
        <section className="research__thread" aria-label="Messages" tabIndex={0}>
          {thread.loading && messages.length === 0 && <p className="research__loading">Loading conversation…</p>}
          {!thread.loading && messages.length === 0 && (
            <WelcomePanel documentCount={documents.isError ? null : (documents.data?.length ?? 0)} />
          )}
          <MessageList
            messages={messages}
            waiting={generation.waiting}
            conversationTitle={title || 'Research Session'}
            documentNames={selection.documentNames}
            onOpenDocument={(id, page, q) => setViewerDoc({ id, page, q })}
            onStop={generation.stop}
            stopping={generation.stopping}
            sourceActions={selection.sourceActions}
            conversationId={activeId}
          />
        </section>
        <div className="research__footer">
          {notice && (
            <Alert tone={notice.tone} className="research__notice">
              {notice.text}
            </Alert>
          )}
          {nearCapacity && !notice && <Alert tone="warning">{CAPACITY_WARNING}</Alert>}
          <DocumentSelector
            documents={documents.data ?? []}
            selected={selection.selected}
            onChange={selection.changeSelection}
            error={documents.isError ? 'Your documents could not be loaded, so none can be selected yet.' : null}
            onRetry={() => void documents.refetch()}
            retrying={documents.isFetching}
          />
          <Composer
            disabled={generation.sending}
            atCapacity={atCapacity}
            onSend={send}
            onStartNew={() => select(null)}
          />
        </div>
      </main>
      <SearchDialog isOpen={searchOpen} onOpenChange={setSearchOpen} onOpen={(id) => select(id)} />
      <CitedDocumentDialog
        documentId={viewerDoc?.id ?? null}
        initialPage={viewerDoc?.page}
        highlight={viewerDoc?.q}
        onClose={() => setViewerDoc(null)}
      />
    </div>
  );
}
