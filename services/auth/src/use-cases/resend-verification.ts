import { badRequest } from '@gnology/platform/http/errors';
import type { AuthDeps } from '../context';
import { decoyResendHistory } from '../domain/decoy';
import { decideResend } from '../domain/rate-limit';
import { MESSAGES } from '../domain/verification-code';
import { findDecoy, resendDecoy } from '../store/decoys';
import type { AuthTrx } from '../store/schema';
import { findUserById } from '../store/users';
import { issueCode } from '../verification/issue-code';
import { guardCodeSend } from '../verification/sms-guard';
import { refuseUnless, resendDecision } from './resend-limit';
import type { SessionCaller } from './session-caller';

export const CODE_RESENT = 'New verification code sent!';

/**
 * Sends the session's own account a new code, within the resend limits. The row lock serialises
 * two resends of one account, so the limits hold under concurrency. A decoy goes through the same
 * limits and the same guard, and texts no one.
 */
export async function resendVerification(
  deps: Pick<AuthDeps, 'db' | 'sms' | 'config'>,
  caller: SessionCaller,
  body: { email: string },
): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    if (caller.email !== body.email) throw badRequest(MESSAGES.noPending);
    const user = await findUserById(trx, caller.userId, { forUpdate: true });
    if (!user) return resendForDecoy(deps, trx, caller);
    if (user.phoneVerified) throw badRequest(MESSAGES.alreadyVerified);
    refuseUnless(await resendDecision(trx, user.id));
    await issueCode(trx, deps.sms, user, 'resend', { config: deps.config, ip: caller.ip });
  });
}

async function resendForDecoy(deps: Pick<AuthDeps, 'config'>, trx: AuthTrx, caller: SessionCaller): Promise<void> {
  const decoy = await findDecoy(trx, caller.userId, { forUpdate: true });
  if (!decoy) throw badRequest(MESSAGES.noPending);
  refuseUnless(decideResend(decoyResendHistory(decoy, new Date()), new Date()));
  await guardCodeSend(trx, deps.config, { ip: caller.ip, phone: decoy.phone });
  await resendDecoy(trx, decoy.id);
}
