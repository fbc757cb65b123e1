import Anthropic from '@anthropic-ai/sdk';
import { DocumentEntities } from '@gnology/contracts';
import type { ExtractionInput, Extractor } from '@gnology/genealogy/extraction';
import { EXTRACTION_INSTRUCTIONS, extractionJsonSchema, userMessage } from './prompt';

const TOOL = 'record_genealogical_facts';

/**
 * Extraction with Claude: a forced tool call whose input schema is the contract's, so the answer
 * is JSON of the right shape; it is validated again with zod. Short timeout and one retry: the
 * rules are a fallback, a user should not wait minutes for a tag list.
 */
export function createAnthropicExtractor(opts: {
  apiKey: string;
  baseURL?: string;
  model: string;
  timeoutMs: number;
}): Extractor {
  const client = new Anthropic({ apiKey: opts.apiKey, baseURL: opts.baseURL, maxRetries: 1, timeout: opts.timeoutMs });
  const schema = extractionJsonSchema();
  return {
    method: 'llm',
    async extract(input: ExtractionInput, signal?: AbortSignal) {
      const message = await client.messages.create(
        {
          model: opts.model,
          max_tokens: 4096,
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
      const block = message.content.find((b) => b.type === 'tool_use');
      if (block?.type !== 'tool_use') throw new Error('the model answered without the extraction tool call');
      return DocumentEntities.parse(block.input);
    },
  };
}
