import { requestTimeoutMs } from '@gnology/contracts';
import type { SetURLSearchParams } from 'react-router';
import { type Notice, timeoutNotice } from './notices';
import { checkQuestion } from './questionGuard';
import { streamResearch } from './researchApi';
import { applyFailure, newKey } from './thread';
import type { useConversationList } from './useConversationList';
import type { useDocumentSelection } from './useDocumentSelection';
import type { useThread } from './useThread';

interface Options {
  activeId: string | null;
  plan: string | undefined;
  totalTokens: number;
  thread: ReturnType<typeof useThread>;
  selection: ReturnType<typeof useDocumentSelection>;
  list: ReturnType<typeof useConversationList>;
  setParams: SetURLSearchParams;
  setNotice(n: Notice): void;
}

/**
 * Sending a question: checked against capacity and balance first, a conversation created for
 * it when none is open, the answer streamed in, and a request that outlives its time limit cut off.
 */
export function useAsk({ activeId, plan, totalTokens, thread, selection, list, setParams, setNotice }: Options) {
  const { generation, setMessages } = thread;
  return async (text: string) => {
    setNotice(null);
    const check = checkQuestion(text, totalTokens, thread.messages, plan);
    if (check.refused) return setNotice(check.refused);
    if (check.warning) setNotice(check.warning);
    const { requestType } = check;

    let conversationId = activeId;
    const isNew = !conversationId;
    if (!conversationId) {
      conversationId = await list.newConversation(false);
      if (!conversationId) return;
      // The documents chosen before the conversation existed are its selection.
      if (selection.selected.length > 0) selection.persistSelection(conversationId, selection.selected);
    }
    const now = new Date().toISOString();
    const assistantKey = newKey();
    setMessages((messages) => [
      ...messages,
      { key: newKey(), type: 'user', content: text, timestamp: now, requestType },
      { key: assistantKey, type: 'assistant', content: '', timestamp: now, requestType, streaming: true },
    ]);
    if (conversationId !== activeId) {
      // Switch the URL without reloading the (still empty) conversation under the stream.
      thread.skipNextLoad.current = conversationId;
      setParams({ c: conversationId });
    }
    generation.begin();
    const controller = new AbortController();
    generation.abort.current = controller;
    const limitMs = requestTimeoutMs(requestType, text);
    let timedOut = false;
    const timer = window.setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, limitMs + 15_000);
    try {
      const excludeDocumentIds = selection.takeExcluded();
      await streamResearch(
        {
          query: text,
          documentIds: selection.selected,
          conversationId,
          requestType,
          ...(excludeDocumentIds.length ? { excludeDocumentIds } : {}),
        },
        generation.streamInto(assistantKey),
        controller.signal,
      );
    } catch (e) {
      setMessages(applyFailure(assistantKey));
      if (timedOut) setNotice(timeoutNotice(Math.round(limitMs / 60_000)));
      else if ((e as Error).name !== 'AbortError') setNotice({ tone: 'error', text: (e as Error).message });
    } finally {
      window.clearTimeout(timer);
      generation.finish(true);
      // The server titled a new conversation from this question: show that title.
      const id = conversationId;
      list.refreshList().then(() => {
        const fresh = list.cachedSummary(id);
        if (isNew && fresh && new URLSearchParams(window.location.search).get('c') === id) thread.setTitle(fresh.title);
      });
    }
  };
}
