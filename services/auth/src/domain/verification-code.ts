import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { VERIFICATION_CODE_LENGTH } from '@gnology/contracts';

/** A code is good for 10 minutes and 5 wrong tries; then a new one must be sent. */
export const CODE_TTL_MS = 10 * 60_000;
export const MAX_WRONG_ATTEMPTS = 5;

export const MESSAGES = {
  noPending: 'No verification code is pending for this account. Please request a new code.',
  expired: 'This verification code has expired. Please request a new code.',
  exhausted: 'Too many incorrect attempts. Please request a new code.',
  alreadyVerified: 'This phone number is already verified. Please log in.',
  wrong: (left: number) =>
    left > 0
      ? `Incorrect verification code. ${left} ${left === 1 ? 'attempt' : 'attempts'} left.`
      : 'Incorrect verification code. Too many incorrect attempts. Please request a new code.',
} as const;

/** Uniform over 000000-999999 (crypto.randomInt has no modulo bias). */
export function generateCode(): string {
  return randomInt(0, 10 ** VERIFICATION_CODE_LENGTH)
    .toString()
    .padStart(VERIFICATION_CODE_LENGTH, '0');
}

/**
 * Codes are stored as salted SHA-256 ("salt:hash"). Six digits are cheap to brute-force offline
 * whatever the hash, so the real protection is the 10-minute life and the 5-try cap; the hash
 * keeps live codes out of backups, logs and casual database reads.
 */
export function hashCode(code: string, salt = randomBytes(16).toString('hex')): string {
  return `${salt}:${createHash('sha256').update(`${salt}:${code}`).digest('hex')}`;
}

export function codeMatches(code: string, stored: string): boolean {
  const [salt, expected] = stored.split(':');
  if (!salt || !expected) return false;
  const actual = hashCode(code, salt).split(':')[1]!;
  return timingSafeEqual(Buffer.from(actual, 'hex'), Buffer.from(expected, 'hex'));
}

export interface PendingCode {
  expiresAt: Date;
  failedAttempts: number;
}

/** Whether a pending code may still be tried, before looking at the code itself. */
export function codeUsability(pending: PendingCode | undefined, now: Date): 'ok' | 'none' | 'expired' | 'exhausted' {
  if (!pending) return 'none';
  if (pending.failedAttempts >= MAX_WRONG_ATTEMPTS) return 'exhausted';
  if (pending.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'ok';
}

/** Attempts left after one more wrong try. */
export function attemptsLeftAfterFailure(pending: PendingCode): number {
  return Math.max(0, MAX_WRONG_ATTEMPTS - (pending.failedAttempts + 1));
}
