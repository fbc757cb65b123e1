import { EXPORT_MIN_CHARS, type Message, type RequestType, type RetrievedSource } from '@gnology/contracts';
import { type MouseEvent, useEffect, useMemo, useRef } from 'react';
import { Button } from '../../components/ui';
import { MakeBookButton } from '../books/MakeBookButton';
import { ExportPanel } from './ExportPanel';
import { renderAnswer } from './markdown';
import { SourcesUsed } from './SourcesUsed';

export interface ChatMessage {
  key: string;
  type: 'user' | 'assistant';
  content: string;
  timestamp: string;
  requestType: RequestType;
  tokens?: Message['tokens'];
  tokenBalance?: Message['tokenBalance'];
  /** Text still arriving. */
  streaming?: boolean;
  generationId?: string | null;
  /** The documents Gene found in the library and read for this answer (decision 0170). */
  sources?: RetrievedSource[];
}

const TYPE_LABEL: Record<RequestType, string> = { regular: 'Research', chapter: 'Chapter', book: 'Book' };

function AnswerBody({
  content,
  names,
  onOpenDocument,
}: {
  content: string;
  names: Map<string, string>;
  onOpenDocument(id: string, page?: number, q?: string): void;
}) {
  const html = useMemo(() => renderAnswer(content, names), [content, names]);
  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    const link = (e.target as HTMLElement).closest('a[data-doc-id]');
    // A plain click opens the viewer here; Ctrl/Cmd/middle click follows the link to the documents page in a new tab.
    if (link && !e.metaKey && !e.ctrlKey && !e.shiftKey && e.button === 0) {
      e.preventDefault();
      onOpenDocument(
        link.getAttribute('data-doc-id')!,
        Number(link.getAttribute('data-page')) || undefined,
        link.getAttribute('data-q') ?? undefined,
      );
    }
  };
  // biome-ignore lint/a11y/useKeyWithClickEvents: the links inside are focusable and activate with Enter
  // biome-ignore lint/a11y/noStaticElementInteractions: delegation for the document links inside
  // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered by marked, sanitised by DOMPurify
  return <div className="answer" onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />;
}

interface Props {
  messages: ChatMessage[];
  waiting: boolean;
  conversationTitle: string;
  documentNames: Map<string, string>;
  /** A citation was clicked: open the document's viewer (at a page, when the citation names one; `q`: words to highlight). */
  onOpenDocument(id: string, page?: number, q?: string): void;
  onStop?(): void;
  stopping?: boolean;
  /** "Sources used": pin a found document (select it) or drop it from the next question's search. */
  sourceActions?: { selected: string[]; dropped: string[]; onPin(id: string): void; onDrop(id: string): void };
  /** The conversation shown: a "Write the book" reply offers to make it a book (issue 33). */
  conversationId?: string | null;
}

/** User and Gene messages with timestamps, request-type labels, the typing indicator and streaming text. */
export function MessageList({
  messages,
  waiting,
  conversationTitle,
  documentNames,
  onOpenDocument,
  onStop,
  stopping,
  sourceActions,
  conversationId,
}: Props) {
  const end = useRef<HTMLDivElement>(null);
  const last = messages[messages.length - 1];
  // biome-ignore lint/correctness/useExhaustiveDependencies: follow new text as it arrives
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [messages.length, last?.content.length, waiting]);

  return (
    <>
      <ol className="messages" aria-label="Messages">
        {messages.map((m) => (
          <li key={m.key} className={`msg msg--${m.type}`}>
            <div className="msg__head">
              <span className="msg__who">{m.type === 'user' ? 'You' : 'Gene'}</span>
              <span className={`msg__type msg__type--${m.requestType}`}>{TYPE_LABEL[m.requestType]}</span>
              <time className="msg__time" dateTime={m.timestamp}>
                {new Date(m.timestamp).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}
              </time>
            </div>
            {m.type === 'user' ? (
              <p className="msg__text">{m.content}</p>
            ) : m.content ? (
              <AnswerBody content={m.content} names={documentNames} onOpenDocument={onOpenDocument} />
            ) : null}
            {m.type === 'assistant' && m.sources && m.sources.length > 0 && (
              <SourcesUsed
                sources={m.sources}
                selected={sourceActions?.selected ?? []}
                dropped={sourceActions?.dropped ?? []}
                onOpen={onOpenDocument}
                onPin={(id) => sourceActions?.onPin(id)}
                onDrop={(id) => sourceActions?.onDrop(id)}
              />
            )}
            {m.type === 'assistant' && m.streaming && m.content && (
              <p className="msg__streaming" role="status">
                Gene is writing…
                {m.generationId && onStop && (
                  <Button size="sm" variant="secondary" onClick={onStop} busy={stopping}>
                    Stop
                  </Button>
                )}
              </p>
            )}
            {m.type === 'assistant' && !m.streaming && m.tokens && (
              <p className="msg__tokens">
                {m.tokens.total ? `${m.tokens.total.toLocaleString()} tokens` : 'No tokens used'}
                {m.tokens.saved ? ` · ${m.tokens.saved.toLocaleString()} saved by caching` : ''}
                {m.tokenBalance && m.tokenBalance.remaining >= 0
                  ? ` · ${m.tokenBalance.remaining.toLocaleString()} remaining`
                  : ''}
              </p>
            )}
            {m.type === 'assistant' && m.requestType === 'book' && !m.streaming && m.content && conversationId && (
              <MakeBookButton conversationId={conversationId} reply={m.content} conversationTitle={conversationTitle} />
            )}
            {m.type === 'assistant' && !m.streaming && m.content.length > EXPORT_MIN_CHARS && (
              <ExportPanel
                source={{ content: m.content, timestamp: m.timestamp, requestType: m.requestType, conversationTitle }}
              />
            )}
          </li>
        ))}
        {waiting && (
          <li className="msg msg--assistant msg--typing">
            <div className="typing" role="status" aria-label="Gene is thinking">
              <span className="typing__dot" />
              <span className="typing__dot" />
              <span className="typing__dot" />
              <span className="typing__text">Gene is thinking…</span>
            </div>
          </li>
        )}
      </ol>
      <div ref={end} />
    </>
  );
}
