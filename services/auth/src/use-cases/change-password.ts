import { badRequest } from '@gnology/platform/http/errors';
import type { AuthDeps } from '../context';
import { COMMON_PASSWORD, isCommonPassword } from '../security/common-passwords';
import { hashPassword } from '../security/passwords';
import { revokeAllAccessTokens } from '../store/access-tokens';
import { changePasswordHash } from '../store/users';
import { confirmPassword } from './confirm-password';

export { WRONG_CURRENT_PASSWORD } from './confirm-password';

/**
 * Changes the signed-in user's password, the current one checked (five wrong tries per 15
 * minutes, shared with access-token creation). Errors repeat their sentence in `message`: the
 * account page reads that field.
 */
export async function changePassword(
  deps: Pick<AuthDeps, 'db' | 'tokens'>,
  userId: string,
  body: { currentPassword: string; newPassword: string },
): Promise<{ success: true; message: string; token: string }> {
  if (isCommonPassword(body.newPassword)) throw badRequest(COMMON_PASSWORD, { message: COMMON_PASSWORD });
  const user = await confirmPassword(deps, userId, body.currentPassword);
  const hash = await hashPassword(body.newPassword);
  const updated = await deps.db.transaction().execute(async (trx) => {
    // The token version goes up with the hash: every other session is refused from now on.
    const changed = await changePasswordHash(trx, user.id, hash);
    // And every personal access token is revoked with it (issue 29, point 7, decision 0212): a
    // token minted from a stolen session stops when the owner changes the password. The gateway
    // holds a token's answer at most 30 s, and links handed out through one live 30 s.
    await revokeAllAccessTokens(trx, user.id);
    return changed;
  });
  // This session carries on with a token of the new version.
  return { success: true, message: 'Password changed successfully', token: await deps.tokens.sign(updated) };
}
