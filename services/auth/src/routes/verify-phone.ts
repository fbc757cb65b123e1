import { ResendVerificationBody, USER_PHONE_VERIFIED, type UserPhoneVerifiedData, VerifyPhoneBody } from '@gnology/contracts';
import { writeEvent } from '@gnology/platform/events/outbox';
import { TOPICS } from '@gnology/platform/events/topics';
import { HttpError, badRequest } from '@gnology/platform/http/errors';
import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../app';
import { decideResend } from '../domain/rate-limit';
import { toPublicUser, type UserRecord } from '../domain/user';
import { MESSAGES, attemptsLeftAfterFailure, codeMatches, codeUsability } from '../domain/verification-code';
import { resendHistory } from '../store/sms-sends';
import { findUserByEmail, markPhoneVerified } from '../store/users';
import { countFailedAttempt, deletePendingCode, pendingCodeForUpdate } from '../store/verifications';
import { issueCode } from '../verification/issue-code';
import { parseBody } from './parse';

export const NO_PENDING_ACCOUNT = 'No account is waiting for phone verification with this email.';

type Outcome = { ok: true; user: UserRecord } | { ok: false; message: string };

/** POST /api/auth/verify-phone and POST /api/auth/resend-verification. */
export function verifyPhoneRoutes(app: FastifyInstance, ctx: AuthContext) {
  app.post('/api/auth/verify-phone', async (req) => {
    const body = parseBody(VerifyPhoneBody, req.body);
    // A wrong try must be counted even though the answer is an error: the transaction returns
    // the outcome and the error is thrown only after it commits.
    const outcome = await ctx.db.transaction().execute(async (trx): Promise<Outcome> => {
      const user = await findUserByEmail(trx, body.email, { forUpdate: true });
      if (!user) return { ok: false, message: MESSAGES.noPending };
      if (user.phoneVerified) return { ok: false, message: MESSAGES.alreadyVerified };
      const pending = await pendingCodeForUpdate(trx, user.id);
      const usable = codeUsability(pending, new Date());
      if (usable !== 'ok') return { ok: false, message: MESSAGES[usable === 'none' ? 'noPending' : usable] };

      let approved: boolean;
      if (pending!.codeHash) approved = codeMatches(body.code, pending!.codeHash);
      else {
        const result = await ctx.sms.check(pending!.phone, body.code);
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

      const verified = await markPhoneVerified(trx, user.id);
      await deletePendingCode(trx, user.id);
      await writeEvent<UserPhoneVerifiedData>(trx, {
        topic: TOPICS.auth,
        key: user.id,
        type: USER_PHONE_VERIFIED,
        source: '/services/auth',
        subject: user.id,
        requestId: req.id,
        data: { userId: user.id, verifiedAt: new Date().toISOString() },
      });
      return { ok: true, user: verified };
    });
    if (!outcome.ok) throw badRequest(outcome.message);
    // The registration token says "unverified"; this one opens the product.
    return { success: true, token: await ctx.tokens.sign(outcome.user), user: toPublicUser(outcome.user) };
  });

  app.post('/api/auth/resend-verification', async (req) => {
    const body = parseBody(ResendVerificationBody, req.body);
    await ctx.db.transaction().execute(async (trx) => {
      // The row lock serialises two resends of one account, so the limits hold under concurrency.
      const user = await findUserByEmail(trx, body.email, { forUpdate: true });
      if (!user) throw badRequest(NO_PENDING_ACCOUNT);
      if (user.phoneVerified) throw badRequest(MESSAGES.alreadyVerified);
      const decision = decideResend(await resendHistory(trx, user.id), new Date());
      if (!decision.ok) throw new HttpError(429, decision.message, { retryAfterSeconds: decision.retryAfterSeconds });
      await issueCode(trx, ctx.sms, user, 'resend');
    });
    return { success: true, message: 'New verification code sent!' };
  });
}
