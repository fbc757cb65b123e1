import type { Db, Trx } from './schema';

/** Records a Stripe event id; false when it was recorded before (a replay, which must change nothing). */
export async function recordStripeEvent(trx: Trx, id: string, type: string): Promise<boolean> {
  const row = await trx
    .insertInto('stripe_events')
    .values({ id, type })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function stripeEventSeen(db: Db, id: string): Promise<boolean> {
  return (await db.selectFrom('stripe_events').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** The account a subscription or customer belongs to, for events whose subscription carries no user id. */
export async function findUserByStripeIds(
  db: Db,
  subscriptionId: string | null,
  customerId: string | null,
): Promise<string | null> {
  if (subscriptionId) {
    const row = await db
      .selectFrom('accounts')
      .select('user_id')
      .where('stripe_subscription_id', '=', subscriptionId)
      .executeTakeFirst();
    if (row) return row.user_id;
  }
  if (customerId) {
    const row = await db
      .selectFrom('accounts')
      .select('user_id')
      .where('stripe_customer_id', '=', customerId)
      .executeTakeFirst();
    if (row) return row.user_id;
  }
  return null;
}
