import Anthropic from '@anthropic-ai/sdk';
import { DocumentEntities } from '@gnology/contracts';
import type { ExtractionInput } from '@gnology/genealogy/extraction';
import { type ModelExtractor, MAX_EXTRACTION_TOKENS } from './metered-extraction';
import { EXTRACTION_INSTRUCTIONS, extractionJsonSchema, userMessage } from './prompt';

const TOOL = 'record_genealogical_facts';

/**
 * Extraction with Claude: a forced tool call whose input schema is the contract's, so the answer
 * is JSON of the right shape; it is validated again with zod. Short timeout and one retry: the
 * rules are a fallback, a user should not wait minutes for a tag list. The answer is capped to
 * `maxTokens` (what billing holds) and comes back with the usage the API reports, to settle.
 */
export function createAnthropicExtractor(opts: {
  apiKey: string;
  baseURL?: string;
  model: string;
  timeoutMs: number;
}): ModelExtractor {
  const client = new Anthropic({ apiKey: opts.apiKey, baseURL: opts.baseURL, maxRetries: 1, timeout: opts.timeoutMs });
  const schema = extractionJsonSchema();
  return {
    async extract(input: ExtractionInput, { signal, maxTokens = MAX_EXTRACTION_TOKENS }) {
      const message = await client.messages.create(
        {
          model: opts.model,
          max_tokens: maxTokens,
          system: EXTRACTION_INSTRUCTIONS,
          tools: [
            {
              name: TOOL,
              description: 'Records the facts found in the document.',
              input_schema: schema as Anthropic.Tool.InputSchema,
            },
          ],
          tool_choice: { type: 'tool', name: TOOL },
          messages: [{ role: 'user', content: userMessage(input.text, input.originalName, input.hints) }],
        },
        { signal, timeout: opts.timeoutMs, maxRetries: 1 },
      );
      const usage = {
        inputTokens:
          message.usage.input_tokens +
          (message.usage.cache_creation_input_tokens ?? 0) +
          (message.usage.cache_read_input_tokens ?? 0),
        outputTokens: message.usage.output_tokens,
      };
      const block = message.content.find((b) => b.type === 'tool_use');
      if (block?.type !== 'tool_use')
        throw Object.assign(new Error('the model answered without the extraction tool call'), { usage });
      const parsed = DocumentEntities.safeParse(block.input);
      if (!parsed.success) throw Object.assign(parsed.error, { usage });
      return { entities: parsed.data, usage };
    },
  };
}
