import { researchErrorMessage, type ResearchStreamDone } from '@gnology/contracts';
import { HttpError } from '@gnology/platform/http/errors';
import { AbortedError } from '../providers/errors';
import { ProviderError, type ProviderUsage } from '../providers/types';
import { completeResearch } from './complete';
import { buildProviderRequest } from './context';
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

/**
 * A regular request, answered in this process: streams deltas to `onDelta` as they arrive, then
 * settles and saves. The client going away does not stop it: the answer is still saved.
 */
export async function runInline(rt: ResearchRuntime, p: PreparedRequest, onDelta: (text: string) => void, httpRequestId?: string): Promise<ResearchStreamDone> {
  const request = buildProviderRequest({ plan: p.plan, query: p.query, history: p.conversation?.messages ?? [], documents: p.documents, book: p.book?.context });
  let text = '';
  let usage: ProviderUsage = { inputTokens: 0, outputTokens: 0, savedTokens: 0 };
  const controller = new AbortController();
  try {
    for await (const ev of rt.provider.stream(request, controller.signal)) {
      if (ev.type === 'delta') {
        text += ev.text;
        onDelta(ev.text);
      } else usage = ev.usage;
    }
    // The question must be saved before the answer (history order); normally it long has been.
    await p.userMessageSaved;
  } catch (err) {
    await rt.clients(httpRequestId).release(p.requestId).catch((e) => rt.deps.logger.warn({ err: e }, 'release failed'));
    if (!(err instanceof AbortedError)) rt.deps.logger.warn({ err, provider: rt.provider.name }, 'provider failed');
    throw providerFailure(err);
  }
  return completeResearch(rt, {
    requestId: p.requestId,
    userId: p.userId,
    conversationId: p.conversation?.id ?? null,
    documentIds: p.documentIds,
    plan: p.plan,
    provider: rt.provider.name,
    text,
    usage,
    generationId: null,
    stopped: false,
    startedAt: p.startedAt,
    httpRequestId,
  });
}
