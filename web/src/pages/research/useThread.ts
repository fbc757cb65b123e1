import { useEffect, useRef, useState } from 'react';
import type { ChatMessage } from './MessageList';
import { type Notice, TROUBLE } from './notices';
import { activeGenerations, followGeneration, getConversation, ResearchError } from './researchApi';
import { fromServer, newKey } from './thread';
import { useGeneration } from './useGeneration';

/**
 * The conversation on screen: its title and messages, loaded when the URL names another one,
 * with any chapter or book still being written for it followed to the end.
 */
export function useThread(
  activeId: string | null,
  setSelected: (ids: string[]) => void,
  setNotice: (n: Notice) => void,
) {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [title, setTitle] = useState('');
  const [loading, setLoading] = useState(false);
  const generation = useGeneration(setMessages, setNotice);
  // A conversation created for the first message is already on screen: do not reload it mid-stream.
  const skipNextLoad = useRef<string | null>(null);

  const reload = async (id: string) => {
    const conv = await getConversation(id);
    setTitle(conv.title);
    setMessages(conv.messages.map(fromServer));
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per conversation switch
  useEffect(() => {
    if (activeId && skipNextLoad.current === activeId) {
      skipNextLoad.current = null;
      return;
    }
    setNotice(null);
    generation.setGenerationId(null);
    if (!activeId) {
      setMessages([]);
      setTitle('');
      setSelected([]);
      return;
    }
    let live = true;
    const controller = new AbortController();
    generation.abort.current = controller;
    setLoading(true);
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
        const assistantKey = newKey();
        setMessages((list) => [
          ...list,
          {
            key: assistantKey,
            type: 'assistant',
            content: '',
            timestamp: new Date().toISOString(),
            requestType: gen.requestType,
            streaming: true,
            generationId: gen.id,
          },
        ]);
        generation.begin(gen.id);
        await followGeneration(gen.id, 0, generation.streamInto(assistantKey), controller.signal);
        if (live) await reload(activeId);
      } catch (e) {
        if (!live || (e as Error).name === 'AbortError') return;
        setNotice({ tone: 'error', text: e instanceof ResearchError ? e.message : TROUBLE.open });
      } finally {
        if (live) {
          setLoading(false);
          generation.finish(false);
        }
      }
    })();
    return () => {
      live = false;
      controller.abort();
    };
  }, [activeId]);

  return { messages, setMessages, title, setTitle, loading, generation, skipNextLoad };
}
