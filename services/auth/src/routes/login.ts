import { LoginBody } from '@gnology/contracts';
import { HttpError, unauthorized } from '@gnology/platform/http/errors';
import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../app';
import { decideResend, minutesUntil, tooManyAttemptsMessage } from '../domain/rate-limit';
import { toPublicUser } from '../domain/user';
import { MAX_WRONG_ATTEMPTS } from '../domain/verification-code';
import { burnPasswordCheck, hashPassword, needsRehash, verifyPassword } from '../security/passwords';
import { currentCount, hit, resetCount } from '../store/rate-limits';
import { resendHistory } from '../store/sms-sends';
import { findUserByEmail, rehashPassword } from '../store/users';
import { hasUsablePendingCode } from '../store/verifications';
import { issueCode } from '../verification/issue-code';
import { parseBody } from './parse';

export const BAD_CREDENTIALS = 'Invalid email or password';

/**
 * POST /api/auth/login. Failed attempts are counted per e-mail and per client IP in Postgres
 * (every replica sees the same counts); over the limit the answer is 429 with the minutes left.
 * An unknown e-mail costs the same password-hash work and gets the same answer as a wrong password.
 */
export function loginRoute(app: FastifyInstance, ctx: AuthContext) {
  const { config } = ctx.deps;
  const windowMs = config.LOGIN_WINDOW_MINUTES * 60_000;

  app.post('/api/auth/login', async (req) => {
    const body = parseBody(LoginBody, req.body);
    const keys = [
      { key: `login:email:${body.email}`, max: config.LOGIN_MAX_FAILURES_PER_EMAIL },
      { key: `login:ip:${req.ip}`, max: config.LOGIN_MAX_FAILURES_PER_IP },
    ];
    for (const { key, max } of keys) {
      const current = await currentCount(ctx.db, key, windowMs);
      if (current && current.count >= max) {
        const minutes = minutesUntil(current.resetAt, new Date());
        throw new HttpError(429, tooManyAttemptsMessage(minutes), { retryAfterMinutes: minutes });
      }
    }

    const user = await findUserByEmail(ctx.db, body.email);
    let ok = false;
    if (user) ok = await verifyPassword(user.passwordHash, body.password);
    else await burnPasswordCheck(body.password);
    if (!user || !ok) {
      for (const { key } of keys) await hit(ctx.db, key, windowMs);
      throw unauthorized(BAD_CREDENTIALS);
    }
    await resetCount(ctx.db, keys[0]!.key);
    if (needsRehash(user.passwordHash)) await rehashPassword(ctx.db, user.id, await hashPassword(body.password));
    if (!user.phoneVerified) await offerFreshCode(ctx, user).catch((err) => req.log.warn({ err }, 'could not send a code at sign-in'));

    return { token: await ctx.tokens.sign(user), user: toPublicUser(user) };
  });
}

/**
 * An unverified user who signs in is sent to the verification step; if their last code is
 * spent or expired, a new one goes out (within the resend limits, which a sign-in never exceeds).
 */
async function offerFreshCode(ctx: AuthContext, user: { id: string; phone: string }) {
  if (await hasUsablePendingCode(ctx.db, user.id, MAX_WRONG_ATTEMPTS)) return;
  await ctx.db.transaction().execute(async (trx) => {
    const decision = decideResend(await resendHistory(trx, user.id), new Date());
    if (decision.ok) await issueCode(trx, ctx.sms, user, 'login');
  });
}
