import type { Logger } from '@gnology/platform/logger';
import type { DocumentsConfig } from '../config';
import { createRulesExtractor, deriveTags, type ExtractionInput, type Extractor } from '../domain/extraction';
import { createAnthropicExtractor } from './anthropic-extractor';
import { createOpenAiExtractor } from './openai-extractor';

/** Extraction result with the method that actually produced it. */
export interface ExtractionOutcome {
  entities: Awaited<ReturnType<Extractor['extract']>>;
  method: 'rules' | 'llm';
}

export interface ExtractionService {
  readonly configured: 'rules' | 'anthropic' | 'openai';
  extract(input: ExtractionInput, signal?: AbortSignal): Promise<ExtractionOutcome>;
}

/**
 * The LLM extractor when a provider is configured (ANTHROPIC_API_KEY, else OPENAI_BASE_URL, or
 * EXTRACTION_PROVIDER), falling back to the rules whenever the model fails or answers badly;
 * the rules alone otherwise.
 */
export function createExtractionService(config: DocumentsConfig, logger?: Logger): ExtractionService {
  const rules = createRulesExtractor();
  const provider = config.EXTRACTION_PROVIDER ?? (config.ANTHROPIC_API_KEY ? 'anthropic' : config.OPENAI_BASE_URL ? 'openai' : 'rules');
  let llm: Extractor | undefined;
  if (provider === 'anthropic' && config.ANTHROPIC_API_KEY) {
    llm = createAnthropicExtractor({ apiKey: config.ANTHROPIC_API_KEY, baseURL: config.ANTHROPIC_BASE_URL, model: config.EXTRACTION_ANTHROPIC_MODEL, timeoutMs: config.EXTRACTION_TIMEOUT_MS });
  } else if (provider === 'openai' && config.OPENAI_BASE_URL) {
    llm = createOpenAiExtractor({ baseUrl: config.OPENAI_BASE_URL, apiKey: config.OPENAI_API_KEY, model: config.EXTRACTION_OPENAI_MODEL, timeoutMs: config.EXTRACTION_TIMEOUT_MS });
  }
  return {
    configured: llm ? (provider as 'anthropic' | 'openai') : 'rules',
    async extract(input, signal) {
      // A photo with no text has nothing for a model to read.
      if (llm && input.text.trim().length >= 20) {
        try {
          const entities = await llm.extract(input, signal);
          // The model may not know the product's tag conventions; add them.
          const tags = [...new Set([...entities.tags, ...deriveTags(entities.documentType, entities.dateInfo, entities.geographicalInfo)])].slice(0, 20);
          return { entities: { ...entities, tags }, method: 'llm' };
        } catch (err) {
          logger?.warn({ err: { message: (err as Error).message } }, 'LLM extraction failed; using the rules');
        }
      }
      return { entities: await rules.extract(input), method: 'rules' };
    },
  };
}
