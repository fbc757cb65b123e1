import type { DocumentEntities } from '@gnology/contracts';
import type { ExtractionInput } from '@gnology/genealogy/extraction';
import type { Logger } from '@gnology/platform/logger';
import type { TokenMeter } from '../library/jobs/handwriting/billing';
import { EXTRACTION_INSTRUCTIONS, extractionJsonSchema, userMessage } from './prompt';

/** The longest answer an extraction asks the model for. */
export const MAX_EXTRACTION_TOKENS = 4096;
/** The least answer worth asking for: below it, billing's partial hold is refused (the rules read the document). */
export const MINIMUM_EXTRACTION_ANSWER = 512;

/** What the document's record says when its facts were read without the configured model (issue 29, point 6). */
export const EXTRACTION_NOTES = {
  noTokens:
    'Names, dates and places were read without the AI model: there are no tokens left on your account. They come from the built-in rules; use Read again when you have tokens to have the AI model read it.',
  billingUnavailable:
    'Names, dates and places were read without the AI model: token billing could not be reached. They come from the built-in rules; use Read again later to have the AI model read it.',
} as const;

export interface ModelUsage {
  inputTokens: number;
  outputTokens: number;
}

/** A model that reads a document's facts, its answer capped to `maxTokens`, with the usage to settle. */
export interface ModelExtractor {
  extract(
    input: ExtractionInput,
    opts: { signal?: AbortSignal; maxTokens?: number },
  ): Promise<{ entities: DocumentEntities; usage: ModelUsage }>;
}

/** Whose tokens pay for the model and under which reservation id (one per document run: a retry is answered as the first). */
export interface ExtractionMetering {
  ownerId: string;
  requestId: string;
}

/** Tokens of a text, counted high (3 characters a token: OCR text and JSON run shorter than prose's 4). */
export function estimateTokens(chars: number): number {
  return Math.ceil(chars / 3);
}

/** The prompt's tokens, counted high: the instructions, the tool's schema and the message with the text (at most MAX_LLM_TEXT characters). */
export function extractionInputTokens(input: ExtractionInput): number {
  const schema = JSON.stringify(extractionJsonSchema()).length;
  return estimateTokens(
    EXTRACTION_INSTRUCTIONS.length + schema + userMessage(input.text, input.originalName, input.hints).length,
  );
}

export type MeteredAnswer =
  | { kind: 'answer'; entities: DocumentEntities }
  | { kind: 'refused'; note: string }
  | { kind: 'failed' };

/**
 * One metered model call, as research and handwriting make theirs: hold the prompt's tokens and
 * the longest answer with billing; refused (no tokens left, trial ended) or billing unreachable,
 * the model is not called and the note says why. The answer is capped to the hold. After the call
 * the hold is settled with the usage the model reported (also when its answer was unusable: the
 * tokens were spent), or released when the call failed before any usage.
 */
export async function meteredModelCall(
  model: ModelExtractor,
  input: ExtractionInput,
  ctx: { meter: TokenMeter; metering: ExtractionMetering; signal?: AbortSignal; logger?: Logger },
): Promise<MeteredAnswer> {
  const { meter, metering, logger } = ctx;
  const inputTokens = extractionInputTokens(input);
  let held: { amount: number } | null;
  try {
    held = await meter.reserve(
      metering.ownerId,
      metering.requestId,
      inputTokens + MAX_EXTRACTION_TOKENS,
      inputTokens + MINIMUM_EXTRACTION_ANSWER,
    );
  } catch (err) {
    logger?.warn({ err: { message: (err as Error).message } }, 'extraction: billing unavailable; using the rules');
    return { kind: 'refused', note: EXTRACTION_NOTES.billingUnavailable };
  }
  if (!held) return { kind: 'refused', note: EXTRACTION_NOTES.noTokens };
  // A partial hold (what the account had left) caps the answer: the call never costs more than was held.
  const maxTokens = Math.max(1, Math.min(MAX_EXTRACTION_TOKENS, held.amount - inputTokens));
  const settle = (usage: ModelUsage) =>
    meter
      .settle(metering.requestId, usage)
      .catch(() => new Promise((r) => setTimeout(r, 1000)).then(() => meter.settle(metering.requestId, usage)))
      // Both failed: the hold stays and billing's sweep charges it when it expires (decision 0086).
      .catch((err: Error) =>
        logger?.warn({ err: { message: err.message }, requestId: metering.requestId }, 'extraction: settlement failed'),
      );
  try {
    const answer = await model.extract(input, { signal: ctx.signal, maxTokens });
    await settle(answer.usage);
    return { kind: 'answer', entities: answer.entities };
  } catch (err) {
    const usage = (err as { usage?: ModelUsage }).usage;
    if (usage) await settle(usage);
    else await meter.release(metering.requestId).catch(() => {});
    if (ctx.signal?.aborted) throw err;
    logger?.warn({ err: { message: (err as Error).message } }, 'LLM extraction failed; using the rules');
    return { kind: 'failed' };
  }
}
