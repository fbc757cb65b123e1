import type { AnyKysely, AnyTransaction } from './outbox';

/**
 * Runs `fn` at most once per (consumer, eventId): in one transaction it records the pair in
 * `inbox` and runs `fn(trx)`, so the effect and the record commit together. Returns false, without
 * calling `fn`, when the event was already handled (a redelivery). If `fn` throws, nothing is
 * recorded and the error propagates, so the bus redelivers and the next try runs `fn` again.
 * Two concurrent deliveries of one event: the second waits on the first's row lock, then sees it.
 */
export async function handleOnce(
  db: AnyKysely,
  consumer: string,
  eventId: string,
  fn: (trx: AnyTransaction) => Promise<void>,
): Promise<boolean> {
  if (!consumer) throw new Error('handleOnce: consumer is required');
  if (!eventId) throw new Error('handleOnce: eventId is required');
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('inbox')
      .values({ consumer, event_id: eventId })
      .onConflict((oc) => oc.columns(['consumer', 'event_id']).doNothing())
      .returning('event_id')
      .executeTakeFirst();
    if (!inserted) return false;
    await fn(trx);
    return true;
  });
}
