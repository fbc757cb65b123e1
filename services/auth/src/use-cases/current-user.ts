import type { PublicUser } from '@gnology/contracts';
import { unauthorized } from '@gnology/platform/http/errors';
import type { AuthDeps } from '../context';
import { decoyAsUser } from '../domain/decoy';
import { toPublicUser } from '../domain/user';
import { findDecoy } from '../store/decoys';
import { findUserById } from '../store/users';

export const INVALID_SESSION = 'Invalid session token';

/** The signed-in account as GET /api/auth/me shows it; a registration decoy looks like any account still waiting for its code. */
export async function currentUser(deps: Pick<AuthDeps, 'db'>, userId: string): Promise<PublicUser> {
  const user = await findUserById(deps.db, userId);
  if (user) return toPublicUser(user);
  const decoy = await findDecoy(deps.db, userId);
  if (decoy) return toPublicUser(decoyAsUser(decoy));
  throw unauthorized(INVALID_SESSION, { expired: false });
}
