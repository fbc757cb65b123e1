import type { ReserveResponse, SettleResponse } from '@gnology/contracts';
import { HttpError } from '@gnology/platform/http/errors';
import { internalCall } from '@gnology/platform/http/internal';

/**
 * The documents worker's calls to billing's metering API (`/internal/reservations`), as the
 * research service makes them: hold tokens before a model call, settle with the usage the model
 * reports, release when the call failed. A reservation id names the document, run and page, so a
 * repeated call is answered as the first one was.
 */
export interface TokenMeter {
  /** Holds up to `estimatedTokens`; null when billing refuses (no tokens left, trial ended). */
  reserve(
    userId: string,
    requestId: string,
    estimatedTokens: number,
    minimumTokens: number,
  ): Promise<{ amount: number } | null>;
  settle(
    requestId: string,
    usage: { inputTokens: number; outputTokens: number },
  ): Promise<{ used: number; remaining: number }>;
  release(requestId: string): Promise<void>;
}

export function createTokenMeter(opts: { billingUrl: string; secret: string }): TokenMeter {
  const call = <T>(path: string, body: unknown) =>
    internalCall<T>(opts.billingUrl, path, { secret: opts.secret, body, timeoutMs: 15_000 });
  return {
    async reserve(userId, requestId, estimatedTokens, minimumTokens) {
      try {
        const res = await call<ReserveResponse>('/internal/reservations', {
          userId,
          requestId,
          estimatedTokens,
          minimumTokens: Math.min(minimumTokens, estimatedTokens),
        });
        return { amount: res.amount ?? estimatedTokens };
      } catch (e) {
        if (e instanceof HttpError && e.statusCode === 402) return null;
        throw e;
      }
    },
    async settle(requestId, usage) {
      const res = await call<SettleResponse>(`/internal/reservations/${encodeURIComponent(requestId)}/settle`, {
        ...usage,
        savedTokens: 0,
      });
      return { used: res.used, remaining: res.remaining };
    },
    async release(requestId) {
      await call(`/internal/reservations/${encodeURIComponent(requestId)}/release`, {});
    },
  };
}
