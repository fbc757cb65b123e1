import {
  RESEARCH_COMPLETED,
  type ResearchCompletedData,
  type ResearchStreamDone,
  type RetrievedSource,
  type SaveMessageBody,
  type TokenBalance,
  savingsPercentage,
  tokensCostUsd,
} from '@gnology/contracts';
import { writeEvent } from '@gnology/platform/events/outbox';
import { TOPICS } from '@gnology/platform/events/topics';
import { totalTokens } from '../domain/cost';
import type { RequestPlan } from '../domain/request';
import type { LlmProvider, ProviderUsage } from '../domain/model';
import type { ResearchDeps } from '../context';
import { type RequestIds, releaseReservation } from './reservation';

export interface CompletionInput {
  ids: RequestIds;
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
  /** The user's message not yet saved: saved just before the answer, in the same call (decision 0245). */
  question?: SaveMessageBody | null;
  /** The library documents the answer was built from: saved with it and answered ("Sources used"). */
  sources?: RetrievedSource[];
  stopped: boolean;
  startedAt: number;
  /** The account's remaining tokens and the hold, as billing last answered: the balance shown if billing cannot answer now. */
  balanceHint: { remaining: number; amount: number };
}

type OutcomeInput = Omit<CompletionInput, 'text' | 'stopped' | 'documentIds' | 'sources' | 'question'> & {
  outcome: ResearchCompletedData['outcome'];
};

/**
 * Records how a request ended and settles it (decision 0085): first `research.completed` with
 * what to charge goes into the outbox (durable: billing settles from it however long it is
 * down), then the synchronous settle gives the answer its balance. Billing settles by request
 * id, so the two never charge twice. A failure with nothing to charge releases the hold.
 */
export async function settleOutcome(deps: ResearchDeps, c: OutcomeInput): Promise<TokenBalance> {
  const { reservationId, generationId, httpRequestId } = c.ids;
  const charge = c.charge ?? c.usage;
  // The event's wire names stay: billing settles by `requestId`, which is the reservation's id.
  const data: ResearchCompletedData = {
    requestId: reservationId,
    reservationId,
    userId: c.userId,
    conversationId: c.conversationId,
    generationId,
    requestType: c.plan.requestType,
    provider: c.provider,
    outcome: c.outcome,
    usage: c.usage,
    charge,
    estimated: c.charge !== undefined,
    durationMs: Date.now() - c.startedAt,
  };
  await deps.database.db.transaction().execute((trx) =>
    writeEvent(trx, {
      topic: TOPICS.research,
      key: c.userId,
      type: RESEARCH_COMPLETED,
      source: '/services/research',
      subject: reservationId,
      data,
      requestId: httpRequestId,
    }),
  );
  const charged = totalTokens(charge);
  const fromHint = (): TokenBalance => ({
    used: charged,
    remaining: Math.max(0, c.balanceHint.remaining + c.balanceHint.amount - charged),
    breakdown: breakdown(charge),
  });
  if (c.outcome === 'failed' && charged === 0) {
    const released = await releaseReservation(deps, c.ids);
    return released ? { used: 0, remaining: released.remaining, breakdown: breakdown(charge) } : fromHint();
  }
  try {
    return await deps.clients(httpRequestId).settle(reservationId, charge);
  } catch (err) {
    // Billing is unreachable: it settles from the event when it is back. Show the balance this
    // charge leaves, from billing's last answer (never a negative or made-up figure).
    deps.logger.error({ err, reservationId }, 'settling tokens failed; billing settles from research.completed');
    return fromHint();
  }
}

/**
 * After the model: record and settle the request, then save Gene's answer with its token
 * figures — in that order, so a saved answer always carries the balance that paid for it.
 */
export async function completeResearch(deps: ResearchDeps, c: CompletionInput): Promise<ResearchStreamDone> {
  const clients = deps.clients(c.ids.httpRequestId);
  const tokenBalance = await settleOutcome(deps, { ...c, outcome: c.stopped ? 'stopped' : 'completed' });
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
  const answer: SaveMessageBody | null = c.text.trim()
    ? {
        type: 'assistant',
        content: c.text,
        requestType: c.plan.requestType,
        documents: c.documentIds.length ? c.documentIds : null,
        tokens,
        tokenBalance: { remaining: tokenBalance.remaining },
        cost: tokensCostUsd(tokens.total, 4),
        ...(c.sources?.length ? { sources: c.sources } : {}),
      }
    : null;
  // The question first (history order), then the answer: one call, one transaction (decision 0245).
  const toSave = [c.question, answer].filter((m): m is SaveMessageBody => !!m);
  const saved = c.conversationId && toSave.length ? await clients.saveMessages(c.userId, c.conversationId, toSave) : [];
  const message = answer ? saved[toSave.length - 1] : undefined;
  return {
    response: c.text,
    tokenBalance,
    requestType: c.plan.requestType,
    provider: c.provider,
    messageId: message?.id ?? null,
    generationId: c.ids.generationId,
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
