import type { PublicUser } from '@gnology/contracts';
import { unauthorized } from '@gnology/platform/http/errors';
import type { AuthDeps } from '../context';
import { toPublicUser } from '../domain/user';
import { MAX_WRONG_ATTEMPTS } from '../domain/verification-code';
import { claimAttempt, forgiveAttempt } from '../security/attempt-limit';
import { burnPasswordCheck, hashPassword, needsRehash, verifyPassword } from '../security/passwords';
import { resetCount } from '../store/rate-limits';
import { findUserByEmail, rehashPassword } from '../store/users';
import { hasUsablePendingCode } from '../store/verifications';
import { issueCode } from '../verification/issue-code';
import { resendDecision } from './resend-limit';

export const BAD_CREDENTIALS = 'Invalid email or password';

type LoginDeps = Pick<AuthDeps, 'db' | 'config' | 'sms' | 'tokens'>;

/**
 * Signs in with e-mail and password. Attempts are counted per e-mail and per client IP in
 * Postgres, before the password is checked (every replica sees the same counts); over the limit
 * the answer is 429 with the minutes left. An unknown e-mail costs the same password-hash work
 * and gets the same answer as a wrong password.
 */
export async function login(
  deps: LoginDeps,
  body: { email: string; password: string },
  from: { ip: string; log: { warn(obj: object, msg: string): void } },
): Promise<{ token: string; user: PublicUser }> {
  const { config } = deps;
  const emailKey = `login:email:${body.email}`;
  const ipKey = `login:ip:${from.ip}`;
  // Counted before the password is looked at (atomically), so parallel guesses cannot pass the limit.
  await claimAttempt(
    deps.db,
    [
      { key: emailKey, max: config.LOGIN_MAX_FAILURES_PER_EMAIL },
      { key: ipKey, max: config.LOGIN_MAX_FAILURES_PER_IP },
    ],
    config.LOGIN_WINDOW_MINUTES * 60_000,
    (_message, minutes) => ({ retryAfterMinutes: minutes }),
  );

  const user = await findUserByEmail(deps.db, body.email);
  let ok = false;
  if (user) ok = await verifyPassword(user.passwordHash, body.password);
  else await burnPasswordCheck(body.password);
  if (!user || !ok) throw unauthorized(BAD_CREDENTIALS);
  // A good password clears the e-mail's count and does not count against the address.
  await resetCount(deps.db, emailKey);
  await forgiveAttempt(deps.db, [ipKey]);
  if (needsRehash(user.passwordHash)) await rehashPassword(deps.db, user.id, await hashPassword(body.password));
  if (!user.phoneVerified)
    await offerFreshCode(deps, user, from.ip).catch((err) =>
      from.log.warn({ err }, 'could not send a code at sign-in'),
    );

  return { token: await deps.tokens.sign(user), user: toPublicUser(user) };
}

/**
 * An unverified user who signs in is sent to the verification step; if their last code is
 * spent or expired, a new one goes out (within the resend limits, which a sign-in never exceeds).
 */
async function offerFreshCode(deps: LoginDeps, user: { id: string; phone: string }, ip: string): Promise<void> {
  if (await hasUsablePendingCode(deps.db, user.id, MAX_WRONG_ATTEMPTS)) return;
  await deps.db.transaction().execute(async (trx) => {
    const decision = await resendDecision(trx, user.id);
    if (decision.ok) await issueCode(trx, deps.sms, user, 'login', { config: deps.config, ip });
  });
}
