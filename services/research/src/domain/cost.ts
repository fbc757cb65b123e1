import { peopleBlock } from './people-evidence';
import { bookInstructions, documentBlock, documentsPreamble } from './prompt';
import type { ProviderRequest, ProviderUsage } from './model';

/**
 * What a model call can cost, counted before it is made (issue 11, point 1; decision 0085).
 *
 * No tokenizer for either provider ships as a package we can run offline, so prompts are counted
 * with a conservative bound: one token per 3 characters. English text runs at about 4 characters
 * a token with both providers' tokenizers and dense transcriptions (digits, abbreviations) at
 * about 3.3, so the bound is above the real count for the texts users upload. (The spec's own
 * estimate of 3.5 characters a token stays what the capacity rules use.)
 */
export const PROMPT_CHARS_PER_TOKEN = 3;
/** Tokens per message for the role markers and framing the APIs add. */
const PER_MESSAGE_TOKENS = 8;
/** Fewer output tokens than this is not an answer: the request is refused rather than cut short at once. */
export const MIN_ANSWER_TOKENS = 1_000;

export function tokensOfChars(chars: number): number {
  return Math.ceil(chars / PROMPT_CHARS_PER_TOKEN);
}

/**
 * The prompt exactly as the providers assemble it: Gene's instructions, the documents preamble
 * and blocks, the book instructions, every turn of the history and the question, and the text of
 * an interrupted generation that the answer continues.
 */
export function promptTokenBound(req: ProviderRequest): number {
  let chars = req.system.length;
  if (req.documents.length)
    chars +=
      documentsPreamble(req.documents.length, req.documents.filter((d) => d.retrieved).length).length +
      req.documents.reduce((n, d) => n + documentBlock(d).length, 0);
  if (req.book) chars += bookInstructions(req.book).length;
  if (req.people?.length) chars += peopleBlock(req.people).length;
  const turns = req.messages.length ? req.messages : [{ content: req.query }];
  chars += turns.reduce((n, t) => n + t.content.length, 0);
  // A continuation is sent as an assistant turn (plus, for OpenAI-compatible servers, one short instruction).
  if (req.continuation) chars += req.continuation.length + 200;
  return tokensOfChars(chars) + PER_MESSAGE_TOKENS * (turns.length + 2 + req.documents.length);
}

export interface CostBound {
  /** What the prompt can cost. */
  promptTokens: number;
  /** Reserve this much: the prompt plus the full answer limit (at least the spec's own estimate). */
  estimate: number;
  /** Refuse below this: the prompt plus a minimal answer. */
  minimum: number;
}

export function costBound(req: ProviderRequest, specEstimate: number): CostBound {
  const promptTokens = promptTokenBound(req);
  return {
    promptTokens,
    estimate: Math.max(specEstimate, promptTokens + req.maxTokens),
    minimum: promptTokens + Math.min(req.maxTokens, MIN_ANSWER_TOKENS),
  };
}

/** The model's output limit within a hold: never more than the request type allows, nor than the hold leaves after the prompt. */
export function outputLimit(heldTokens: number, promptTokens: number, maxTokens: number): number {
  return Math.max(0, Math.min(maxTokens, heldTokens - promptTokens));
}

/** Usage of a call whose provider reported none (no usage chunk, or a failure mid-stream): the prompt bound and the text written. */
export function estimatedUsage(promptTokens: number, writtenChars: number): ProviderUsage {
  return { inputTokens: promptTokens, outputTokens: tokensOfChars(writtenChars), savedTokens: 0 };
}

export function totalTokens(u: ProviderUsage): number {
  return u.inputTokens + u.outputTokens;
}
