import type { Payments } from '../payments/stripe';
import { listPendingOverage, setReportStatus } from '../store/maintenance-queries';
import type { Db } from '../store/schema';

/**
 * Reports overage entries to Stripe as meter events, each with its entry id as identifier so a
 * report retried after a crash is counted once by Stripe.
 */
export async function reportOverage(db: Db, payments: Payments | null, batch = 100): Promise<number> {
  if (!payments) return 0;
  let reported = 0;
  for (const entry of await listPendingOverage(db, batch)) {
    if (!entry.stripe_customer_id) {
      await setReportStatus(db, entry.id, 'not_billed');
      continue;
    }
    await payments.reportOverage({
      customerId: entry.stripe_customer_id,
      tokens: entry.tokens,
      identifier: `gnology-overage-${entry.id}`,
      at: entry.created_at,
    });
    await setReportStatus(db, entry.id, 'reported');
    reported += 1;
  }
  return reported;
}
