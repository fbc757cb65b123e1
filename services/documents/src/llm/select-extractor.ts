import type { Logger } from '@gnology/platform/logger';
import type { DocumentsConfig } from '../config';
import {
  createRulesExtractor,
  deriveTags,
  type ExtractionInput,
  type Extractor,
  keepNamesInText,
} from '@gnology/genealogy/extraction';
import { defaultGazetteer } from '@gnology/genealogy/node/gazetteer-tables';
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
  const rules = createRulesExtractor(defaultGazetteer);
  const provider =
    config.EXTRACTION_PROVIDER ??
    (config.ANTHROPIC_API_KEY ? 'anthropic' : config.OPENAI_BASE_URL ? 'openai' : 'rules');
  let llm: Extractor | undefined;
  if (provider === 'anthropic' && config.ANTHROPIC_API_KEY) {
    llm = createAnthropicExtractor({
      apiKey: config.ANTHROPIC_API_KEY,
      baseURL: config.ANTHROPIC_BASE_URL,
      model: config.EXTRACTION_ANTHROPIC_MODEL,
      timeoutMs: config.EXTRACTION_TIMEOUT_MS,
    });
  } else if (provider === 'openai' && config.OPENAI_BASE_URL) {
    llm = createOpenAiExtractor({
      baseUrl: config.OPENAI_BASE_URL,
      apiKey: config.OPENAI_API_KEY,
      model: config.EXTRACTION_OPENAI_MODEL,
      timeoutMs: config.EXTRACTION_TIMEOUT_MS,
    });
  }
  return {
    configured: llm ? (provider as 'anthropic' | 'openai') : 'rules',
    async extract(input, signal) {
      const ruled = await rules.extract(input);
      // A photo with no text has nothing for a model to read.
      if (llm && input.text.trim().length >= 20) {
        try {
          const answer = await llm.extract({ ...input, hints: ruled }, signal);
          // Checked against the rules' ground: a person the text does not name is dropped.
          const peopleIdentified = keepNamesInText(answer.peopleIdentified, input.text);
          if (answer.peopleIdentified.length !== peopleIdentified.length) {
            logger?.info(
              { dropped: answer.peopleIdentified.length - peopleIdentified.length },
              'LLM extraction named people the text does not',
            );
          }
          const personDetails = keepNamesInText(answer.personDetails ?? ruled.personDetails ?? [], input.text);
          // The model may not know the product's tag conventions; add them.
          const tags = [
            ...new Set([...answer.tags, ...deriveTags(answer.documentType, answer.dateInfo, answer.geographicalInfo)]),
          ].slice(0, 20);
          const entities = { ...answer, peopleIdentified, tags, ...(personDetails.length ? { personDetails } : {}) };
          return { entities, method: 'llm' };
        } catch (err) {
          logger?.warn({ err: { message: (err as Error).message } }, 'LLM extraction failed; using the rules');
        }
      }
      return { entities: ruled, method: 'rules' };
    },
  };
}
