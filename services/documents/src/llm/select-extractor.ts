import type { Logger } from '@gnology/platform/logger';
import type { DocumentsConfig } from '../config';
import {
  createRulesExtractor,
  deriveTags,
  type ExtractionInput,
  type Extractor,
  keepNamesInText,
  mergePersonDetails,
} from '@gnology/genealogy/extraction';
import { defaultGazetteer } from '@gnology/genealogy/node/gazetteer-tables';
import { createTokenMeter, type TokenMeter } from '../library/jobs/handwriting/billing';
import { createAnthropicExtractor } from './anthropic-extractor';
import { type ExtractionMetering, type ModelExtractor, meteredModelCall } from './metered-extraction';
import { createOpenAiExtractor } from './openai-extractor';

/** Extraction result with the method that actually produced it. */
export interface ExtractionOutcome {
  entities: Awaited<ReturnType<Extractor['extract']>>;
  method: 'rules' | 'llm';
  /** Why the configured model did not read the document (no tokens left, billing unreachable): shown on its record. */
  note?: string;
}

export interface ExtractionService {
  readonly configured: 'rules' | 'anthropic' | 'openai';
  /** `metering`: whose tokens a model call is held and settled on (issue 29, point 6); every model call is metered. */
  extract(input: ExtractionInput, metering: ExtractionMetering, signal?: AbortSignal): Promise<ExtractionOutcome>;
}

/**
 * The LLM extractor when a provider is configured (ANTHROPIC_API_KEY, else OPENAI_BASE_URL, or
 * EXTRACTION_PROVIDER), its tokens held and settled with billing on the owner's balance (decision
 * 0214), falling back to the rules whenever the model fails, answers badly, or the owner has no
 * tokens left; the rules alone otherwise.
 */
export function createExtractionService(
  config: DocumentsConfig,
  logger?: Logger,
  opts: { meter?: TokenMeter } = {},
): ExtractionService {
  const rules = createRulesExtractor(defaultGazetteer);
  const meter = opts.meter ?? createTokenMeter({ billingUrl: config.BILLING_URL, secret: config.INTERNAL_TOKEN });
  const provider =
    config.EXTRACTION_PROVIDER ??
    (config.ANTHROPIC_API_KEY ? 'anthropic' : config.OPENAI_BASE_URL ? 'openai' : 'rules');
  let llm: ModelExtractor | undefined;
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
    async extract(input, metering, signal) {
      const ruled = await rules.extract(input);
      // A photo with no text has nothing for a model to read.
      if (llm && input.text.trim().length >= 20) {
        const called = await meteredModelCall(llm, { ...input, hints: ruled }, { meter, metering, signal, logger });
        if (called.kind === 'refused') return { entities: ruled, method: 'rules', note: called.note };
        if (called.kind === 'answer') {
          const answer = called.entities;
          // Checked against the rules' ground: a person the text does not name is dropped.
          const peopleIdentified = keepNamesInText(answer.peopleIdentified, input.text);
          if (answer.peopleIdentified.length !== peopleIdentified.length) {
            logger?.info(
              { dropped: answer.peopleIdentified.length - peopleIdentified.length },
              'LLM extraction named people the text does not',
            );
          }
          // The model's roles with the facts the rules read (a death, a birth) where the model gives none.
          const personDetails = keepNamesInText(
            mergePersonDetails(peopleIdentified, answer.personDetails, ruled.personDetails),
            input.text,
          );
          // The model may not know the product's tag conventions; add them.
          const tags = [
            ...new Set([...answer.tags, ...deriveTags(answer.documentType, answer.dateInfo, answer.geographicalInfo)]),
          ].slice(0, 20);
          const entities = { ...answer, peopleIdentified, tags, ...(personDetails.length ? { personDetails } : {}) };
          return { entities, method: 'llm' };
        }
      }
      return { entities: ruled, method: 'rules' };
    },
  };
}
