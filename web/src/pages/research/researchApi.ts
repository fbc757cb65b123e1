import type {
  Conversation,
  ConversationSummary,
  Message,
  RequestType,
  RetrievedSource,
  SearchResponse,
  TokenBalance,
} from '@gnology/contracts';
import { researchErrorMessage } from '@gnology/contracts';
import { ApiError, api, readStoredToken } from '../../lib/api';

/** The conversation and research calls of docs/contract.md#api, as the chat screen uses them. */

export async function listConversations(): Promise<ConversationSummary[]> {
  const data = await api<{ conversations: ConversationSummary[] } | ConversationSummary[]>(
    '/api/conversations?limit=1000',
  );
  return Array.isArray(data) ? data : data.conversations;
}

export const getConversation = (id: string) => api<Conversation>(`/api/conversations/${id}`);
/** Without a title: the server names the conversation from its first question. */
export const createConversation = () => api<Conversation>('/api/conversations', { method: 'POST', body: {} });
export const renameConversation = (id: string, title: string) =>
  api<ConversationSummary>(`/api/conversations/${id}`, { method: 'PUT', body: { title } });
/** Replaces the documents selected for a conversation; answers what was kept (only the user's documents). */
export const saveSelection = (id: string, documentIds: string[]) =>
  api<{ documentIds: string[] }>(`/api/conversations/${id}/documents`, { method: 'PUT', body: { documentIds } });
export const deleteConversation = (id: string) =>
  api<{ success: boolean }>(`/api/conversations/${id}`, { method: 'DELETE' });
export const searchConversations = (query: string) =>
  api<SearchResponse>(`/api/conversations/search?query=${encodeURIComponent(query)}&limit=20`);

export interface AvailableDocument {
  _id: string;
  originalName: string;
  documentType?: string | null;
  mimetype?: string;
}

export async function availableDocuments(): Promise<AvailableDocument[]> {
  const data = await api<AvailableDocument[] | { documents?: AvailableDocument[] }>(
    '/api/documents/available/for-analysis',
  );
  const list = Array.isArray(data) ? data : data.documents;
  if (!Array.isArray(list)) throw new ApiError(200, 'Warning: Unable to load documents list');
  return list;
}

export interface ActiveGeneration {
  id: string;
  requestType: RequestType;
  status: string;
  length: number;
}

export async function activeGenerations(conversationId: string): Promise<ActiveGeneration[]> {
  const data = await api<{ generations: ActiveGeneration[] }>(
    `/api/research/generations?conversationId=${conversationId}&active=true`,
  );
  return data.generations;
}

export const stopGeneration = (id: string) =>
  api<{ status: string }>(`/api/research/generations/${id}/stop`, { method: 'POST' });

export interface StreamStart {
  requestType: RequestType;
  provider: string;
  generationId: string | null;
  /** The documents Gene found in the library for this question (decision 0170). */
  sources?: RetrievedSource[];
}

export interface StreamDone {
  tokenBalance: TokenBalance;
  requestType: RequestType;
  messageId: string | null;
  generationId: string | null;
  stopped?: boolean;
  usage?: { inputTokens: number; outputTokens: number; savedTokens: number };
}

export interface StreamHandlers {
  onStart?(start: StreamStart): void;
  onDelta(text: string, offset: number | null): void;
  onDone(done: StreamDone): void;
}

/** An error the chat shows as it is (server text, or the spec's message for the status). */
export class ResearchError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
  ) {
    super(message);
  }
}

/**
 * Reads a server-sent-events response. Returns 'done' or 'error' when the stream said so, or
 * 'dropped' when the connection ended first (a generation can then be resumed by offset).
 */
async function readEvents(res: Response, handlers: StreamHandlers): Promise<'done' | 'dropped'> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return 'dropped';
    buffer += decoder.decode(value, { stream: true });
    let cut = buffer.indexOf('\n\n');
    while (cut >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      cut = buffer.indexOf('\n\n');
      let event = 'message';
      let id: string | null = null;
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('event: ')) event = line.slice(7);
        else if (line.startsWith('id: ')) id = line.slice(4);
        else if (line.startsWith('data: ')) data.push(line.slice(6));
      }
      if (!data.length) continue;
      const payload = JSON.parse(data.join('\n'));
      if (event === 'start') handlers.onStart?.(payload);
      else if (event === 'delta') handlers.onDelta(payload.text, id === null ? null : Number(id));
      else if (event === 'done') {
        handlers.onDone(payload);
        return 'done';
      } else if (event === 'error') {
        throw new ResearchError(
          payload.error || researchErrorMessage(payload.status),
          payload.status ?? 500,
          payload.code,
        );
      }
    }
  }
}

async function openStream(path: string, init: RequestInit, signal: AbortSignal): Promise<Response> {
  const token = readStoredToken();
  let res: Response;
  try {
    res = await fetch(path, {
      ...init,
      signal,
      headers: {
        ...(init.headers as Record<string, string>),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        accept: 'text/event-stream',
      },
    });
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw new ResearchError('Network error', 0);
  }
  if (!res.ok) {
    const body = await res.json().catch(() => ({}) as Record<string, unknown>);
    const message =
      res.status === 401
        ? researchErrorMessage(401)
        : typeof body.error === 'string' && body.error
          ? body.error
          : researchErrorMessage(res.status);
    throw new ResearchError(message, res.status, typeof body.code === 'string' ? body.code : undefined);
  }
  return res;
}

/** POST /api/research/stream; a dropped generation stream is resumed from its last offset. */
export async function streamResearch(
  body: {
    query: string;
    documentIds: string[];
    conversationId: string | null;
    requestType: RequestType;
    excludeDocumentIds?: string[];
  },
  handlers: StreamHandlers,
  signal: AbortSignal,
): Promise<void> {
  let generationId: string | null = null;
  let offset = 0;
  const res = await openStream(
    '/api/research/stream',
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
    signal,
  );
  const outcome = await readEvents(res, {
    onStart: (s) => {
      generationId = s.generationId;
      handlers.onStart?.(s);
    },
    onDelta: (text, id) => {
      if (id !== null) offset = id;
      handlers.onDelta(text, id);
    },
    onDone: handlers.onDone,
  });
  if (outcome === 'dropped') {
    if (!generationId) throw new ResearchError(researchErrorMessage(undefined), 0);
    await followGeneration(generationId, offset, handlers, signal);
  }
}

/** Follows a running generation from an offset, reconnecting a few times if the connection drops. */
export async function followGeneration(
  id: string,
  from: number,
  handlers: StreamHandlers,
  signal: AbortSignal,
): Promise<void> {
  let offset = from;
  for (let attempt = 0; attempt < 20; attempt++) {
    const res = await openStream(`/api/research/generations/${id}/stream?from=${offset}`, { method: 'GET' }, signal);
    const outcome = await readEvents(res, {
      onStart: handlers.onStart,
      onDelta: (text, at) => {
        if (at !== null) offset = at;
        handlers.onDelta(text, at);
      },
      onDone: handlers.onDone,
    });
    if (outcome === 'done') return;
    await new Promise((r) => setTimeout(r, Math.min(5000, 500 * (attempt + 1))));
  }
  throw new ResearchError(researchErrorMessage(undefined), 0);
}

export type { Message };
