import { type BalanceRefusal, balanceMessage, type Conversation, type Message, type SaveMessageBody, type TokenBalance } from '@gnology/contracts';
import { HttpError } from '@gnology/platform/http/errors';
import { internalCall } from '@gnology/platform/http/internal';
import type { ResearchConfig } from '../config';
import type { ContextDocument, ProviderUsage } from '../providers/types';

/**
 * The research service's calls to other services (internal routes, shared secret). Every call
 * carries the user id the research service verified from the caller's own token.
 */
export interface Clients {
  reserve(userId: string, requestId: string, estimatedTokens: number): Promise<{ remaining: number; plan: string }>;
  settle(requestId: string, usage: ProviderUsage): Promise<TokenBalance>;
  release(requestId: string): Promise<void>;
  documents(userId: string, documentIds: string[]): Promise<ContextDocument[]>;
  conversation(userId: string, conversationId: string): Promise<Conversation>;
  saveMessage(userId: string, conversationId: string, message: SaveMessageBody): Promise<Message>;
}

export function createClients(config: ResearchConfig, requestId?: string): Clients {
  const secret = config.INTERNAL_TOKEN;
  return {
    async reserve(userId, reqId, estimatedTokens) {
      try {
        return await internalCall<{ remaining: number; plan: string }>(config.BILLING_URL, '/internal/reservations', {
          secret,
          requestId,
          body: { userId, requestId: reqId, estimatedTokens },
        });
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
        { secret, requestId, body: { inputTokens: usage.inputTokens, outputTokens: usage.outputTokens, savedTokens: usage.savedTokens } },
      );
      return { used: res.used, remaining: res.remaining, breakdown: res.breakdown };
    },
    async release(reqId) {
      await internalCall(config.BILLING_URL, `/internal/reservations/${encodeURIComponent(reqId)}/release`, { secret, requestId, body: {} });
    },
    async documents(userId, documentIds) {
      if (documentIds.length === 0) return [];
      const res = await internalCall<{ documents: ContextDocument[] }>(config.DOCUMENTS_URL, '/internal/documents/context', {
        secret,
        requestId,
        body: { userId, documentIds },
        timeoutMs: 30_000,
      });
      // Only this user's documents come back; keep only what was asked for, whatever the answer holds.
      const wanted = new Set(documentIds);
      return (res.documents ?? []).filter((d) => wanted.has(d._id));
    },
    async conversation(userId, conversationId) {
      return internalCall<Conversation>(config.CONVERSATION_URL, `/internal/conversations/${conversationId}?userId=${encodeURIComponent(userId)}`, {
        secret,
        requestId,
      });
    },
    async saveMessage(userId, conversationId, message) {
      return internalCall<Message>(config.CONVERSATION_URL, `/internal/conversations/${conversationId}/messages`, {
        secret,
        requestId,
        body: { ...message, userId },
      });
    },
  };
}
