import {
  type BalanceRefusal,
  balanceMessage,
  type Conversation,
  ERROR_MESSAGES,
  type Message,
  type ReservationStatusResponse,
  type SaveMessageBody,
  type TokenBalance,
} from '@gnology/contracts';
import { HttpError } from '@gnology/platform/http/errors';
import { internalCall as rawInternalCall } from '@gnology/platform/http/internal';
import type { IndividualDetail, LibraryPassage } from '@gnology/contracts';
import type { ResearchConfig } from '../config';
import type { ContextDocument, ProviderUsage } from '../domain/model';

/**
 * The research service's calls to other services (internal routes, shared secret). Every call
 * carries the user id the research service verified from the caller's own token.
 */
/** What billing holds for a request: `amount` tokens, leaving `remaining` on the account. */
export interface Reservation {
  remaining: number;
  plan: string;
  amount: number;
}

/**
 * An internal call whose failure the user may see: a service that is down or failing answers
 * the message of docs/contract.md#errors, never the internal address or the fetch error (issue 11, 1b). The
 * other service's 4xx answers (a refusal, an unknown conversation) pass through as they are.
 */
async function internalCall<T>(baseUrl: string, path: string, opts: Parameters<typeof rawInternalCall>[2]): Promise<T> {
  try {
    return await rawInternalCall<T>(baseUrl, path, opts);
  } catch (e) {
    if (e instanceof HttpError && e.statusCode < 500) throw e;
    // `extra` reaches the client; the internal cause stays on the error for the logs.
    throw Object.assign(new HttpError(503, ERROR_MESSAGES.unavailable, { code: 'service_unavailable' }), { cause: e });
  }
}

export interface Clients {
  reserve(userId: string, requestId: string, estimatedTokens: number, minimumTokens?: number): Promise<Reservation>;
  /** Whether the request's tokens are still held (a queued job asks before each model call). */
  reservation(requestId: string): Promise<ReservationStatusResponse>;
  settle(requestId: string, usage: ProviderUsage): Promise<TokenBalance>;
  release(requestId: string): Promise<{ remaining: number }>;
  documents(userId: string, documentIds: string[]): Promise<ContextDocument[]>;
  /** The pages of the user's library that best answer a question (decision 0170). */
  searchLibrary(userId: string, query: string, limit: number, excludeDocumentIds: string[]): Promise<LibraryPassage[]>;
  /** What the people index holds about these names (issue 16): evidence, timeline, conflicts. */
  lookupPeople(userId: string, names: string[]): Promise<IndividualDetail[]>;
  conversation(userId: string, conversationId: string): Promise<Conversation>;
  saveMessage(userId: string, conversationId: string, message: SaveMessageBody): Promise<Message>;
  /** A question and its answer (or one of them), saved in this order in one call and one transaction (decision 0245). */
  saveMessages(userId: string, conversationId: string, messages: SaveMessageBody[]): Promise<Message[]>;
}

export function createClients(config: ResearchConfig, requestId?: string): Clients {
  const secret = config.INTERNAL_TOKEN;
  return {
    async reserve(userId, reqId, estimatedTokens, minimumTokens) {
      try {
        const res = await internalCall<{ remaining: number; plan: string; amount?: number }>(
          config.BILLING_URL,
          '/internal/reservations',
          {
            secret,
            requestId,
            body: {
              userId,
              requestId: reqId,
              estimatedTokens,
              ...(minimumTokens ? { minimumTokens: Math.min(minimumTokens, estimatedTokens) } : {}),
            },
          },
        );
        // A billing that does not say how much it held held the whole estimate.
        return { remaining: res.remaining, plan: res.plan, amount: res.amount ?? estimatedTokens };
      } catch (e) {
        if (e instanceof HttpError && e.statusCode === 402) {
          const extra = (e.extra ?? {}) as { code?: BalanceRefusal; remaining?: number; plan?: string; error?: string };
          const code = extra.code ?? 'limit_reached';
          // Billing's own plan-specific wording first; ours (same rules) if it sent none.
          const message = extra.error || balanceMessage(code, extra.plan);
          throw new HttpError(402, message, { code, remaining: extra.remaining, plan: extra.plan });
        }
        throw e;
      }
    },
    async settle(reqId, usage) {
      const res = await internalCall<{ used: number; remaining: number; breakdown: TokenBalance['breakdown'] }>(
        config.BILLING_URL,
        `/internal/reservations/${encodeURIComponent(reqId)}/settle`,
        {
          secret,
          requestId,
          body: { inputTokens: usage.inputTokens, outputTokens: usage.outputTokens, savedTokens: usage.savedTokens },
        },
      );
      return { used: res.used, remaining: res.remaining, breakdown: res.breakdown };
    },
    async reservation(reqId) {
      return internalCall<ReservationStatusResponse>(
        config.BILLING_URL,
        `/internal/reservations/${encodeURIComponent(reqId)}`,
        { secret, requestId },
      );
    },
    async release(reqId) {
      return internalCall<{ remaining: number }>(
        config.BILLING_URL,
        `/internal/reservations/${encodeURIComponent(reqId)}/release`,
        { secret, requestId, body: {} },
      );
    },
    async documents(userId, documentIds) {
      if (documentIds.length === 0) return [];
      const res = await internalCall<{ documents: ContextDocument[] }>(
        config.DOCUMENTS_URL,
        '/internal/documents/context',
        {
          secret,
          requestId,
          body: { userId, documentIds },
          timeoutMs: 30_000,
        },
      );
      // Only this user's documents come back; keep only what was asked for, whatever the answer holds.
      const wanted = new Set(documentIds);
      return (res.documents ?? []).filter((d) => wanted.has(d._id));
    },
    async searchLibrary(userId, query, limit, excludeDocumentIds) {
      const res = await internalCall<{ passages?: LibraryPassage[] }>(
        config.DOCUMENTS_URL,
        '/internal/documents/search',
        {
          secret,
          requestId,
          // The documents service caps a question at 4,000 characters: its first words name what is asked.
          body: { userId, query: query.slice(0, 4_000), limit, excludeDocumentIds },
          timeoutMs: 5_000,
        },
      );
      return res.passages ?? [];
    },
    async lookupPeople(userId, names) {
      const res = await internalCall<{ individuals?: IndividualDetail[] }>(
        config.DOCUMENTS_URL,
        '/internal/people/lookup',
        {
          secret,
          requestId,
          body: { userId, names: names.slice(0, 10) },
          timeoutMs: 5_000,
        },
      );
      return res.individuals ?? [];
    },
    async conversation(userId, conversationId) {
      return internalCall<Conversation>(
        config.CONVERSATION_URL,
        `/internal/conversations/${conversationId}?userId=${encodeURIComponent(userId)}`,
        {
          secret,
          requestId,
        },
      );
    },
    async saveMessage(userId, conversationId, message) {
      return internalCall<Message>(config.CONVERSATION_URL, `/internal/conversations/${conversationId}/messages`, {
        secret,
        requestId,
        body: { ...message, userId },
      });
    },
    async saveMessages(userId, conversationId, messages) {
      const res = await internalCall<{ messages: Message[] }>(
        config.CONVERSATION_URL,
        `/internal/conversations/${conversationId}/exchange`,
        { secret, requestId, body: { userId, messages } },
      );
      return res.messages;
    },
  };
}
