import OpenAI from 'openai';
import { tokensOfChars } from '../domain/cost';
import { peopleBlock } from '../domain/people-evidence';
import { bookInstructions, documentBlock, documentsPreamble, sortDocuments } from '../domain/prompt';
import { deadlineSignal, toProviderError } from './errors';
import type { LlmProvider, ProviderEvent, ProviderRequest, StopReason } from '../domain/model';

/**
 * Any server speaking OpenAI's chat completions (Ollama, vLLM, llama.cpp, OpenAI itself), through
 * the official SDK, streamed with usage in the last chunk.
 */
export class OpenAiCompatibleProvider implements LlmProvider {
  readonly name = 'openai' as const;
  private readonly client: OpenAI;

  constructor(private readonly opts: { baseURL: string; apiKey?: string; model: string }) {
    // Local servers ignore the key; the SDK insists on one.
    this.client = new OpenAI({ baseURL: opts.baseURL, apiKey: opts.apiKey ?? 'not-needed', maxRetries: 0 });
  }

  async *stream(req: ProviderRequest, signal: AbortSignal): AsyncIterable<ProviderEvent> {
    const deadline = deadlineSignal(signal, req.timeoutMs);
    const docs = sortDocuments(req.documents);
    const system = [
      req.system,
      ...(docs.length
        ? [documentsPreamble(docs.length, docs.filter((d) => d.retrieved).length), ...docs.map(documentBlock)]
        : []),
      ...(req.people?.length ? [peopleBlock(req.people)] : []),
      ...(req.book ? [bookInstructions(req.book)] : []),
    ].join('\n\n');
    const messages: OpenAI.Chat.Completions.ChatCompletionMessageParam[] = [
      { role: 'system', content: system },
      ...(req.messages.length ? req.messages : [{ role: 'user' as const, content: req.query }]),
    ];
    if (req.continuation) {
      messages.push({ role: 'assistant', content: req.continuation });
      messages.push({
        role: 'user',
        content: 'Continue exactly where your previous answer stops. Do not repeat anything already written.',
      });
    }
    let inputTokens = 0;
    let outputTokens = 0;
    let savedTokens = 0;
    let stopReason: StopReason = 'end';
    let reported = false;
    let written = 0;
    try {
      const stream = await this.client.chat.completions.create(
        {
          model: this.opts.model,
          messages,
          max_tokens: req.maxTokens,
          stream: true,
          stream_options: { include_usage: true },
        },
        { timeout: req.timeoutMs, maxRetries: req.maxRetries, signal: deadline.signal },
      );
      for await (const chunk of stream) {
        const choice = chunk.choices?.[0];
        const text = choice?.delta?.content;
        if (text) {
          written += text.length;
          yield { type: 'delta', text };
        }
        if (choice?.finish_reason === 'length') stopReason = 'max_tokens';
        if (chunk.usage) {
          reported = true;
          inputTokens = chunk.usage.prompt_tokens ?? 0;
          outputTokens = chunk.usage.completion_tokens ?? 0;
          savedTokens = chunk.usage.prompt_tokens_details?.cached_tokens ?? 0;
        }
      }
      // The SDK ends an aborted stream quietly: say why it ended.
      if (deadline.signal.aborted) throw toProviderError(new Error('aborted'), deadline);
    } catch (err) {
      throw toProviderError(err, deadline);
    } finally {
      deadline.dispose();
    }
    if (!reported) {
      // Some servers ignore stream_options.include_usage: an answer is never free, so count it
      // from what was sent and written (issue 11).
      const promptChars = messages.reduce((n, m) => n + String(m.content ?? '').length, 0);
      yield {
        type: 'done',
        usage: { inputTokens: tokensOfChars(promptChars), outputTokens: tokensOfChars(written), savedTokens: 0 },
        stopReason,
        estimated: true,
      };
      return;
    }
    yield { type: 'done', usage: { inputTokens, outputTokens, savedTokens }, stopReason };
  }
}
