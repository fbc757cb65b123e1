import { researchErrorMessage, type ResearchStreamDone } from '@gnology/contracts';
import { HttpError } from '@gnology/platform/http/errors';
import { AbortedError } from '../providers/errors';
import { ProviderError, type ProviderUsage } from '../providers/types';
import { estimatedUsage } from '../domain/cost';
import { releaseSlot } from '../store/in-flight';
import { completeResearch, settleOutcome } from './complete';
import type { PreparedRequest } from './prepare';
import type { ResearchRuntime } from './runtime';

/** A provider failure as the error the user sees: the spec's message, and a status that is safe to send. */
export function providerFailure(err: unknown): HttpError {
  if (err instanceof HttpError) return err;
  const status = err instanceof ProviderError ? err.status : undefined;
  const type = err instanceof ProviderError ? err.type : undefined;
  const message = researchErrorMessage(status, type);
  // A 401/403 from the provider is about our key, not the user's session: never make the web sign
  // out. Server-side failures answer 503, the one 5xx status whose message reaches the user.
  const safeStatus = status && status >= 400 && status < 500 && status !== 401 && status !== 403 ? status : 503;
  return new HttpError(safeStatus, message, { code: 'provider_error', providerStatus: status ?? null, providerType: type ?? null });
}

const NO_USAGE: ProviderUsage = { inputTokens: 0, outputTokens: 0, savedTokens: 0 };

/**
 * A regular request, answered in this process: streams deltas to `onDelta` as they arrive, then
 * settles and saves. The client going away does not stop it: the answer is still saved. A model
 * failure after text has streamed charges what was streamed (decision 0085).
 */
export async function runInline(rt: ResearchRuntime, p: PreparedRequest, onDelta: (text: string) => void, httpRequestId?: string): Promise<ResearchStreamDone> {
  const request = p.request;
  let text = '';
  let usage: ProviderUsage = NO_USAGE;
  let charge: ProviderUsage | undefined;
  const controller = new AbortController();
  const base = {
    requestId: p.requestId,
    userId: p.userId,
    conversationId: p.conversation?.id ?? null,
    plan: p.plan,
    provider: rt.provider.name,
    generationId: null,
    startedAt: p.startedAt,
    balanceHint: p.reservation,
    httpRequestId,
  };
  try {
    try {
      for await (const ev of rt.provider.stream(request, controller.signal)) {
        if (ev.type === 'delta') {
          text += ev.text;
          onDelta(ev.text);
        } else if (ev.estimated) charge = ev.usage;
        else usage = ev.usage;
      }
      // The question must be saved before the answer (history order); normally it long has been.
      await p.userMessageSaved;
    } catch (err) {
      const streamed = text ? ((err as { usage?: ProviderUsage }).usage ?? estimatedUsage(p.promptTokens, text.length)) : NO_USAGE;
      await settleOutcome(rt, { ...base, usage: NO_USAGE, charge: streamed, outcome: 'failed' }).catch((e) => rt.deps.logger.warn({ err: e }, 'recording the failed request failed'));
      if (!(err instanceof AbortedError)) rt.deps.logger.warn({ err, provider: rt.provider.name }, 'provider failed');
      throw providerFailure(err);
    }
    return await completeResearch(rt, { ...base, documentIds: p.documentIds, sources: p.sources, text, usage, charge, stopped: false });
  } finally {
    await releaseSlot(rt.deps.database.db, p.requestId).catch(() => {});
  }
}
