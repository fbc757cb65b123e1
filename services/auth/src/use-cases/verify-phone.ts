import { USER_PHONE_VERIFIED, type PublicUser, type UserPhoneVerifiedData } from '@gnology/contracts';
import { writeEvent } from '@gnology/platform/events/outbox';
import { TOPICS } from '@gnology/platform/events/topics';
import { badRequest } from '@gnology/platform/http/errors';
import type { AuthDeps } from '../context';
import { decoyPendingCode } from '../domain/decoy';
import { type UserRecord, toPublicUser } from '../domain/user';
import { MESSAGES, attemptsLeftAfterFailure, codeMatches, codeUsability } from '../domain/verification-code';
import { countDecoyFailure, findDecoy } from '../store/decoys';
import type { AuthTrx } from '../store/schema';
import { claimTrial, findUserById, markPhoneVerified, withholdTrial } from '../store/users';
import { countFailedAttempt, deletePendingCode, pendingCodeForUpdate } from '../store/verifications';
import type { SessionCaller } from './session-caller';

type Outcome = { ok: true; user: UserRecord } | { ok: false; message: string };

/**
 * Checks the code of the session's own account (issue 11, point 6: knowing an e-mail no longer
 * lets anyone burn its tries). An e-mail that is not the session's gets the same answer as an
 * account with no code pending. A right code verifies the phone and writes user.phone_verified in
 * the same transaction; the answer carries a token that opens the product. The first verified
 * account of a number gets the free trial; a later one starts on basic and its user is told why
 * (`subscription.trialNotice`), and the event's `trialGranted: false` tells billing to take the
 * trial allowance back.
 */
export async function verifyPhone(
  deps: Pick<AuthDeps, 'db' | 'sms' | 'tokens'>,
  caller: SessionCaller,
  body: { email: string; code: string },
): Promise<{ success: true; token: string; user: PublicUser }> {
  // A wrong try must be counted even though the answer is an error: the transaction returns
  // the outcome and the error is thrown only after it commits.
  const outcome = await deps.db.transaction().execute(async (trx): Promise<Outcome> => {
    if (caller.email !== body.email) return { ok: false, message: MESSAGES.noPending };
    const user = await findUserById(trx, caller.userId, { forUpdate: true });
    if (!user) return verifyDecoy(trx, caller.userId);
    if (user.phoneVerified) return { ok: false, message: MESSAGES.alreadyVerified };
    const pending = await pendingCodeForUpdate(trx, user.id);
    const usable = codeUsability(pending, new Date());
    if (usable !== 'ok') return { ok: false, message: MESSAGES[usable === 'none' ? 'noPending' : usable] };

    let approved: boolean;
    if (pending!.codeHash) approved = codeMatches(body.code, pending!.codeHash);
    else {
      const result = await deps.sms.check(pending!.phone, body.code);
      if (result === 'expired') {
        await deletePendingCode(trx, user.id);
        return { ok: false, message: MESSAGES.expired };
      }
      approved = result === 'approved';
    }
    if (!approved) {
      await countFailedAttempt(trx, user.id);
      return { ok: false, message: MESSAGES.wrong(attemptsLeftAfterFailure(pending!)) };
    }

    let verified = await markPhoneVerified(trx, user.id);
    // One free trial per verified number (issue 29, point 4, decision 0211). A test account is
    // not on the trial, so it neither claims the number nor loses anything.
    const trialGranted = user.isTestUser || user.plan !== 'trial' ? null : await claimTrial(trx, user.phone, user.id);
    if (trialGranted === false) verified = await withholdTrial(trx, user.id);
    await deletePendingCode(trx, user.id);
    await writeEvent<UserPhoneVerifiedData>(trx, {
      topic: TOPICS.auth,
      key: user.id,
      type: USER_PHONE_VERIFIED,
      source: '/services/auth',
      subject: user.id,
      requestId: caller.requestId,
      data: {
        userId: user.id,
        verifiedAt: new Date().toISOString(),
        ...(trialGranted === null ? {} : { trialGranted }),
      },
    });
    return { ok: true, user: verified };
  });
  if (!outcome.ok) throw badRequest(outcome.message);
  // The registration token says "unverified"; this one opens the product.
  return { success: true, token: await deps.tokens.sign(outcome.user), user: toPublicUser(outcome.user) };
}

/** A decoy's code never matches; its tries and expiry follow the real rules and messages. */
async function verifyDecoy(trx: AuthTrx, id: string): Promise<Outcome> {
  const decoy = await findDecoy(trx, id, { forUpdate: true });
  if (!decoy) return { ok: false, message: MESSAGES.noPending };
  const pending = decoyPendingCode(decoy);
  const usable = codeUsability(pending, new Date());
  if (usable !== 'ok') return { ok: false, message: MESSAGES[usable === 'none' ? 'noPending' : usable] };
  await countDecoyFailure(trx, id);
  return { ok: false, message: MESSAGES.wrong(attemptsLeftAfterFailure(pending)) };
}
