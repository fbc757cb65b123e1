import { offlineAnswer } from '../domain/offline/answer';
import type { LlmProvider, ProviderEvent, ProviderRequest } from '../domain/model';

/**
 * The embedded default: no model. Answers from the user's documents (retrieval over their text
 * and entities) and streams the answer in small pieces like a model would. The answer is
 * deterministic, so a resumed generation skips what was already written.
 */
export class OfflineProvider implements LlmProvider {
  readonly name = 'offline' as const;

  constructor(private readonly opts: { chunkDelayMs?: number } = {}) {}

  async *stream(req: ProviderRequest, signal: AbortSignal): AsyncIterable<ProviderEvent> {
    const full = offlineAnswer({
      query: req.query,
      documents: req.documents,
      requestType: req.requestType,
      book: req.book,
      people: req.people,
    });
    const already = req.continuation && full.startsWith(req.continuation) ? req.continuation.length : 0;
    const rest = full.slice(already);
    const pieces = rest.match(/[\s\S]{1,48}(?=\s|$)|[\s\S]{1,48}/g) ?? [];
    const delay = this.opts.chunkDelayMs ?? 0;
    for (const piece of pieces) {
      if (signal.aborted) break;
      yield { type: 'delta', text: piece };
      if (delay > 0) await new Promise((r) => setTimeout(r, delay));
    }
    // No model, no tokens: offline answers are not charged (decision 0043).
    yield {
      type: 'done',
      usage: { inputTokens: 0, outputTokens: 0, savedTokens: 0 },
      stopReason: signal.aborted ? 'aborted' : 'end',
    };
  }
}
