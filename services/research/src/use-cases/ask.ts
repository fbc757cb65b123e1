import type { ResearchStreamDone } from '@gnology/contracts';
import type { ResearchDeps } from '../context';
import { estimatedUsage } from '../domain/cost';
import { historyShape } from '../domain/history-shape';
import type { ProviderUsage } from '../domain/model';
import { providerFailure } from '../domain/provider-failure';
import { AbortedError } from '../providers/errors';
import type { PreparedRequest } from './prepare-request';
import { completeResearch, settleOutcome } from './record-outcome';
import { endInFlight } from './reservation';

const NO_USAGE: ProviderUsage = { inputTokens: 0, outputTokens: 0, savedTokens: 0 };

/**
 * A regular request, answered in this process: streams deltas to `onDelta` as they arrive, then
 * settles and saves the question and its answer together. The client going away does not stop it: the answer is still saved. A model
 * failure after text has streamed charges what was streamed (decision 0085).
 */
export async function runInline(
  deps: ResearchDeps,
  p: PreparedRequest,
  onDelta: (text: string) => void,
): Promise<ResearchStreamDone> {
  const request = p.request;
  let text = '';
  let usage: ProviderUsage = NO_USAGE;
  let charge: ProviderUsage | undefined;
  const controller = new AbortController();
  const base = {
    ids: p.ids,
    userId: p.userId,
    conversationId: p.conversation?.id ?? null,
    plan: p.plan,
    provider: deps.provider.name,
    startedAt: p.startedAt,
    balanceHint: p.reservation,
  };
  try {
    try {
      for await (const ev of deps.provider.stream(request, controller.signal)) {
        if (ev.type === 'delta') {
          text += ev.text;
          onDelta(ev.text);
        } else if (ev.estimated) charge = ev.usage;
        else usage = ev.usage;
      }
    } catch (err) {
      // A question whose answer failed stays in the history (the next one folds it in).
      await p.saveQuestion().catch((e) => deps.logger.warn({ err: e }, 'saving the question failed'));
      const streamed = text
        ? ((err as { usage?: ProviderUsage }).usage ?? estimatedUsage(p.promptTokens, text.length))
        : NO_USAGE;
      await settleOutcome(deps, { ...base, usage: NO_USAGE, charge: streamed, outcome: 'failed' }).catch((e) =>
        deps.logger.warn({ err: e }, 'recording the failed request failed'),
      );
      if (!(err instanceof AbortedError)) deps.logger.warn({ err, provider: deps.provider.name }, 'provider failed');
      throw providerFailure(err);
    }
    // Saved with the answer, in one call: nothing is saved between the first token and the last (decision 0245).
    const question = p.takeQuestion();
    const done = await completeResearch(deps, {
      ...base,
      documentIds: p.documentIds,
      sources: p.sources,
      question,
      text,
      usage,
      charge,
      stopped: false,
    });
    // The conversation's next question will find this history: it can reserve beside its reads.
    if (p.conversation && question && done.messageId)
      deps.reservationHints.saved(p.conversation.id, [
        ...historyShape(p.conversation.messages),
        ...historyShape([question, { type: 'assistant', content: text }]),
      ]);
    return done;
  } finally {
    await endInFlight(deps, p.ids);
  }
}
