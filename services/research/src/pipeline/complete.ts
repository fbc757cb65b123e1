import { RESEARCH_COMPLETED, type ResearchCompletedData, type ResearchStreamDone, type TokenBalance } from '@gnology/contracts';
import { writeEvent } from '@gnology/platform/events/outbox';
import { TOPICS } from '@gnology/platform/events/topics';
import type { RequestPlan } from '../domain/request';
import type { LlmProvider, ProviderUsage } from '../providers/types';
import type { ResearchRuntime } from './runtime';

/** The dollar value of tokens at the overage rate (spec section 9: $5.00 per 100,000 tokens). */
export function tokenCost(tokens: number): number {
  return Math.round(tokens * 5e-5 * 10_000) / 10_000;
}

export interface CompletionInput {
  requestId: string;
  userId: string;
  conversationId: string | null;
  documentIds: string[];
  plan: RequestPlan;
  provider: LlmProvider['name'];
  text: string;
  usage: ProviderUsage;
  generationId: string | null;
  stopped: boolean;
  startedAt: number;
  httpRequestId?: string;
}

/**
 * After the model: settle the reservation with the real usage, save Gene's answer with its token
 * figures, and record `research.completed` — in that order, so a saved answer always carries the
 * balance that paid for it.
 */
export async function completeResearch(rt: ResearchRuntime, c: CompletionInput): Promise<ResearchStreamDone> {
  const clients = rt.clients(c.httpRequestId);
  let tokenBalance: TokenBalance;
  try {
    tokenBalance = await clients.settle(c.requestId, c.usage);
  } catch (err) {
    // The answer exists and was paid for by the reservation; billing reconciles unsettled ones.
    rt.deps.logger.error({ err, requestId: c.requestId }, 'settling tokens failed');
    const used = c.usage.inputTokens + c.usage.outputTokens;
    tokenBalance = { used, remaining: -1, breakdown: breakdown(c.usage) };
  }
  const tokens = {
    input: c.usage.inputTokens,
    output: c.usage.outputTokens,
    total: c.usage.inputTokens + c.usage.outputTokens,
    saved: c.usage.savedTokens,
    savingsPercentage: breakdown(c.usage).savingsPercentage,
    max: c.plan.maxTokens,
  };
  const message =
    c.conversationId && c.text.trim()
      ? await clients.saveMessage(c.userId, c.conversationId, {
          type: 'assistant',
          content: c.text,
          requestType: c.plan.requestType,
          documents: c.documentIds.length ? c.documentIds : null,
          tokens,
          tokenBalance: { remaining: tokenBalance.remaining },
          cost: tokenCost(tokens.total),
        })
      : null;
  const data: ResearchCompletedData = {
    requestId: c.requestId,
    userId: c.userId,
    conversationId: c.conversationId,
    generationId: c.generationId,
    requestType: c.plan.requestType,
    provider: c.provider,
    outcome: c.stopped ? 'stopped' : 'completed',
    usage: c.usage,
    durationMs: Date.now() - c.startedAt,
  };
  await rt.deps.database.db.transaction().execute((trx) =>
    writeEvent(trx, {
      topic: TOPICS.research,
      key: c.userId,
      type: RESEARCH_COMPLETED,
      source: '/services/research',
      subject: c.requestId,
      data,
      requestId: c.httpRequestId,
    }),
  );
  return {
    response: c.text,
    tokenBalance,
    requestType: c.plan.requestType,
    provider: c.provider,
    messageId: message?.id ?? null,
    generationId: c.generationId,
    usage: c.usage,
    stopped: c.stopped,
  };
}

export function breakdown(u: ProviderUsage) {
  return {
    input: u.inputTokens,
    output: u.outputTokens,
    saved: u.savedTokens,
    savingsPercentage: u.inputTokens > 0 ? Math.round((u.savedTokens / u.inputTokens) * 1000) / 10 : 0,
  };
}
