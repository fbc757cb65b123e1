import { accountPlanAndPeriod, listAccountsDueByTime } from '../store/maintenance-queries';
import type { Db } from '../store/schema';
import { changeAccount } from './account-change';

/**
 * Accounts due a change by time alone (a monthly period that ended, paid access that ran out).
 * Reads and usage apply these lazily too; the sweep makes them happen (and their events go out)
 * for accounts nobody is using.
 */
export async function applyDueTransitions(db: Db, now: Date, batch = 200): Promise<number> {
  let changed = 0;
  for (const userId of await listAccountsDueByTime(db, now, batch)) {
    const before = await accountPlanAndPeriod(db, userId);
    const after = await db.transaction().execute((trx) => changeAccount(trx, userId, { now }, () => null));
    if (after.plan !== before.plan || after.periodEnd?.getTime() !== before.period_end?.getTime()) changed += 1;
  }
  return changed;
}
