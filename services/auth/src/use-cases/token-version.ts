import { notFound } from '@gnology/platform/http/errors';
import type { AuthDeps } from '../context';
import { sessionVersionOf } from '../store/users';

/** The user's current session version, for other services that check a token is not revoked. */
export async function tokenVersion(deps: Pick<AuthDeps, 'db'>, userId: string): Promise<{ tokenVersion: number }> {
  const version = await sessionVersionOf(deps.db, userId);
  if (version === undefined) throw notFound('No such user');
  return { tokenVersion: version };
}
