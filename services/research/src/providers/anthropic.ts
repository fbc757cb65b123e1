import Anthropic from '@anthropic-ai/sdk';
import { peopleBlock } from '../domain/people-evidence';
import { bookInstructions, documentBlock, documentsPreamble, sortDocuments } from '../domain/prompt';
import { deadlineSignal, toProviderError } from './errors';
import type { ChatTurn, LlmProvider, ProviderEvent, ProviderRequest, StopReason } from '../domain/model';

type TextBlock = { type: 'text'; text: string; cache_control?: { type: 'ephemeral' } };

/**
 * Anthropic's Messages API through the official SDK, always streamed. The system prompt and
 * the documents are separate system blocks in a stable order (documents sorted by id) with
 * cache_control on the last block that repeats between calls, so a follow-up question about the
 * same documents reads them from the prompt cache.
 */
export class AnthropicProvider implements LlmProvider {
  readonly name = 'anthropic' as const;
  private readonly client: Anthropic;

  constructor(private readonly opts: { apiKey: string; baseURL?: string; model: string }) {
    this.client = new Anthropic({ apiKey: opts.apiKey, baseURL: opts.baseURL, maxRetries: 0 });
  }

  async *stream(req: ProviderRequest, signal: AbortSignal): AsyncIterable<ProviderEvent> {
    const deadline = deadlineSignal(signal, req.timeoutMs);
    const messages = buildMessages(req);
    let inputTokens = 0;
    let savedTokens = 0;
    let outputTokens = 0;
    let stopReason: StopReason = 'end';
    try {
      const stream = await this.client.messages.create(
        {
          model: this.opts.model,
          max_tokens: req.maxTokens,
          system: buildSystem(req),
          messages,
          stream: true,
        },
        { timeout: req.timeoutMs, maxRetries: req.maxRetries, signal: deadline.signal },
      );
      for await (const event of stream) {
        switch (event.type) {
          case 'message_start': {
            const u = event.message.usage;
            savedTokens = u.cache_read_input_tokens ?? 0;
            inputTokens = u.input_tokens + (u.cache_creation_input_tokens ?? 0) + savedTokens;
            outputTokens = u.output_tokens ?? 0;
            break;
          }
          case 'content_block_delta':
            if (event.delta.type === 'text_delta' && event.delta.text) yield { type: 'delta', text: event.delta.text };
            break;
          case 'message_delta':
            if (event.usage?.output_tokens !== undefined && event.usage.output_tokens !== null)
              outputTokens = event.usage.output_tokens;
            if (event.delta.stop_reason === 'max_tokens') stopReason = 'max_tokens';
            break;
        }
      }
      // The SDK ends an aborted stream quietly: say why it ended.
      if (deadline.signal.aborted) throw toProviderError(new Error('aborted'), deadline);
    } catch (err) {
      throw toProviderError(err, deadline);
    } finally {
      deadline.dispose();
    }
    yield { type: 'done', usage: { inputTokens, outputTokens, savedTokens }, stopReason };
  }
}

export function buildSystem(req: ProviderRequest): TextBlock[] {
  const blocks: TextBlock[] = [{ type: 'text', text: req.system }];
  const docs = sortDocuments(req.documents);
  if (docs.length) {
    blocks.push({ type: 'text', text: documentsPreamble(docs.length, docs.filter((d) => d.retrieved).length) });
    for (const d of docs) blocks.push({ type: 'text', text: documentBlock(d) });
  }
  // The repeating prefix ends here: Gene's instructions plus the documents.
  blocks[blocks.length - 1]!.cache_control = { type: 'ephemeral' };
  if (req.people?.length) blocks.push({ type: 'text', text: peopleBlock(req.people) });
  if (req.book) blocks.push({ type: 'text', text: bookInstructions(req.book) });
  return blocks;
}

function buildMessages(req: ProviderRequest): { role: 'user' | 'assistant'; content: string | TextBlock[] }[] {
  const turns: ChatTurn[] = req.messages.length ? req.messages : [{ role: 'user', content: req.query }];
  const out: { role: 'user' | 'assistant'; content: string | TextBlock[] }[] = turns.map((t) => ({
    role: t.role,
    content: t.content,
  }));
  // Cache the history too: the next question in this conversation repeats all of it.
  if (out.length >= 3) {
    const lastHistory = out[out.length - 2]!;
    lastHistory.content = [{ type: 'text', text: String(lastHistory.content), cache_control: { type: 'ephemeral' } }];
  }
  // An interrupted generation resumes as a prefilled assistant turn, which the model continues.
  // The API refuses a prefill that ends in whitespace.
  const prefill = req.continuation?.replace(/\s+$/, '');
  if (prefill) out.push({ role: 'assistant', content: prefill });
  return out;
}
