import {
  MAX_LIVE_ACCESS_TOKENS,
  type AccessTokenList,
  type CreateAccessTokenBody,
  type CreatedAccessToken,
} from '@gnology/contracts';
import { conflict, notFound } from '@gnology/platform/http/errors';
import { OBJECT_ID, newObjectId } from '@gnology/platform/ids';
import type { z } from 'zod';
import type { AuthDeps } from '../context';
import { hashAccessToken, newAccessTokenSecret, toPublicAccessToken, visiblePrefix } from '../domain/access-token';
import {
  countLiveAccessTokensLocked,
  insertAccessToken,
  listAccessTokens,
  revokeAccessToken,
} from '../store/access-tokens';
import { confirmPassword } from './confirm-password';

export const TOO_MANY_ACCESS_TOKENS = `You already have ${MAX_LIVE_ACCESS_TOKENS} access tokens. Revoke one you no longer use to create another.`;

/** Account → Integrations (issue 18): the user's personal access tokens, newest first. */
export async function listUserAccessTokens(
  deps: Pick<AuthDeps, 'db'>,
  userId: string,
): Promise<z.infer<typeof AccessTokenList>> {
  const tokens = await listAccessTokens(deps.db, userId);
  return { accessTokens: tokens.map(toPublicAccessToken) };
}

/**
 * Makes a new token; its secret is answered once and only its hash is kept. The current password
 * is asked first (issue 29, point 7, decision 0212): a stolen session alone cannot mint a token
 * that outlives it. The live-token count is read under a lock, so two parallel creations cannot
 * both pass the limit.
 */
export async function createAccessToken(
  deps: Pick<AuthDeps, 'db'>,
  userId: string,
  body: z.infer<typeof CreateAccessTokenBody>,
): Promise<z.infer<typeof CreatedAccessToken>> {
  await confirmPassword(deps, userId, body.currentPassword);
  const secret = newAccessTokenSecret();
  const created = await deps.db.transaction().execute(async (trx) => {
    if ((await countLiveAccessTokensLocked(trx, userId)) >= MAX_LIVE_ACCESS_TOKENS)
      throw conflict(TOO_MANY_ACCESS_TOKENS);
    const token = {
      name: body.name,
      scope: body.scope,
      tokenHash: hashAccessToken(secret),
      prefix: visiblePrefix(secret),
    };
    return insertAccessToken(trx, { id: newObjectId(), userId, ...token });
  });
  return { token: secret, accessToken: toPublicAccessToken(created) };
}

/** Revokes one of the user's own tokens; another user's id (or a malformed one) answers 404. */
export async function revokeUserAccessToken(deps: Pick<AuthDeps, 'db'>, userId: string, id: string): Promise<void> {
  if (!OBJECT_ID.test(id) || !(await revokeAccessToken(deps.db, userId, id))) throw notFound('Access token not found');
}
