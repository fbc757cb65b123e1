import type { ConversationSummary } from '@gnology/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { type Notice, TROUBLE } from './notices';
import { createConversation, deleteConversation, listConversations, renameConversation } from './researchApi';

interface Options {
  activeId: string | null;
  select(id: string | null): void;
  setTitle(title: string): void;
  setNotice(n: Notice): void;
}

/** The user's conversations: the sidebar's list and what New, Rename and Delete do to it. */
export function useConversationList({ activeId, select, setTitle, setNotice }: Options) {
  const queryClient = useQueryClient();
  const conversations = useQuery({ queryKey: ['conversations'], queryFn: listConversations });
  const [creating, setCreating] = useState(false);
  const refreshList = useCallback(() => queryClient.invalidateQueries({ queryKey: ['conversations'] }), [queryClient]);
  /** The list as last loaded, for the title the server gave a conversation. */
  const cachedSummary = (id: string) =>
    queryClient.getQueryData<ConversationSummary[]>(['conversations'])?.find((c) => c.id === id);

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

  const rename = async (id: string, newTitle: string) => {
    try {
      await renameConversation(id, newTitle);
      // The new title at once, in the sidebar and the header alike (both read this list).
      queryClient.setQueryData<ConversationSummary[]>(['conversations'], (list) =>
        list?.map((c) => (c.id === id ? { ...c, title: newTitle } : c)),
      );
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

  return { conversations, creating, refreshList, cachedSummary, newConversation, rename, remove, onNew };
}
