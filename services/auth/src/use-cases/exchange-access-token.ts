import type { VerifiedAccessToken } from '@gnology/contracts';
import { unauthorized } from '@gnology/platform/http/errors';
import type { AuthDeps } from '../context';
import { hashAccessToken } from '../domain/access-token';
import { findLiveAccessToken, touchAccessToken } from '../store/access-tokens';

/**
 * The session a verified access token is exchanged for: the gateway caches it at most 30 s,
 * so five minutes always covers the cache and a slow request behind it.
 */
const EXCHANGED_SESSION_TTL = '5m';

/** The gateway's question for every request that carries a `gnpat_` token: whose it is, and a short session in its scope. */
export async function exchangeAccessToken(
  deps: Pick<AuthDeps, 'db' | 'tokens'>,
  token: string,
): Promise<VerifiedAccessToken> {
  const row = await findLiveAccessToken(deps.db, hashAccessToken(token));
  if (!row) throw unauthorized('Invalid access token');
  await touchAccessToken(deps.db, row.id);
  const sessionToken = await deps.tokens.sign(
    {
      id: row.user_id,
      email: row.email,
      name: row.name,
      phoneVerified: row.phone_verified,
      tokenVersion: row.token_version,
    },
    { ttl: EXCHANGED_SESSION_TTL, scope: row.scope },
  );
  const exp = JSON.parse(Buffer.from(sessionToken.split('.')[1]!, 'base64url').toString()) as { exp: number };
  return {
    userId: row.user_id,
    tokenId: row.id,
    scope: row.scope as VerifiedAccessToken['scope'],
    sessionToken,
    sessionExpiresAt: exp.exp,
  };
}
