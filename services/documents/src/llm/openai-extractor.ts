import { DocumentEntities } from '@gnology/contracts';
import type { ExtractionInput, Extractor } from '@gnology/genealogy/extraction';
import { type OpenAiServer, openAiChat } from './openai-chat';
import { EXTRACTION_INSTRUCTIONS, extractionJsonSchema, userMessage } from './prompt';

/**
 * Extraction with any OpenAI-compatible server (Ollama, vLLM): chat completions with a JSON-schema
 * response format, validated with zod.
 */
export function createOpenAiExtractor(opts: OpenAiServer): Extractor {
  const chat = openAiChat(opts);
  const schema = extractionJsonSchema();
  return {
    method: 'llm',
    async extract(input: ExtractionInput, signal?: AbortSignal) {
      const body = (await chat(
        {
          messages: [
            { role: 'system', content: EXTRACTION_INSTRUCTIONS },
            { role: 'user', content: userMessage(input.text, input.originalName, input.hints) },
          ],
          response_format: { type: 'json_schema', json_schema: { name: 'genealogical_facts', strict: true, schema } },
        },
        signal,
      )) as { choices?: { message?: { content?: string } }[] };
      const content = body.choices?.[0]?.message?.content;
      if (!content) throw new Error('the model server answered without content');
      return DocumentEntities.parse(JSON.parse(content));
    },
  };
}
