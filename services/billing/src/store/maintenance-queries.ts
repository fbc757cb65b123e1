import type { Db } from './schema';

/**
 * Accounts due a change by time alone: a monthly period that ended and whose next one is paid
 * for (a Stripe monthly renewal waits for invoice.paid), or paid access that ran out.
 */
export async function listAccountsDueByTime(db: Db, now: Date, batch: number): Promise<string[]> {
  const rows = await db
    .selectFrom('accounts')
    .select('user_id')
    .where((eb) =>
      eb.or([
        eb.and([
          eb('plan', 'in', ['professional', 'test']),
          eb('period_end', '<=', now),
          eb.or([eb('paid_until', 'is', null), eb('paid_until', '>', eb.ref('period_end'))]),
        ]),
        eb('access_until', '<=', now),
      ]),
    )
    .limit(batch)
    .execute();
  return rows.map((r) => r.user_id);
}

export async function accountPlanAndPeriod(db: Db, userId: string) {
  return db
    .selectFrom('accounts')
    .select(['period_end', 'plan'])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
}

/** Overage entries not yet reported to Stripe, oldest first, with their account's customer. */
export async function listPendingOverage(db: Db, batch: number) {
  return db
    .selectFrom('ledger_entries as e')
    .innerJoin('accounts as a', 'a.user_id', 'e.user_id')
    .select(['e.id', 'e.tokens', 'e.created_at', 'a.stripe_customer_id'])
    .where('e.report_status', '=', 'pending')
    .orderBy('e.id')
    .limit(batch)
    .execute();
}

export async function setReportStatus(db: Db, entryId: number, status: 'reported' | 'not_billed'): Promise<void> {
  await db.updateTable('ledger_entries').set({ report_status: status }).where('id', '=', entryId).execute();
}
