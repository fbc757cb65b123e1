import { DocumentEntities } from '@gnology/contracts';
import type { ExtractionInput } from '@gnology/genealogy/extraction';
import { estimateTokens, type ModelExtractor, MAX_EXTRACTION_TOKENS } from './metered-extraction';
import { type OpenAiServer, openAiChat } from './openai-chat';
import { EXTRACTION_INSTRUCTIONS, extractionJsonSchema, userMessage } from './prompt';

/**
 * Extraction with any OpenAI-compatible server (Ollama, vLLM): chat completions with a JSON-schema
 * response format, validated with zod. The usage is the server's when it reports one, else an
 * estimate from the lengths of the prompt and the answer.
 */
export function createOpenAiExtractor(opts: OpenAiServer): ModelExtractor {
  const chat = openAiChat(opts);
  const schema = extractionJsonSchema();
  return {
    async extract(input: ExtractionInput, { signal, maxTokens = MAX_EXTRACTION_TOKENS }) {
      const prompt = userMessage(input.text, input.originalName, input.hints);
      const body = (await chat(
        {
          max_tokens: maxTokens,
          messages: [
            { role: 'system', content: EXTRACTION_INSTRUCTIONS },
            { role: 'user', content: prompt },
          ],
          response_format: { type: 'json_schema', json_schema: { name: 'genealogical_facts', strict: true, schema } },
        },
        signal,
      )) as {
        choices?: { message?: { content?: string } }[];
        usage?: { prompt_tokens?: number; completion_tokens?: number };
      };
      const content = body.choices?.[0]?.message?.content;
      const usage = {
        inputTokens: body.usage?.prompt_tokens ?? estimateTokens(EXTRACTION_INSTRUCTIONS.length + prompt.length),
        outputTokens: body.usage?.completion_tokens ?? estimateTokens(content?.length ?? 0),
      };
      if (!content) throw Object.assign(new Error('the model server answered without content'), { usage });
      try {
        return { entities: DocumentEntities.parse(JSON.parse(content)), usage };
      } catch (err) {
        throw Object.assign(err as Error, { usage });
      }
    },
  };
}
