import type { ResendHistory } from './rate-limit';
import type { UserRecord } from './user';
import { CODE_TTL_MS, type PendingCode } from './verification-code';

/**
 * A registration decoy (docs/decisions/0082-registration-enumeration.md) answers the way a fresh,
 * unverified trial account would: these map its row onto the shapes the real rules read, so the
 * decoy's messages and limits are the real ones, not a copy of them.
 */
export interface DecoyState {
  id: string;
  email: string;
  name: string | null;
  codeSentAt: Date;
  resentAt: Date[];
  failedAttempts: number;
}

export function decoyAsUser(d: DecoyState): UserRecord {
  return {
    id: d.id,
    email: d.email,
    name: d.name,
    plan: 'trial',
    isTestUser: false,
    phoneVerified: false,
    tokenVersion: 0,
  };
}

export function decoyPendingCode(d: DecoyState): PendingCode {
  return { expiresAt: new Date(d.codeSentAt.getTime() + CODE_TTL_MS), failedAttempts: d.failedAttempts };
}

export function decoyResendHistory(d: DecoyState, now: Date): ResendHistory {
  const hourAgo = now.getTime() - 60 * 60_000;
  const recent = d.resentAt.filter((t) => t.getTime() > hourAgo).sort((a, b) => a.getTime() - b.getTime());
  const lastSentAt = d.codeSentAt.getTime() > hourAgo ? d.codeSentAt : null;
  return { lastSentAt, resendsInLastHour: recent.length, oldestResendInLastHour: recent[0] ?? null };
}
