import { RESEARCH_COMPLETED, type ResearchCompletedData, type ResearchStreamDone, type RetrievedSource, type TokenBalance, savingsPercentage, tokensCostUsd } from '@gnology/contracts';
import { writeEvent } from '@gnology/platform/events/outbox';
import { TOPICS } from '@gnology/platform/events/topics';
import { totalTokens } from '../domain/cost';
import type { RequestPlan } from '../domain/request';
import type { LlmProvider, ProviderUsage } from '../providers/types';
import type { ResearchRuntime } from './runtime';

export interface CompletionInput {
  requestId: string;
  userId: string;
  conversationId: string | null;
  documentIds: string[];
  plan: RequestPlan;
  provider: LlmProvider['name'];
  text: string;
  /** What the provider reported. */
  usage: ProviderUsage;
  /** What to charge, when it differs from `usage` (an estimate: the provider reported nothing). */
  charge?: ProviderUsage;
  generationId: string | null;
  /** The library documents the answer was built from: saved with it and answered ("Sources used"). */
  sources?: RetrievedSource[];
  stopped: boolean;
  startedAt: number;
  /** The account's remaining tokens and the hold, as billing last answered: the balance shown if billing cannot answer now. */
  balanceHint: { remaining: number; amount: number };
  httpRequestId?: string;
}

type OutcomeInput = Omit<CompletionInput, 'text' | 'stopped' | 'documentIds' | 'sources'> & { outcome: ResearchCompletedData['outcome'] };

/**
 * Records how a request ended and settles it (decision 0085): first `research.completed` with
 * what to charge goes into the outbox (durable: billing settles from it however long it is
 * down), then the synchronous settle gives the answer its balance. Billing settles by request
 * id, so the two never charge twice. A failure with nothing to charge releases the hold.
 */
export async function settleOutcome(rt: ResearchRuntime, c: OutcomeInput): Promise<TokenBalance> {
  const clients = rt.clients(c.httpRequestId);
  const charge = c.charge ?? c.usage;
  const data: ResearchCompletedData = {
    requestId: c.requestId,
    reservationId: c.requestId,
    userId: c.userId,
    conversationId: c.conversationId,
    generationId: c.generationId,
    requestType: c.plan.requestType,
    provider: c.provider,
    outcome: c.outcome,
    usage: c.usage,
    charge,
    estimated: c.charge !== undefined,
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
  const charged = totalTokens(charge);
  try {
    if (c.outcome === 'failed' && charged === 0) {
      const r = await clients.release(c.requestId);
      return { used: 0, remaining: r.remaining, breakdown: breakdown(charge) };
    }
    return await clients.settle(c.requestId, charge);
  } catch (err) {
    // Billing is unreachable: it settles from the event when it is back. Show the balance this
    // charge leaves, from billing's last answer (never a negative or made-up figure).
    rt.deps.logger.error({ err, requestId: c.requestId }, 'settling tokens failed; billing settles from research.completed');
    return { used: charged, remaining: Math.max(0, c.balanceHint.remaining + c.balanceHint.amount - charged), breakdown: breakdown(charge) };
  }
}

/**
 * After the model: record and settle the request, then save Gene's answer with its token
 * figures — in that order, so a saved answer always carries the balance that paid for it.
 */
export async function completeResearch(rt: ResearchRuntime, c: CompletionInput): Promise<ResearchStreamDone> {
  const clients = rt.clients(c.httpRequestId);
  const tokenBalance = await settleOutcome(rt, { ...c, outcome: c.stopped ? 'stopped' : 'completed' });
  const charge = c.charge ?? c.usage;
  const tokens = {
    input: charge.inputTokens,
    output: charge.outputTokens,
    total: charge.inputTokens + charge.outputTokens,
    saved: charge.savedTokens,
    // Billing's answer carries the percentage (the shared formula when billing could not answer).
    savingsPercentage: tokenBalance.breakdown.savingsPercentage,
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
          cost: tokensCostUsd(tokens.total, 4),
          ...(c.sources?.length ? { sources: c.sources } : {}),
        })
      : null;
  return {
    response: c.text,
    tokenBalance,
    requestType: c.plan.requestType,
    provider: c.provider,
    messageId: message?.id ?? null,
    generationId: c.generationId,
    usage: charge,
    stopped: c.stopped,
    ...(c.sources?.length ? { sources: c.sources } : {}),
  };
}

export function breakdown(u: ProviderUsage) {
  return {
    input: u.inputTokens,
    output: u.outputTokens,
    saved: u.savedTokens,
    savingsPercentage: savingsPercentage(u),
  };
}
