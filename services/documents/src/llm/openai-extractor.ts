import { DocumentEntities } from '@gnology/contracts';
import type { ExtractionInput, Extractor } from '../domain/extraction';
import { EXTRACTION_INSTRUCTIONS, extractionJsonSchema, userMessage } from './prompt';

/**
 * Extraction with any OpenAI-compatible server (Ollama, vLLM): chat completions with a JSON-schema
 * response format, validated with zod. Plain fetch: the endpoint is one POST.
 */
export function createOpenAiExtractor(opts: {
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs: number;
}): Extractor {
  const url = `${opts.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const schema = extractionJsonSchema();
  return {
    method: 'llm',
    async extract(input: ExtractionInput, signal?: AbortSignal) {
      const timeout = AbortSignal.timeout(opts.timeoutMs);
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(opts.apiKey ? { authorization: `Bearer ${opts.apiKey}` } : {}),
        },
        body: JSON.stringify({
          model: opts.model,
          temperature: 0,
          messages: [
            { role: 'system', content: EXTRACTION_INSTRUCTIONS },
            { role: 'user', content: userMessage(input.text, input.originalName, input.hints) },
          ],
          response_format: { type: 'json_schema', json_schema: { name: 'genealogical_facts', strict: true, schema } },
        }),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
      if (!res.ok) throw new Error(`the model server answered ${res.status}`);
      const body = (await res.json()) as { choices?: { message?: { content?: string } }[] };
      const content = body.choices?.[0]?.message?.content;
      if (!content) throw new Error('the model server answered without content');
      return DocumentEntities.parse(JSON.parse(content));
    },
  };
}
