import { sql } from 'kysely';
import type { PromoCodeState } from '../domain/promo-code';
import type { AuthDb, AuthTrx } from './schema';

export interface PromoCode extends PromoCodeState {
  code: string;
  description: string | null;
  marksTestUser: boolean;
  createdAt: Date;
}

type Db = AuthDb | AuthTrx;

const COLUMNS = [
  'code',
  'description',
  'active',
  'max_uses',
  'uses',
  'expires_at',
  'marks_test_user',
  'created_at',
] as const;

function toPromo(r: {
  code: string;
  description: string | null;
  active: boolean;
  max_uses: number | null;
  uses: number;
  expires_at: Date | null;
  marks_test_user: boolean;
  created_at: Date;
}): PromoCode {
  return {
    code: r.code,
    description: r.description,
    active: r.active,
    maxUses: r.max_uses,
    uses: r.uses,
    expiresAt: r.expires_at,
    marksTestUser: r.marks_test_user,
    createdAt: r.created_at,
  };
}

/** Locks the code's row: concurrent sign-ups cannot both take the last use. */
export async function findPromoCodeForUpdate(trx: AuthTrx, code: string): Promise<PromoCode | undefined> {
  const row = await trx
    .selectFrom('promo_codes')
    .select(COLUMNS)
    .where('code', '=', code)
    .forUpdate()
    .executeTakeFirst();
  return row && toPromo(row);
}

export async function countPromoUse(trx: AuthTrx, code: string): Promise<void> {
  await trx
    .updateTable('promo_codes')
    .set((eb) => ({ uses: eb('uses', '+', 1) }))
    .where('code', '=', code)
    .execute();
}

export async function addPromoCode(
  db: Db,
  p: {
    code: string;
    description?: string | null;
    maxUses?: number | null;
    expiresAt?: Date | null;
    marksTestUser?: boolean;
  },
): Promise<PromoCode> {
  const row = await db
    .insertInto('promo_codes')
    .values({
      code: p.code,
      description: p.description ?? null,
      max_uses: p.maxUses ?? null,
      expires_at: p.expiresAt ?? null,
      marks_test_user: p.marksTestUser ?? false,
    })
    .onConflict((oc) =>
      oc.column('code').doUpdateSet({
        active: true,
        description: (eb) => eb.fn.coalesce(eb.ref('excluded.description'), eb.ref('promo_codes.description')),
        max_uses: (eb) => eb.ref('excluded.max_uses'),
        expires_at: (eb) => eb.ref('excluded.expires_at'),
        marks_test_user: (eb) => eb.ref('excluded.marks_test_user'),
      }),
    )
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return toPromo(row);
}

export async function listPromoCodes(db: Db): Promise<PromoCode[]> {
  const rows = await db.selectFrom('promo_codes').select(COLUMNS).orderBy('created_at').execute();
  return rows.map(toPromo);
}

export async function disablePromoCode(db: Db, code: string): Promise<boolean> {
  const res = await db.updateTable('promo_codes').set({ active: false }).where('code', '=', code).executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Accounts that registered with each code (the CLI's list). */
export async function promoCodeAccounts(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('users')
    .select(['promo_code', sql<number>`count(*)::int`.as('n')])
    .where('promo_code', 'is not', null)
    .groupBy('promo_code')
    .execute();
  return new Map(rows.map((r) => [r.promo_code!, r.n]));
}
