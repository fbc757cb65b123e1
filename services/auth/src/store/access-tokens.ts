import type { AccessTokenScope } from '@gnology/contracts';
import { sql } from 'kysely';
import type { AccessTokenRecord } from '../domain/access-token';
import { LAST_USED_RESOLUTION_MS } from '../domain/access-token';
import type { AuthDb, AuthTrx } from './schema';

type Db = AuthDb | AuthTrx;

const COLUMNS = ['id', 'name', 'scope', 'prefix', 'created_at', 'last_used_at', 'revoked_at'] as const;

function toRecord(r: {
  id: string;
  name: string;
  scope: string;
  prefix: string;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
}): AccessTokenRecord {
  return {
    id: r.id,
    name: r.name,
    scope: r.scope as AccessTokenScope,
    prefix: r.prefix,
    createdAt: r.created_at,
    lastUsedAt: r.last_used_at,
    revokedAt: r.revoked_at,
  };
}

/** The user's tokens, live ones first, newest first within each. */
export async function listAccessTokens(db: Db, userId: string): Promise<AccessTokenRecord[]> {
  const rows = await db
    .selectFrom('access_tokens')
    .select(COLUMNS)
    .where('user_id', '=', userId)
    .orderBy(sql`revoked_at is not null`)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toRecord);
}

/** Locks the account row, so two creations at once cannot both pass the live-token limit. */
export async function countLiveAccessTokensLocked(trx: AuthTrx, userId: string): Promise<number> {
  await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
  const row = await trx
    .selectFrom('access_tokens')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertAccessToken(
  trx: AuthTrx,
  t: { id: string; userId: string; name: string; scope: AccessTokenScope; tokenHash: string; prefix: string },
): Promise<AccessTokenRecord> {
  const row = await trx
    .insertInto('access_tokens')
    .values({
      id: t.id,
      user_id: t.userId,
      name: t.name,
      scope: t.scope,
      token_hash: t.tokenHash,
      prefix: t.prefix,
      last_used_at: null,
      revoked_at: null,
    })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return toRecord(row);
}

/** Revokes the user's own token; false when there is no such token of this user. Revoking twice is a no-op. */
export async function revokeAccessToken(db: Db, userId: string, id: string): Promise<boolean> {
  const row = await db
    .updateTable('access_tokens')
    .set({ revoked_at: sql<Date>`coalesce(revoked_at, now())` })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Revokes every live token of the user (a password change, decision 0212); the number revoked. */
export async function revokeAllAccessTokens(db: Db, userId: string): Promise<number> {
  const res = await db
    .updateTable('access_tokens')
    .set({ revoked_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** A live token by the hash of its secret, with what a session token for its owner needs. */
export async function findLiveAccessToken(db: Db, tokenHash: string) {
  return db
    .selectFrom('access_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select([
      't.id',
      't.scope',
      't.last_used_at',
      'u.id as user_id',
      'u.email',
      'u.name',
      'u.phone_verified',
      'u.token_version',
    ])
    .where('t.token_hash', '=', tokenHash)
    .where('t.revoked_at', 'is', null)
    .executeTakeFirst();
}

/** Stamps last use, at most once per resolution window (the condition makes it a no-op otherwise). */
export async function touchAccessToken(db: Db, id: string): Promise<void> {
  await db
    .updateTable('access_tokens')
    .set({ last_used_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb('last_used_at', 'is', null),
        eb('last_used_at', '<', sql<Date>`now() - make_interval(secs => ${LAST_USED_RESOLUTION_MS / 1000})`),
      ]),
    )
    .execute();
}
