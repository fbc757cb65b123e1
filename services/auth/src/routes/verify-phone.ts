import { ResendVerificationBody, USER_PHONE_VERIFIED, type UserPhoneVerifiedData, VerifyPhoneBody } from '@gnology/contracts';
import { requireUser } from '@gnology/platform/auth/require-user';
import { writeEvent } from '@gnology/platform/events/outbox';
import { TOPICS } from '@gnology/platform/events/topics';
import { HttpError, badRequest } from '@gnology/platform/http/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthContext } from '../app';
import { decoyPendingCode, decoyResendHistory } from '../domain/decoy';
import { type ResendDecision, decideResend } from '../domain/rate-limit';
import { toPublicUser, type UserRecord } from '../domain/user';
import { MESSAGES, attemptsLeftAfterFailure, codeMatches, codeUsability } from '../domain/verification-code';
import { countDecoyFailure, findDecoy, resendDecoy } from '../store/decoys';
import type { AuthTrx } from '../store/schema';
import { resendHistory } from '../store/sms-sends';
import { findUserById, markPhoneVerified } from '../store/users';
import { countFailedAttempt, deletePendingCode, pendingCodeForUpdate } from '../store/verifications';
import { issueCode } from '../verification/issue-code';
import { guardCodeSend } from '../verification/sms-guard';
import { parseBody } from './parse';

type Outcome = { ok: true; user: UserRecord } | { ok: false; message: string };

/**
 * POST /api/auth/verify-phone and POST /api/auth/resend-verification. Both belong to the sign-up
 * (or sign-in) session: they take the bearer token register or login returned, and act on that
 * token's account only. Knowing an e-mail no longer lets anyone burn its tries or resends
 * (issue 11, point 6). The body keeps the spec's `{ email, code }` / `{ email }`; an e-mail that
 * is not the session's gets the same answer as an account with no code pending.
 */
export function verifyPhoneRoutes(app: FastifyInstance, ctx: AuthContext) {
  const session = requireUser(ctx.tokens.verifier, { allowUnverified: true });
  const sessionEmailIs = (req: FastifyRequest, email: string) => req.user!.email === email;

  app.post('/api/auth/verify-phone', { preHandler: session }, async (req) => {
    const body = parseBody(VerifyPhoneBody, req.body);
    // A wrong try must be counted even though the answer is an error: the transaction returns
    // the outcome and the error is thrown only after it commits.
    const outcome = await ctx.db.transaction().execute(async (trx): Promise<Outcome> => {
      if (!sessionEmailIs(req, body.email)) return { ok: false, message: MESSAGES.noPending };
      const user = await findUserById(trx, req.user!.id, { forUpdate: true });
      if (!user) return verifyDecoy(trx, req.user!.id);
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

  app.post('/api/auth/resend-verification', { preHandler: session }, async (req) => {
    const body = parseBody(ResendVerificationBody, req.body);
    await ctx.db.transaction().execute(async (trx) => {
      if (!sessionEmailIs(req, body.email)) throw badRequest(MESSAGES.noPending);
      // The row lock serialises two resends of one account, so the limits hold under concurrency.
      const user = await findUserById(trx, req.user!.id, { forUpdate: true });
      if (!user) return resendForDecoy(trx, req);
      if (user.phoneVerified) throw badRequest(MESSAGES.alreadyVerified);
      refuseUnless(decideResend(await resendHistory(trx, user.id), new Date()));
      await issueCode(trx, ctx.sms, user, 'resend', { config: ctx.deps.config, ip: req.ip });
    });
    return { success: true, message: 'New verification code sent!' };
  });

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

  async function resendForDecoy(trx: AuthTrx, req: FastifyRequest): Promise<void> {
    const decoy = await findDecoy(trx, req.user!.id, { forUpdate: true });
    if (!decoy) throw badRequest(MESSAGES.noPending);
    refuseUnless(decideResend(decoyResendHistory(decoy, new Date()), new Date()));
    await guardCodeSend(trx, ctx.deps.config, { ip: req.ip, phone: decoy.phone });
    await resendDecoy(trx, decoy.id);
  }
}

function refuseUnless(decision: ResendDecision): void {
  if (!decision.ok) throw new HttpError(429, decision.message, { retryAfterSeconds: decision.retryAfterSeconds });
}
