import { z } from 'zod';
import { ObjectId } from './common';
import { RequestType } from './conversations';
import { RetrievedSource } from './library-search';

/** POST /api/research (docs/contract.md#api). */
export const ResearchBody = z.object({
  query: z
    .string()
    .max(400_000, 'query: at most 400,000 characters')
    .refine((q) => q.trim().length > 0, 'query must not be empty'),
  documentIds: z.array(ObjectId).max(50).default([]),
  conversationId: ObjectId.nullable().optional(),
  /** Optional: the type the client inferred; the server infers its own when absent. */
  requestType: RequestType.optional(),
  /** Documents the user dropped from an earlier answer's sources: library search leaves them out (decision 0170). */
  excludeDocumentIds: z.array(ObjectId).max(100).optional(),
});
export type ResearchBody = z.infer<typeof ResearchBody>;

export const TokenBreakdown = z.object({
  input: z.number(),
  output: z.number(),
  saved: z.number(),
  savingsPercentage: z.number(),
});

export const TokenBalance = z.object({
  used: z.number(),
  remaining: z.number(),
  breakdown: TokenBreakdown,
});
export type TokenBalance = z.infer<typeof TokenBalance>;

export const ResearchResponse = z.object({
  response: z.string(),
  tokenBalance: TokenBalance,
  requestType: RequestType,
  /** Which engine answered: a model provider, or the offline engine. */
  provider: z.enum(['anthropic', 'openai', 'offline']),
  /** The saved assistant message, when a conversation was given. */
  messageId: ObjectId.nullable(),
  /** Set for chapter and book requests, which run as resumable generations. */
  generationId: ObjectId.nullable(),
  /** Documents the library search found and Gene read for this answer, beside any selected (decision 0170). */
  sources: z.array(RetrievedSource).optional(),
});
export type ResearchResponse = z.infer<typeof ResearchResponse>;

/** The `done` event of the research stream. */
export const ResearchStreamDone = ResearchResponse.extend({
  usage: z.object({ inputTokens: z.number(), outputTokens: z.number(), savedTokens: z.number() }),
  stopped: z.boolean().default(false),
});
export type ResearchStreamDone = z.infer<typeof ResearchStreamDone>;

export const GenerationStatus = z.enum(['queued', 'running', 'completed', 'stopped', 'failed']);

export const Generation = z.object({
  id: ObjectId,
  conversationId: ObjectId.nullable(),
  requestType: RequestType,
  status: GenerationStatus,
  length: z.number().int(),
  error: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Generation = z.infer<typeof Generation>;

/*
 * The rules of docs/contract.md#states, #validation, #errors, #constants that the web and the research service must apply
 * identically. Pure functions and constants only.
 */

export const ASSISTANT_NAME = 'Gene';

/** docs/contract.md#tokens: book keywords win over chapter keywords; otherwise regular. */
export const BOOK_KEYWORDS = [
  'book',
  'write a book',
  'family history book',
  'autobiography',
  'memoir',
  'complete family history',
];
export const CHAPTER_KEYWORDS = ['chapter', 'story', 'detailed story', 'narrative', 'full story', 'write about'];

function containsKeyword(text: string, keyword: string): boolean {
  // Whole words, so "storyteller" or "bookkeeper" do not count; a plural "stories"/"books"/"chapters" does.
  const escaped = keyword.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+');
  const plural = keyword === 'story' ? '(?:y|ies)' : 's?';
  const stem = keyword === 'story' ? 'stor' : escaped;
  return new RegExp(`\\b${stem}${plural}\\b`, 'i').test(text);
}

export function inferRequestType(text: string): RequestType {
  if (BOOK_KEYWORDS.some((k) => containsKeyword(text, k))) return 'book';
  if (CHAPTER_KEYWORDS.some((k) => containsKeyword(text, k))) return 'chapter';
  return 'regular';
}

/** docs/contract.md#tokens: characters / 3.5, times 2.5 (regular), 4 (chapter) or 15 (book). */
export const ESTIMATE_MULTIPLIER: Record<RequestType, number> = { regular: 2.5, chapter: 4, book: 15 };
export const CHARS_PER_TOKEN = 3.5;

export function estimateMessageTokens(text: string, type: RequestType): number {
  return Math.ceil((text.length / CHARS_PER_TOKEN) * ESTIMATE_MULTIPLIER[type]);
}

/** docs/contract.md#tokens: per-message maximum output tokens. */
export const MAX_TOKENS: Record<RequestType, number> = { regular: 6_000, chapter: 15_000, book: 60_000 };

/**
 * docs/contract.md#tokens: 3 minutes by default; 5 for chapter, an estimate of 5,000+ tokens or over
 * 15,000 characters; 30 for book, an estimate of 15,000+ tokens or over 45,000 characters.
 */
export function requestTimeoutMs(type: RequestType, text: string): number {
  const estimate = estimateMessageTokens(text, type);
  if (type === 'book' || estimate >= 15_000 || text.length > 45_000) return 30 * 60_000;
  if (type === 'chapter' || estimate >= 5_000 || text.length > 15_000) return 5 * 60_000;
  return 3 * 60_000;
}

export const CONTEXT_WINDOW = 200_000;
export const CAPACITY_LOG = 0.85;
export const CAPACITY_WARN = 0.9;
export const CAPACITY_BLOCK = 0.95;

export const CAPACITY_MESSAGE = `This conversation has reached ${ASSISTANT_NAME}'s maximum capacity. Please start a new conversation to continue.`;
export const CAPACITY_WARNING = `This conversation is nearing ${ASSISTANT_NAME}'s maximum capacity. Consider starting a new conversation soon.`;

/** docs/contract.md#capacity: measured tokens where a message has them, else characters / 3.5. */
export function conversationTokens(messages: { content: string; tokens?: { total?: number } | null }[]): number {
  let total = 0;
  for (const m of messages) {
    const measured = m.tokens?.total;
    total += typeof measured === 'number' && measured > 0 ? measured : Math.ceil(m.content.length / CHARS_PER_TOKEN);
  }
  return total;
}

export type CapacityLevel = 'ok' | 'log' | 'warn' | 'block';

/** docs/contract.md#capacity: the conversation total plus the new message's estimate against the 200,000 window. */
export function capacityLevel(conversationTotal: number, newEstimate: number): { level: CapacityLevel; ratio: number } {
  const ratio = (conversationTotal + newEstimate) / CONTEXT_WINDOW;
  const level: CapacityLevel =
    ratio > CAPACITY_BLOCK ? 'block' : ratio > CAPACITY_WARN ? 'warn' : ratio > CAPACITY_LOG ? 'log' : 'ok';
  return { level, ratio };
}

/** docs/contract.md#capacity: "at capacity" once the conversation's estimated tokens reach 95% of the window. */
export function isAtCapacity(conversationTotal: number): boolean {
  return conversationTotal >= CAPACITY_BLOCK * CONTEXT_WINDOW;
}

export const LOW_BALANCE = 10_000;
export const LOG_BALANCE = 5_000;

/** Plan-specific refusals (docs/contract.md#balance), in Gene's voice. */
export const BALANCE_MESSAGES = {
  trial_ended: `Your free trial tokens have all been used. Upgrade to the Professional plan on your Account page to keep researching with ${ASSISTANT_NAME}.`,
  limit_reached: `You have used this month's tokens and reached the overage safeguard, the most a month's extra use can add to your bill. Your tokens renew at the start of your next billing period (your Account page shows the date); ${ASSISTANT_NAME} will be ready then.`,
  no_tokens: `Your token balance is used up. Your Account page shows your plan and when your tokens renew, so you can continue researching with ${ASSISTANT_NAME}.`,
  low_balance_trial: `Your free trial has too few tokens left for this request. Try a shorter question, or upgrade to the Professional plan on your Account page.`,
  low_balance: `Your token balance is too low for this request. Try a shorter request; your Account page shows when your tokens renew.`,
} as const;

export type BalanceRefusal = 'trial_ended' | 'limit_reached' | 'low_balance';

/** The refusal message for a billing code and plan. */
export function balanceMessage(code: BalanceRefusal, plan: string | undefined): string {
  if (code === 'low_balance')
    return plan === 'trial' ? BALANCE_MESSAGES.low_balance_trial : BALANCE_MESSAGES.low_balance;
  if (plan === 'trial') return BALANCE_MESSAGES.trial_ended;
  if (plan === 'professional') return BALANCE_MESSAGES.limit_reached;
  return code === 'trial_ended' ? BALANCE_MESSAGES.trial_ended : BALANCE_MESSAGES.no_tokens;
}

/**
 * docs/contract.md#balance, client side: the latest assistant message's remaining balance blocks sending
 * when it is 0 or less, or under 10,000 and less than the estimate. Not on Professional: its
 * research continues into metered overage (remaining stays 0 there), and billing alone refuses
 * once the month's overage safeguard is reached.
 */
export function balanceRefusal(
  remaining: number | undefined | null,
  estimate: number,
  plan?: string,
): BalanceRefusal | null {
  if (typeof remaining !== 'number' || plan === 'professional') return null;
  if (remaining <= 0) return 'limit_reached';
  if (remaining < LOW_BALANCE && remaining < estimate) return 'low_balance';
  return null;
}

/** docs/contract.md#errors: research and chat errors by status or body, with "the assistant" → Gene. */
export const ERROR_MESSAGES = {
  overloaded: `${ASSISTANT_NAME} is experiencing high demand right now. Please wait 5-10 minutes and try your request again.`,
  unauthorized: 'Your session has expired. Please refresh the page and log in again.',
  forbidden: 'Access denied. Please check your permissions and try again.',
  timeout: 'Your request timed out. Please try again or break your request into smaller parts.',
  tooLarge: 'Your request is too large. Please try breaking it into smaller parts.',
  rateLimited: `${ASSISTANT_NAME} is receiving too many requests. Please wait a moment and try again.`,
  unavailable: `${ASSISTANT_NAME} is temporarily unavailable. Please try again in a few minutes.`,
  other: `${ASSISTANT_NAME} encountered an issue processing your request. Please try again or break your request into smaller parts.`,
} as const;

/** Maps a status and/or an error type from the provider (or the API) to the spec's message. */
export function researchErrorMessage(status: number | undefined | null, type?: string | null): string {
  if (status === 529 || type === 'overloaded_error') return ERROR_MESSAGES.overloaded;
  switch (status) {
    case 401:
      return ERROR_MESSAGES.unauthorized;
    case 403:
      return ERROR_MESSAGES.forbidden;
    case 408:
      return ERROR_MESSAGES.timeout;
    case 413:
      return ERROR_MESSAGES.tooLarge;
    case 429:
      return ERROR_MESSAGES.rateLimited;
    case 500:
    case 502:
    case 503:
    case 504:
      return ERROR_MESSAGES.unavailable;
  }
  if (type === 'rate_limit_error') return ERROR_MESSAGES.rateLimited;
  if (type === 'request_too_large') return ERROR_MESSAGES.tooLarge;
  if (type === 'api_error') return ERROR_MESSAGES.unavailable;
  if (type === 'timeout_error') return ERROR_MESSAGES.timeout;
  return ERROR_MESSAGES.other;
}

/** docs/contract.md#other-limits: exports. Panel only over 1,000 characters; "large" over 50,000, "medium" over 15,000. */
export const EXPORT_MIN_CHARS = 1_000;
export function exportSizeLabel(chars: number): 'large' | 'medium' | null {
  if (chars > 50_000) return 'large';
  if (chars > 15_000) return 'medium';
  return null;
}
