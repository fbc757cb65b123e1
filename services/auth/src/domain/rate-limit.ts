/** Login and resend limits (docs/decisions/0013-rate-limit-storage.md). */

/** A new code at most every 30 s, and at most 5 resends per hour, per account. */
export const RESEND_MIN_INTERVAL_MS = 30_000;
export const RESEND_MAX_PER_HOUR = 5;

/** Whole minutes until `resetAt`, at least 1 (a user reads "try again in 0 minutes" as "now"). */
export function minutesUntil(resetAt: Date, now: Date): number {
  return Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 60_000));
}

export function tooManyAttemptsMessage(minutes: number): string {
  return `Too many attempts. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}

export interface ResendHistory {
  /** The last code sent to the account (registration, login or resend), if any. */
  lastSentAt: Date | null;
  /** Resends within the past hour (the first code of a registration is not a resend). */
  resendsInLastHour: number;
  /** The oldest of those resends: the hourly cap frees up an hour after it. */
  oldestResendInLastHour: Date | null;
}

export type ResendDecision = { ok: true } | { ok: false; message: string; retryAfterSeconds: number };

export function decideResend(history: ResendHistory, now: Date): ResendDecision {
  if (history.lastSentAt) {
    const wait = RESEND_MIN_INTERVAL_MS - (now.getTime() - history.lastSentAt.getTime());
    if (wait > 0) {
      const seconds = Math.ceil(wait / 1000);
      return {
        ok: false,
        retryAfterSeconds: seconds,
        message: `Please wait ${seconds} ${seconds === 1 ? 'second' : 'seconds'} before requesting another code.`,
      };
    }
  }
  if (history.resendsInLastHour >= RESEND_MAX_PER_HOUR) {
    const freeAt = new Date((history.oldestResendInLastHour ?? now).getTime() + 60 * 60_000);
    const minutes = minutesUntil(freeAt, now);
    return {
      ok: false,
      retryAfterSeconds: Math.ceil((freeAt.getTime() - now.getTime()) / 1000),
      message: `You have requested too many codes. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
    };
  }
  return { ok: true };
}
