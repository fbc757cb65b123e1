import {
  capacityLevel,
  conversationTokens,
  estimateMessageTokens,
  inferRequestType,
  MAX_TOKENS,
  type RequestType,
  requestTimeoutMs,
} from '@gnology/contracts';

/** "continue", "please continue", "Continue writing" — the tutorial's way to resume a book. */
export function isContinueRequest(text: string): boolean {
  return /^\s*(please\s+)?(continue|keep going|go on)\b/i.test(text) && text.trim().length < 200;
}

export interface RequestPlan {
  requestType: RequestType;
  estimate: number;
  maxTokens: number;
  timeoutMs: number;
  /** SDK retries: fewer for long requests, where each retry can cost many minutes. */
  maxRetries: number;
  /** Runs as a resumable generation job (chapter and book). */
  asJob: boolean;
}

export function planRequest(
  query: string,
  requested: RequestType | undefined,
  opts: { maxRetries: number; continuesBook?: RequestType },
): RequestPlan {
  const requestType = opts.continuesBook ?? requested ?? inferRequestType(query);
  const estimate = estimateMessageTokens(query, requestType);
  return {
    requestType,
    estimate,
    maxTokens: MAX_TOKENS[requestType],
    timeoutMs: requestTimeoutMs(requestType, query),
    maxRetries: requestType === 'book' ? Math.min(1, opts.maxRetries) : opts.maxRetries,
    asJob: requestType !== 'regular',
  };
}

export function capacityFor(history: { content: string; tokens?: { total?: number } | null }[], estimate: number) {
  return capacityLevel(conversationTokens(history), estimate);
}
