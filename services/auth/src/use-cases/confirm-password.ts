import { badRequest, unauthorized } from '@gnology/platform/http/errors';
import type { AuthDeps } from '../context';
import { claimAttempt } from '../security/attempt-limit';
import { verifyPassword } from '../security/passwords';
import { resetCount } from '../store/rate-limits';
import { type UserWithSecrets, findUserById } from '../store/users';
import { INVALID_SESSION } from './current-user';

export const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';
const PASSWORD_WINDOW_MS = 15 * 60_000;
const PASSWORD_MAX_FAILURES = 5;

/**
 * The signed-in user proves they know the password before an act a stolen session must not do
 * alone: changing the password, creating an access token (issue 29, point 7). One counter for
 * both, five wrong tries per 15 minutes, so neither route lets a session guess the password.
 * A wrong password is 400 with the sentence repeated in `message` (the account page reads it).
 */
export async function confirmPassword(
  deps: Pick<AuthDeps, 'db'>,
  userId: string,
  password: string,
): Promise<UserWithSecrets> {
  const limitKey = `password:user:${userId}`;
  await claimAttempt(deps.db, [{ key: limitKey, max: PASSWORD_MAX_FAILURES }], PASSWORD_WINDOW_MS, (message) => ({
    message,
  }));
  const user = await findUserById(deps.db, userId);
  if (!user) throw unauthorized(INVALID_SESSION, { expired: false });
  if (!(await verifyPassword(user.passwordHash, password))) {
    throw badRequest(WRONG_CURRENT_PASSWORD, { message: WRONG_CURRENT_PASSWORD });
  }
  await resetCount(deps.db, limitKey);
  return user;
}
