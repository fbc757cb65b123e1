import {
  type ConversationSummary,
  balanceMessage,
  balanceRefusal,
  CAPACITY_MESSAGE,
  CAPACITY_WARNING,
  capacityLevel,
  CONTEXT_WINDOW,
  conversationTokens,
  estimateMessageTokens,
  inferRequestType,
  isAtCapacity,
  requestTimeoutMs,
} from '@gnology/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Maximize2, Minimize2, PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Button } from '../../components/ui';
import { useSession } from '../../lib/session';
import { Composer } from './Composer';
import { ConversationSidebar } from './ConversationSidebar';
import { DocumentSelector } from './DocumentSelector';
import { CitedDocumentDialog } from './CitedDocumentDialog';
import { type ChatMessage, MessageList } from './MessageList';
import {
  activeGenerations,
  availableDocuments,
  createConversation,
  deleteConversation,
  followGeneration,
  getConversation,
  listConversations,
  ResearchError,
  renameConversation,
  type StreamHandlers,
  saveSelection,
  stopGeneration,
  streamResearch,
} from './researchApi';
import { SearchDialog } from './SearchDialog';
import './research.css';

type Notice = { tone: 'error' | 'warning' | 'info'; text: string } | null;

const TROUBLE = {
  load: 'Gene could not load your conversations. Check your connection, then retry.',
  open: 'Gene is having trouble loading this conversation. Please try again.',
  create: 'Gene is having trouble starting a new conversation. Please try again.',
  rename: 'Gene is having trouble renaming this conversation. Please try again.',
  delete: 'Gene is having trouble deleting this conversation. Please try again.',
  selection: 'Gene could not remember the documents selected for this conversation. Please try again.',
};

let localKey = 0;
const key = () => `local-${++localKey}`;

function fromServer(m: import('@gnology/contracts').Message): ChatMessage {
  return { key: m.id, type: m.type, content: m.content, timestamp: m.timestamp, requestType: m.requestType, tokens: m.tokens, tokenBalance: m.tokenBalance, ...(m.sources?.length ? { sources: m.sources } : {}) };
}

const smallScreen = () => typeof window !== 'undefined' && window.matchMedia('(max-width: 768px)').matches;

/** /research: the chat with Gene (spec section 2), every panel. */
export function ResearchPage() {
  const session = useSession();
  const plan = session.user?.subscription?.plan;
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const activeId = params.get('c');
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [title, setTitle] = useState('');
  const [loadingConversation, setLoadingConversation] = useState(false);
  const [sidebarOpen, setSidebarOpen] = useState(() => !smallScreen());
  const [fullscreen, setFullscreen] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);
  // Found documents the user dropped: the next question's library search leaves them out (decision 0170).
  const [dropped, setDropped] = useState<string[]>([]);
  const [sending, setSending] = useState(false);
  const [waiting, setWaiting] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const [searchOpen, setSearchOpen] = useState(false);
  const [viewerDoc, setViewerDoc] = useState<{ id: string; page?: number; q?: string } | null>(null);
  const [generationId, setGenerationId] = useState<string | null>(null);
  const [stopping, setStopping] = useState(false);
  const [creating, setCreating] = useState(false);
  const abort = useRef<AbortController | null>(null);
  // A conversation created for the first message is already on screen: do not reload it mid-stream.
  const skipNextLoad = useRef<string | null>(null);
  // Selection saves, one after another, so the last choice is the one the server keeps.
  const selectionSaves = useRef<Promise<unknown>>(Promise.resolve());

  const conversations = useQuery({ queryKey: ['conversations'], queryFn: listConversations });
  const documents = useQuery({ queryKey: ['documents', 'for-analysis'], queryFn: availableDocuments });
  const documentNames = useMemo(() => new Map((documents.data ?? []).map((d) => [d._id, d.originalName])), [documents.data]);
  const refreshList = useCallback(() => queryClient.invalidateQueries({ queryKey: ['conversations'] }), [queryClient]);
  // A phone keeps the list folded away; when it could not be loaded, show why (and Retry) there.
  useEffect(() => {
    if (conversations.isError) setSidebarOpen(true);
  }, [conversations.isError]);

  const totalTokens = conversationTokens(messages);
  const atCapacity = isAtCapacity(totalTokens);
  const nearCapacity = !atCapacity && totalTokens / CONTEXT_WINDOW > 0.9;

  // The documents selected belong to the conversation (issue 13): saved with it, restored on open.
  const persistSelection = useCallback((conversationId: string, ids: string[]) => {
    selectionSaves.current = selectionSaves.current.then(() => saveSelection(conversationId, ids)).catch(() => setNotice({ tone: 'error', text: TROUBLE.selection }));
  }, []);
  const changeSelection = (ids: string[]) => {
    setSelected(ids);
    if (activeId) persistSelection(activeId, ids);
  };

  // Escape leaves Fullscreen, unless a dialog or popover above the page takes it.
  useEffect(() => {
    if (!fullscreen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented || document.querySelector('[role="dialog"]')) return;
      setFullscreen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [fullscreen]);

  const select = useCallback(
    (id: string | null) => {
      abort.current?.abort();
      setParams(id ? { c: id } : {}, { replace: false });
    },
    [setParams],
  );

  // The handlers that put streamed text into the last (assistant) message.
  const streamInto = useCallback(
    (assistantKey: string): StreamHandlers => ({
      onStart: (s) => {
        if (s.generationId) setGenerationId(s.generationId);
        setMessages((list) => list.map((m) => (m.key === assistantKey ? { ...m, requestType: s.requestType, generationId: s.generationId, ...(s.sources?.length ? { sources: s.sources } : {}) } : m)));
      },
      onDelta: (text) => {
        setWaiting(false);
        setMessages((list) => list.map((m) => (m.key === assistantKey ? { ...m, content: m.content + text } : m)));
      },
      onDone: (done) => {
        setMessages((list) =>
          list.map((m) =>
            m.key === assistantKey
              ? {
                  ...m,
                  key: done.messageId ?? m.key,
                  streaming: false,
                  requestType: done.requestType,
                  tokenBalance: { remaining: done.tokenBalance.remaining },
                  tokens: done.usage
                    ? {
                        input: done.usage.inputTokens,
                        output: done.usage.outputTokens,
                        total: done.usage.inputTokens + done.usage.outputTokens,
                        saved: done.usage.savedTokens,
                        savingsPercentage: done.tokenBalance.breakdown.savingsPercentage,
                      }
                    : m.tokens,
                }
              : m,
          ),
        );
      },
    }),
    [],
  );

  // Opening a conversation: its messages, and any chapter or book still being written for it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per conversation switch
  useEffect(() => {
    if (activeId && skipNextLoad.current === activeId) {
      skipNextLoad.current = null;
      return;
    }
    setNotice(null);
    setGenerationId(null);
    if (!activeId) {
      setMessages([]);
      setTitle('');
      setSelected([]);
      return;
    }
    let live = true;
    const controller = new AbortController();
    abort.current = controller;
    setLoadingConversation(true);
    (async () => {
      try {
        const conv = await getConversation(activeId);
        if (!live) return;
        setTitle(conv.title);
        setMessages(conv.messages.map(fromServer));
        setSelected(conv.selectedDocuments ?? []);
        const running = await activeGenerations(activeId).catch(() => []);
        const gen = running[0];
        if (!live || !gen) return;
        const assistantKey = key();
        setMessages((list) => [...list, { key: assistantKey, type: 'assistant', content: '', timestamp: new Date().toISOString(), requestType: gen.requestType, streaming: true, generationId: gen.id }]);
        setGenerationId(gen.id);
        setSending(true);
        setWaiting(true);
        await followGeneration(gen.id, 0, streamInto(assistantKey), controller.signal);
        if (live) await reload(activeId);
      } catch (e) {
        if (!live || (e as Error).name === 'AbortError') return;
        setNotice({ tone: 'error', text: e instanceof ResearchError ? e.message : TROUBLE.open });
      } finally {
        if (live) {
          setLoadingConversation(false);
          setSending(false);
          setWaiting(false);
          setGenerationId(null);
        }
      }
    })();
    return () => {
      live = false;
      controller.abort();
    };
  }, [activeId]);

  const reload = async (id: string) => {
    const conv = await getConversation(id);
    setTitle(conv.title);
    setMessages(conv.messages.map(fromServer));
  };

  /** `showTitle` false: the conversation is created for a question, which will name it. */
  const newConversation = async (showTitle = true): Promise<string | null> => {
    setCreating(true);
    try {
      const c = await createConversation();
      if (showTitle) setTitle(c.title);
      await refreshList();
      return c.id;
    } catch {
      setNotice({ tone: 'error', text: TROUBLE.create });
      return null;
    } finally {
      setCreating(false);
    }
  };

  const send = async (text: string) => {
    setNotice(null);
    const requestType = inferRequestType(text);
    const estimate = estimateMessageTokens(text, requestType);
    const capacity = capacityLevel(totalTokens, estimate);
    if (capacity.level === 'block') return setNotice({ tone: 'error', text: CAPACITY_MESSAGE });
    if (capacity.level === 'warn') setNotice({ tone: 'warning', text: CAPACITY_WARNING });
    const lastBalance = [...messages].reverse().find((m) => m.type === 'assistant' && m.tokenBalance && m.tokenBalance.remaining >= 0)?.tokenBalance?.remaining;
    const refusal = balanceRefusal(lastBalance, estimate, plan);
    if (refusal) return setNotice({ tone: 'error', text: balanceMessage(refusal, plan) });

    let conversationId = activeId;
    const isNew = !conversationId;
    if (!conversationId) {
      conversationId = await newConversation(false);
      if (!conversationId) return;
      // The documents chosen before the conversation existed are its selection.
      if (selected.length > 0) persistSelection(conversationId, selected);
    }
    const now = new Date().toISOString();
    const assistantKey = key();
    setMessages((list) => [
      ...list,
      { key: key(), type: 'user', content: text, timestamp: now, requestType },
      { key: assistantKey, type: 'assistant', content: '', timestamp: now, requestType, streaming: true },
    ]);
    if (conversationId !== activeId) {
      // Switch the URL without reloading the (still empty) conversation under the stream.
      skipNextLoad.current = conversationId;
      setParams({ c: conversationId });
    }
    setSending(true);
    setWaiting(true);
    const controller = new AbortController();
    abort.current = controller;
    const minutes = Math.round(requestTimeoutMs(requestType, text) / 60_000);
    let timedOut = false;
    const timer = window.setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, requestTimeoutMs(requestType, text) + 15_000);
    try {
      const excludeDocumentIds = dropped.filter((id) => !selected.includes(id));
      setDropped([]);
      await streamResearch({ query: text, documentIds: selected, conversationId, requestType, ...(excludeDocumentIds.length ? { excludeDocumentIds } : {}) }, streamInto(assistantKey), controller.signal);
    } catch (e) {
      setMessages((list) => list.filter((m) => !(m.key === assistantKey && !m.content)).map((m) => (m.key === assistantKey ? { ...m, streaming: false } : m)));
      if (timedOut) setNotice({ tone: 'error', text: `The request took longer than ${minutes} minutes. Please try again or break your request into smaller parts.` });
      else if ((e as Error).name !== 'AbortError') setNotice({ tone: 'error', text: (e as Error).message });
    } finally {
      window.clearTimeout(timer);
      setSending(false);
      setWaiting(false);
      setGenerationId(null);
      setStopping(false);
      // The server titled a new conversation from this question: show that title.
      const id = conversationId;
      refreshList().then(() => {
        const fresh = queryClient.getQueryData<ConversationSummary[]>(['conversations'])?.find((c) => c.id === id);
        if (isNew && fresh && new URLSearchParams(window.location.search).get('c') === id) setTitle(fresh.title);
      });
    }
  };

  const stop = async () => {
    if (!generationId) return;
    setStopping(true);
    try {
      await stopGeneration(generationId);
    } catch (e) {
      setNotice({ tone: 'error', text: (e as Error).message });
      setStopping(false);
    }
  };

  const rename = async (id: string, newTitle: string) => {
    try {
      await renameConversation(id, newTitle);
      if (id === activeId) setTitle(newTitle);
      await refreshList();
    } catch {
      setNotice({ tone: 'error', text: TROUBLE.rename });
    }
  };

  const remove = async (id: string) => {
    try {
      await deleteConversation(id);
      if (id === activeId) select(null);
      await refreshList();
    } catch {
      setNotice({ tone: 'error', text: TROUBLE.delete });
    }
  };

  const onNew = async () => {
    const id = await newConversation();
    if (id) select(id);
  };

  const docCount = documents.data?.length ?? 0;
  const empty = !loadingConversation && messages.length === 0;

  return (
    <div className={`research${fullscreen ? ' research--fullscreen' : ''}${sidebarOpen ? '' : ' research--collapsed'}`}>
      <aside id="research-sidebar" className="research__sidebar" aria-label="Conversations" hidden={!sidebarOpen}>
        <ConversationSidebar
          conversations={conversations.data ?? []}
          loading={conversations.isLoading}
          loadError={conversations.isError ? TROUBLE.load : null}
          retrying={conversations.isFetching}
          onRetry={() => void conversations.refetch()}
          activeId={activeId}
          onSelect={(id) => {
            select(id);
            if (smallScreen()) setSidebarOpen(false);
          }}
          onNew={onNew}
          onSearch={() => setSearchOpen(true)}
          onRename={rename}
          onDelete={remove}
          creating={creating}
        />
      </aside>
      <main className="research__main" aria-label="Research conversation">
        <header className="research__bar">
          <Button
            size="sm"
            variant="ghost"
            aria-expanded={sidebarOpen}
            aria-controls="research-sidebar"
            icon={sidebarOpen ? <PanelLeftClose size={18} /> : <PanelLeftOpen size={18} />}
            onClick={() => setSidebarOpen((o) => !o)}
          >
            {sidebarOpen ? 'Hide conversations' : 'Conversations'}
          </Button>
          <h1 className="research__title">{title || 'Research with Gene'}</h1>
          <Button size="sm" icon={fullscreen ? <Minimize2 size={16} /> : <Maximize2 size={16} />} onClick={() => setFullscreen((f) => !f)} aria-pressed={fullscreen}>
            {fullscreen ? 'Exit Fullscreen' : 'Fullscreen'}
          </Button>
        </header>
        {/* Scrolls on its own, so it is focusable and named for keyboard users (axe scrollable-region-focusable). */}
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard */}
        <section className="research__thread" aria-label="Messages" tabIndex={0}>
          {loadingConversation && messages.length === 0 && <p className="research__loading">Loading conversation…</p>}
          {empty && (
            <div className="welcome">
              <h2>Welcome to your research session with Gene</h2>
              <p>
                Ask about an ancestor, a record or a place. Gene cites the documents each fact comes from and says plainly what they do not show.
              </p>
              <p className="welcome__hint">
                {documents.isError
                  ? 'Select documents with the Documents button below for Gene to analyse.'
                  : docCount === 0
                  ? 'You have no documents yet: upload records on the Documents page, then select them here for Gene to analyse.'
                  : `You have ${docCount} document${docCount === 1 ? '' : 's'} available — select them with the Documents button below for Gene to analyse.`}{' '}
                Use <strong>Search</strong> to find earlier conversations.
              </p>
            </div>
          )}
          <MessageList
            messages={messages}
            waiting={waiting}
            conversationTitle={title || 'Research Session'}
            documentNames={documentNames}
            onOpenDocument={(id, page, q) => setViewerDoc({ id, page, q })}
            onStop={stop}
            stopping={stopping}
            sourceActions={{
              selected,
              dropped,
              onPin: (id) => {
                setDropped((d) => d.filter((x) => x !== id));
                if (!selected.includes(id)) changeSelection([...selected, id]);
              },
              onDrop: (id) => setDropped((d) => (d.includes(id) ? d : [...d, id])),
            }}
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
            selected={selected}
            onChange={changeSelection}
            error={documents.isError ? 'Your documents could not be loaded, so none can be selected yet.' : null}
            onRetry={() => void documents.refetch()}
            retrying={documents.isFetching}
          />
          <Composer disabled={sending} atCapacity={atCapacity} onSend={send} onStartNew={() => select(null)} />
        </div>
      </main>
      <SearchDialog isOpen={searchOpen} onOpenChange={setSearchOpen} onOpen={(id) => select(id)} />
      <CitedDocumentDialog documentId={viewerDoc?.id ?? null} initialPage={viewerDoc?.page} highlight={viewerDoc?.q} onClose={() => setViewerDoc(null)} />
    </div>
  );
}
