import { LoginBody } from '@gnology/contracts';
import { unauthorized } from '@gnology/platform/http/errors';
import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../app';
import { decideResend } from '../domain/rate-limit';
import { toPublicUser } from '../domain/user';
import { MAX_WRONG_ATTEMPTS } from '../domain/verification-code';
import { burnPasswordCheck, hashPassword, needsRehash, verifyPassword } from '../security/passwords';
import { claimAttempt, forgiveAttempt } from '../security/attempt-limit';
import { resetCount } from '../store/rate-limits';
import { resendHistory } from '../store/sms-sends';
import { findUserByEmail, rehashPassword } from '../store/users';
import { hasUsablePendingCode } from '../store/verifications';
import { issueCode } from '../verification/issue-code';
import { parseBody } from './parse';

export const BAD_CREDENTIALS = 'Invalid email or password';

/**
 * POST /api/auth/login. Attempts are counted per e-mail and per client IP in Postgres, before the
 * password is checked
 * (every replica sees the same counts); over the limit the answer is 429 with the minutes left.
 * An unknown e-mail costs the same password-hash work and gets the same answer as a wrong password.
 */
export function loginRoute(app: FastifyInstance, ctx: AuthContext) {
  const { config } = ctx.deps;
  const windowMs = config.LOGIN_WINDOW_MINUTES * 60_000;

  app.post('/api/auth/login', async (req) => {
    const body = parseBody(LoginBody, req.body);
    const emailKey = `login:email:${body.email}`;
    const ipKey = `login:ip:${req.ip}`;
    // Counted before the password is looked at (atomically), so parallel guesses cannot pass the limit.
    await claimAttempt(
      ctx.db,
      [
        { key: emailKey, max: config.LOGIN_MAX_FAILURES_PER_EMAIL },
        { key: ipKey, max: config.LOGIN_MAX_FAILURES_PER_IP },
      ],
      windowMs,
      (_message, minutes) => ({ retryAfterMinutes: minutes }),
    );

    const user = await findUserByEmail(ctx.db, body.email);
    let ok = false;
    if (user) ok = await verifyPassword(user.passwordHash, body.password);
    else await burnPasswordCheck(body.password);
    if (!user || !ok) throw unauthorized(BAD_CREDENTIALS);
    // A good password clears the e-mail's count and does not count against the address.
    await resetCount(ctx.db, emailKey);
    await forgiveAttempt(ctx.db, [ipKey]);
    if (needsRehash(user.passwordHash)) await rehashPassword(ctx.db, user.id, await hashPassword(body.password));
    if (!user.phoneVerified) await offerFreshCode(ctx, user, req.ip).catch((err) => req.log.warn({ err }, 'could not send a code at sign-in'));

    return { token: await ctx.tokens.sign(user), user: toPublicUser(user) };
  });
}

/**
 * An unverified user who signs in is sent to the verification step; if their last code is
 * spent or expired, a new one goes out (within the resend limits, which a sign-in never exceeds).
 */
async function offerFreshCode(ctx: AuthContext, user: { id: string; phone: string }, ip: string) {
  if (await hasUsablePendingCode(ctx.db, user.id, MAX_WRONG_ATTEMPTS)) return;
  await ctx.db.transaction().execute(async (trx) => {
    const decision = decideResend(await resendHistory(trx, user.id), new Date());
    if (decision.ok) await issueCode(trx, ctx.sms, user, 'login', { config: ctx.deps.config, ip });
  });
}
