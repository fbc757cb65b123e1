import { type Dispatch, type SetStateAction, useCallback, useRef, useState } from 'react';
import type { ChatMessage } from './MessageList';
import type { Notice } from './notices';
import { type StreamHandlers, stopGeneration } from './researchApi';
import { applyDelta, applyDone, applyStart } from './thread';

/**
 * The answer being written now, asked here or found still running when a conversation opens:
 * whether one is on its way, the generation to stop, and the handlers that stream its text in.
 */
export function useGeneration(setMessages: Dispatch<SetStateAction<ChatMessage[]>>, setNotice: (n: Notice) => void) {
  const [sending, setSending] = useState(false);
  // Sent, but no text yet: the thread shows Gene thinking.
  const [waiting, setWaiting] = useState(false);
  const [generationId, setGenerationId] = useState<string | null>(null);
  const [stopping, setStopping] = useState(false);
  // The stream in flight: leaving the conversation aborts it.
  const abort = useRef<AbortController | null>(null);

  /** The handlers that put streamed text into the (assistant) message with this key. */
  const streamInto = useCallback(
    (assistantKey: string): StreamHandlers => ({
      onStart: (s) => {
        if (s.generationId) setGenerationId(s.generationId);
        setMessages(applyStart(assistantKey, s));
      },
      onDelta: (text) => {
        setWaiting(false);
        setMessages(applyDelta(assistantKey, text));
      },
      onDone: (done) => setMessages(applyDone(assistantKey, done)),
    }),
    [setMessages],
  );

  /** An answer is on its way: `id` when its generation is already known. */
  const begin = (id?: string) => {
    if (id) setGenerationId(id);
    setSending(true);
    setWaiting(true);
  };

  /** The stream ended, however: `resetStop` also forgets a Stop in progress. */
  const finish = (resetStop: boolean) => {
    setSending(false);
    setWaiting(false);
    setGenerationId(null);
    if (resetStop) setStopping(false);
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

  return { sending, waiting, generationId, setGenerationId, stopping, abort, streamInto, begin, finish, stop };
}
