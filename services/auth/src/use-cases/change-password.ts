import { badRequest, unauthorized } from '@gnology/platform/http/errors';
import type { AuthDeps } from '../context';
import { claimAttempt } from '../security/attempt-limit';
import { COMMON_PASSWORD, isCommonPassword } from '../security/common-passwords';
import { hashPassword, verifyPassword } from '../security/passwords';
import { resetCount } from '../store/rate-limits';
import { changePasswordHash, findUserById } from '../store/users';
import { INVALID_SESSION } from './current-user';

export const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';
const PASSWORD_WINDOW_MS = 15 * 60_000;
const PASSWORD_MAX_FAILURES = 5;

/**
 * Changes the signed-in user's password, the current one checked (five wrong tries per 15
 * minutes). Errors repeat their sentence in `message`: the account page reads that field.
 */
export async function changePassword(
  deps: Pick<AuthDeps, 'db' | 'tokens'>,
  userId: string,
  body: { currentPassword: string; newPassword: string },
): Promise<{ success: true; message: string; token: string }> {
  if (isCommonPassword(body.newPassword)) throw badRequest(COMMON_PASSWORD, { message: COMMON_PASSWORD });
  const limitKey = `password:user:${userId}`;
  await claimAttempt(deps.db, [{ key: limitKey, max: PASSWORD_MAX_FAILURES }], PASSWORD_WINDOW_MS, (message) => ({
    message,
  }));
  const user = await findUserById(deps.db, userId);
  if (!user) throw unauthorized(INVALID_SESSION, { expired: false });
  if (!(await verifyPassword(user.passwordHash, body.currentPassword))) {
    throw badRequest(WRONG_CURRENT_PASSWORD, { message: WRONG_CURRENT_PASSWORD });
  }
  await resetCount(deps.db, limitKey);
  const hash = await hashPassword(body.newPassword);
  // The token version goes up with the hash: every other session is refused from now on.
  const updated = await deps.db.transaction().execute((trx) => changePasswordHash(trx, user.id, hash));
  // This session carries on with a token of the new version.
  return { success: true, message: 'Password changed successfully', token: await deps.tokens.sign(updated) };
}
