import { randomUUID } from 'node:crypto';
import { CloudEvent } from 'cloudevents';
import { type Generated, type Kysely, type Migration, sql, type Transaction } from 'kysely';
import { dataSchemaUrl } from './dataschema';
import { assertTopicName } from './topics';
import type { CloudEventJson } from './types';

/**
 * The transactional outbox. A service writes its events into `outbox` in the same transaction
 * as the change they describe (`writeEvent`); the relay (`startOutboxRelay`) publishes committed
 * rows to the bus. A rolled-back transaction leaves no row, so no event; a committed one is
 * published even if the bus was down at the time.
 *
 * `inbox` is the consumer side: `handleOnce` records (consumer, event id) in the same
 * transaction as the handler's effect, so a redelivered event has no second effect.
 */
export interface OutboxTable {
  id: Generated<number>;
  event_id: string;
  topic: string;
  key: string;
  payload: CloudEventJson;
  created_at: Generated<Date>;
  published_at: Date | null;
}

export interface InboxTable {
  consumer: string;
  event_id: string;
  processed_at: Generated<Date>;
}

/** Merge into a service's kysely DB type: `interface DB extends EventsTables { ... }`. */
export interface EventsTables {
  outbox: OutboxTable;
  inbox: InboxTable;
}

/** A kysely instance or transaction over any service's tables (each service has its own DB type). */
// biome-ignore lint/suspicious/noExplicitAny: the events helpers work with every service's DB type.
export type AnyKysely = Kysely<any>;
// biome-ignore lint/suspicious/noExplicitAny: as above.
export type AnyTransaction = Transaction<any>;

/** NOTIFY channel the outbox trigger signals on; the payload is the schema of the outbox table. */
export const OUTBOX_CHANNEL = 'gnology_outbox';

/**
 * Creates `outbox`, `inbox` and the NOTIFY trigger, unqualified: they land in the service's own
 * schema (first on its search_path). Each service lists it in its own migrations, e.g.
 * `migrate(database, { '0000_outbox': outboxMigration, '0001_init': ... })`.
 */
export const outboxMigration: Migration = {
  async up(db: AnyKysely) {
    await db.schema
      .createTable('outbox')
      .addColumn('id', 'bigserial', (c) => c.primaryKey())
      .addColumn('event_id', 'uuid', (c) => c.notNull().unique())
      .addColumn('topic', 'text', (c) => c.notNull())
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('payload', 'jsonb', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('published_at', 'timestamptz')
      .execute();
    // The relay's scan: unpublished rows in id order.
    await sql`create index outbox_unpublished_idx on outbox (id) where published_at is null`.execute(db);
    // The cleanup's scan: published rows by age.
    await sql`create index outbox_published_at_idx on outbox (published_at) where published_at is not null`.execute(db);

    await db.schema
      .createTable('inbox')
      .addColumn('consumer', 'text', (c) => c.notNull())
      .addColumn('event_id', 'text', (c) => c.notNull())
      .addColumn('processed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint('inbox_pkey', ['consumer', 'event_id'])
      .execute();

    // Wakes the relay when a transaction that wrote events commits (NOTIFY is delivered at commit,
    // never for a rollback, and repeats within one transaction are folded into one).
    await sql
      .raw(`
        create function outbox_notify() returns trigger language plpgsql as $$
        begin
          perform pg_notify('${OUTBOX_CHANNEL}', tg_table_schema);
          return null;
        end
        $$`)
      .execute(db);
    await sql`create trigger outbox_notify after insert on outbox for each statement execute function outbox_notify()`.execute(
      db,
    );
  },
  async down(db: AnyKysely) {
    await sql`drop trigger if exists outbox_notify on outbox`.execute(db);
    await sql`drop function if exists outbox_notify()`.execute(db);
    await db.schema.dropTable('inbox').ifExists().execute();
    await db.schema.dropTable('outbox').ifExists().execute();
  },
};

export interface WriteEventInput<T = unknown> {
  /** Versioned topic, e.g. TOPICS.documents. */
  topic: string;
  /** Partition key: the aggregate id. Events with the same key are delivered in order. */
  key: string;
  /** Event type, e.g. `gnology.documents.document.uploaded`. */
  type: string;
  /** URI reference of the producer, e.g. `/services/documents`. */
  source: string;
  /** The aggregate or resource the event is about. */
  subject?: string;
  data: T;
  /** The request that caused the event (CloudEvents extension `requestid`). */
  requestId?: string;
  /** Defaults to a random UUID. */
  id?: string;
  /** Defaults to now. */
  time?: Date | string;
  /** URL of the JSON Schema of `data`. Defaults to the published schema of `type` on `topic` (dataschema.ts). */
  dataschema?: string;
}

/**
 * Builds a CloudEvents 1.0 event and inserts it into `outbox` with `trx`, which should be the
 * transaction that makes the change the event describes. Returns the event as it will be published.
 */
export async function writeEvent<T = unknown>(trx: AnyKysely, input: WriteEventInput<T>): Promise<CloudEventJson<T>> {
  const event = buildEvent(input);
  await trx
    .insertInto('outbox')
    .values({ event_id: event.id, topic: input.topic, key: input.key, payload: JSON.stringify(event) })
    .execute();
  return event;
}

/** Builds and validates the event without storing it (writeEvent's first half). */
export function buildEvent<T = unknown>(input: WriteEventInput<T>): CloudEventJson<T> {
  assertTopicName(input.topic);
  if (typeof input.key !== 'string' || input.key.length === 0)
    throw new Error('writeEvent: key (the aggregate id) is required');
  if (input.data === undefined) throw new Error('writeEvent: data is required');
  // Stored as JSON: what a consumer receives is the JSON form, so make the event hold exactly that.
  const data = JSON.parse(JSON.stringify(input.data)) as T;
  const time = input.time === undefined ? new Date().toISOString() : new Date(input.time).toISOString();
  const attrs: Record<string, unknown> = {
    specversion: '1.0',
    id: input.id ?? randomUUID(),
    type: input.type,
    source: input.source,
    time,
    datacontenttype: 'application/json',
    data,
  };
  if (input.subject !== undefined) attrs.subject = input.subject;
  const dataschema = input.dataschema ?? dataSchemaUrl(input.topic, input.type);
  if (dataschema !== undefined) attrs.dataschema = dataschema;
  if (input.requestId !== undefined) attrs.requestid = input.requestId;
  let ce: CloudEvent<T>;
  try {
    ce = new CloudEvent<T>(attrs, true);
    ce.validate();
  } catch (err) {
    const detail = (err as { errors?: unknown }).errors;
    throw new Error(
      `writeEvent: invalid CloudEvent (${(err as Error).message}${detail ? `: ${JSON.stringify(detail)}` : ''})`,
    );
  }
  const event: CloudEventJson<T> = {
    specversion: '1.0',
    id: ce.id,
    type: ce.type,
    source: ce.source,
    time: ce.time ?? time,
    datacontenttype: 'application/json',
    data,
  };
  if (ce.subject !== undefined) event.subject = ce.subject;
  if (dataschema !== undefined) event.dataschema = dataschema;
  if (input.requestId !== undefined) event.requestid = input.requestId;
  return event;
}
