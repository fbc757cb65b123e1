import { HttpError } from '@gnology/platform/http/errors';
import { type ResendDecision, decideResend } from '../domain/rate-limit';
import type { AuthTrx } from '../store/schema';
import { resendHistory } from '../store/sms-sends';

/** Whether the account may be sent another code now, from its send log (read in the caller's transaction). */
export async function resendDecision(trx: AuthTrx, userId: string): Promise<ResendDecision> {
  return decideResend(await resendHistory(trx, userId), new Date());
}

/** Answers 429 with the seconds to wait when the resend limits say no. */
export function refuseUnless(decision: ResendDecision): void {
  if (!decision.ok) throw new HttpError(429, decision.message, { retryAfterSeconds: decision.retryAfterSeconds });
}
