// The outbox, the relay and the inbox against real Postgres, with an in-memory bus (the bus
// backends themselves are covered by events.contract.int.test.ts).
import { createTestDatabase, type TestDatabase, uniqueName } from '@gnology/testing';
import { type Migration, sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database, migrate } from '../src/db/database';
import {
  type BusMessage,
  buildEvent,
  type CloudEventJson,
  type EventBus,
  handleOnce,
  type OutboxRelay,
  outboxMigration,
  startOutboxRelay,
  TOPICS,
  topicName,
  writeEvent,
} from '../src/events';
import { captureLogger } from './fixtures/events-backends';

const effectsMigration: Migration = {
  async up(db) {
    await db.schema
      .createTable('effects')
      .addColumn('event_id', 'text', (c) => c.notNull())
      .execute();
  },
};

/** Records what it is asked to publish; `gate` (when set) holds every publish until released. */
function memoryBus() {
  const published: BusMessage[] = [];
  let gate: Promise<void> | null = null;
  const bus: EventBus & { published: BusMessage[]; hold(): () => void; inFlight: number; maxInFlight: number } = {
    backend: 'pg-boss',
    published,
    inFlight: 0,
    maxInFlight: 0,
    hold() {
      let release!: () => void;
      gate = new Promise((r) => {
        release = r;
      });
      return () => {
        gate = null;
        release();
      };
    },
    async publish(messages) {
      bus.inFlight++;
      bus.maxInFlight = Math.max(bus.maxInFlight, bus.inFlight);
      try {
        if (gate) await gate;
        published.push(...messages);
      } finally {
        bus.inFlight--;
      }
    },
    async subscribe() {
      return { close: async () => {} };
    },
    async ping() {},
    async close() {},
  };
  return bus;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await sleep(20);
  }
  throw new Error(`timed out waiting for: ${what}`);
}

describe('outbox, relay and inbox', () => {
  let testDb: TestDatabase;
  let database: Database;
  const { logger, lines } = captureLogger();
  const relays: OutboxRelay[] = [];
  const startRelay = (opts: Partial<Parameters<typeof startOutboxRelay>[0]> & { bus: EventBus }) => {
    const r = startOutboxRelay({ db: database, logger, ...opts });
    relays.push(r);
    return r;
  };
  const write = (topic: string, key: string, data: unknown) =>
    database.db
      .transaction()
      .execute((trx) => writeEvent(trx, { topic, key, type: 'gnology.test.happened', source: '/test', data }));
  const unpublished = async (topic: string) =>
    (
      await sql<{
        n: number;
      }>`select count(*)::int as n from outbox where topic = ${topic} and published_at is null`.execute(database.db)
    ).rows[0]!.n;

  beforeAll(async () => {
    testDb = await createTestDatabase('gn_outbox');
    database = createDatabase({ url: testDb.url, schema: 'svc_outbox' });
    await migrate(database, { '0000_outbox': outboxMigration, '0001_effects': effectsMigration });
  });

  // Relays of one schema share its outbox: none may outlive its test.
  afterEach(async () => {
    await Promise.all(relays.splice(0).map((r) => r.stop()));
  });

  afterAll(async () => {
    await database?.close();
    await testDb?.drop();
  });

  it('names versioned topics', () => {
    expect(Object.values(TOPICS)).toEqual([
      'gnology.documents.v1',
      'gnology.auth.v1',
      'gnology.conversations.v1',
      'gnology.research.v1',
      'gnology.billing.v1',
      'gnology.albums.v1',
    ]);
    expect(topicName('documents')).toBe(TOPICS.documents);
    expect(topicName('research', 2)).toBe('gnology.research.v2');
    expect(() => topicName('Bad Name')).toThrow();
  });

  it('creates the tables in the service schema, and the migration reverses', async () => {
    const tables = await sql<{ table_schema: string; table_name: string }>`
      select table_schema, table_name from information_schema.tables where table_name in ('outbox', 'inbox') order by table_name`.execute(
      database.db,
    );
    expect(tables.rows).toEqual([
      { table_schema: 'svc_outbox', table_name: 'inbox' },
      { table_schema: 'svc_outbox', table_name: 'outbox' },
    ]);
    const other = createDatabase({ url: testDb.url, schema: 'svc_other' });
    try {
      await other.db.schema.createSchema('svc_other').execute();
      await outboxMigration.up(other.db);
      await outboxMigration.down!(other.db);
      const left = await sql`select 1 from information_schema.tables where table_schema = 'svc_other'`.execute(
        other.db,
      );
      expect(left.rows).toHaveLength(0);
    } finally {
      await other.close();
    }
  });

  it('writes a valid CloudEvent into the outbox and rejects an invalid one', async () => {
    const topic = uniqueName('t.write');
    const event = await database.db.transaction().execute((trx) =>
      writeEvent(trx, {
        topic,
        key: 'doc-7',
        type: 'gnology.documents.document.uploaded',
        source: '/services/documents',
        subject: 'doc-7',
        data: { title: 'Parish register', when: new Date('2020-01-02T03:04:05Z') },
        requestId: 'req-9',
      }),
    );
    expect(event).toEqual({
      specversion: '1.0',
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      type: 'gnology.documents.document.uploaded',
      source: '/services/documents',
      subject: 'doc-7',
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      datacontenttype: 'application/json',
      requestid: 'req-9',
      data: { title: 'Parish register', when: '2020-01-02T03:04:05.000Z' },
    });
    const row = await sql<{ topic: string; key: string; payload: unknown; published_at: Date | null }>`
      select topic, key, payload, published_at from outbox where event_id = ${event.id}`.execute(database.db);
    expect(row.rows).toEqual([{ topic, key: 'doc-7', payload: event, published_at: null }]);

    expect(() => buildEvent({ topic, key: 'k', type: '', source: '/test', data: {} })).toThrow(/invalid CloudEvent/);
    expect(() => buildEvent({ topic, key: '', type: 't', source: '/test', data: {} })).toThrow(/key/);
    expect(() => buildEvent({ topic: 'no spaces allowed', key: 'k', type: 't', source: '/test', data: {} })).toThrow(
      /topic/,
    );
  });

  it('wakes on NOTIFY when a write commits, without waiting for the poll', async () => {
    const bus = memoryBus();
    const topic = uniqueName('t.notify');
    startRelay({ bus, pollMs: 60_000 });
    await sleep(500); // the relay has looked once and is now asleep for a minute
    const started = Date.now();
    const event = await write(topic, 'k', { n: 1 });
    await waitFor('the event was published', () => bus.published.some((m) => m.event.id === event.id), 5000);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('polls when given only a kysely instance (no LISTEN)', async () => {
    const bus = memoryBus();
    const topic = uniqueName('t.poll');
    const r = startOutboxRelay({ db: database.db, bus, logger, pollMs: 100 });
    relays.push(r);
    await sleep(200);
    const event = await write(topic, 'k', { n: 1 });
    await waitFor('the event was published', () => bus.published.some((m) => m.event.id === event.id), 5000);
    await r.stop();
  });

  it('flushes in batches, in id order, and marks rows published', async () => {
    const bus = memoryBus();
    const topic = uniqueName('t.batch');
    const ids: string[] = [];
    await database.db.transaction().execute(async (trx) => {
      for (let i = 0; i < 250; i++)
        ids.push((await writeEvent(trx, { topic, key: `k${i % 7}`, type: 't.t', source: '/test', data: { i } })).id);
    });
    const r = startRelay({ bus, pollMs: 60_000, batchSize: 100 });
    await waitFor('all published', async () => (await unpublished(topic)) === 0);
    expect(await r.flush()).toBe(0);
    expect(bus.published.filter((m) => m.topic === topic).map((m) => m.event.id)).toEqual(ids);
    await r.stop();
  });

  it('lets one relay of a schema publish at a time, so replicas never publish a row twice', async () => {
    const bus = memoryBus();
    const topic = uniqueName('t.replicas');
    const release = bus.hold();
    const a = startRelay({ bus, pollMs: 30 });
    const b = startRelay({ bus, pollMs: 30 });
    let first: CloudEventJson;
    let second: CloudEventJson;
    try {
      first = await write(topic, 'k', { n: 1 });
      await sleep(300); // one relay holds the batch (publish is blocked); the other must not take it
      second = await write(topic, 'k', { n: 2 });
      await sleep(300);
      expect(bus.published).toHaveLength(0);
      expect(bus.inFlight).toBe(1); // the other relay did not take the second event meanwhile
    } finally {
      release();
    }
    await waitFor('both published', async () => (await unpublished(topic)) === 0);
    await Promise.all([a.flush(), b.flush()]);
    await sleep(200);
    expect(bus.published.filter((m) => m.topic === topic).map((m) => m.event.id)).toEqual([first.id, second.id]);
    expect(bus.maxInFlight).toBe(1);
    await Promise.all([a.stop(), b.stop()]);
  });

  it('stop() lets the batch in flight finish', async () => {
    const bus = memoryBus();
    const topic = uniqueName('t.stop');
    const release = bus.hold();
    const r = startRelay({ bus, pollMs: 30 });
    const e = await write(topic, 'k', { n: 1 });
    await sleep(200);
    const stopped = r.stop();
    const t = setTimeout(release, 200);
    await Promise.race([stopped, sleep(5000)]).finally(() => {
      clearTimeout(t);
      release();
    });
    await stopped;
    expect(bus.published.map((m) => m.event.id)).toContain(e.id);
    expect(await unpublished(topic)).toBe(0);
  });

  it('deletes published rows older than the retention, keeps the rest', async () => {
    const bus = memoryBus();
    const topic = uniqueName('t.cleanup');
    const old = await write(topic, 'k', { n: 'old' });
    const recent = await write(topic, 'k', { n: 'recent' });
    await sql`update outbox set published_at = now() - interval '8 days' where event_id = ${old.id}`.execute(
      database.db,
    );
    await sql`update outbox set published_at = now() - interval '6 days' where event_id = ${recent.id}`.execute(
      database.db,
    );
    const r = startRelay({ bus, pollMs: 60_000, cleanupIntervalMs: 50 });
    const exists = async (id: string) =>
      (await sql`select 1 from outbox where event_id = ${id}`.execute(database.db)).rows.length === 1;
    await waitFor('the old row is gone', async () => !(await exists(old.id)));
    expect(await exists(recent.id)).toBe(true);
    expect(lines.some((l) => l.msg === 'outbox relay: deleted old published events')).toBe(true);
    await r.stop();
  });

  it('handleOnce: records and runs once, not when fn throws, and one of two concurrent deliveries wins', async () => {
    const consumer = uniqueName('c');
    const effect = (id: string) => async (trx: Parameters<Parameters<typeof handleOnce>[3]>[0]) => {
      await trx.insertInto('effects').values({ event_id: id }).execute();
    };
    const count = async (id: string) =>
      (await sql<{ n: number }>`select count(*)::int as n from effects where event_id = ${id}`.execute(database.db))
        .rows[0]!.n;

    // fn throws: neither the effect nor the inbox row is kept, so a redelivery runs it again.
    await expect(
      handleOnce(database.db, consumer, 'e1', async (trx) => {
        await effect('e1')(trx);
        throw new Error('handler failed');
      }),
    ).rejects.toThrow('handler failed');
    expect(await count('e1')).toBe(0);
    expect(await handleOnce(database.db, consumer, 'e1', effect('e1'))).toBe(true);
    expect(await handleOnce(database.db, consumer, 'e1', effect('e1'))).toBe(false);
    expect(await count('e1')).toBe(1);
    // Another consumer handles the same event independently.
    expect(await handleOnce(database.db, `${consumer}-other`, 'e1', async () => {})).toBe(true);

    // Two deliveries at once: the second waits for the first's transaction, then sees the row.
    const results = await Promise.all([
      handleOnce(database.db, consumer, 'e2', async (trx) => {
        await effect('e2')(trx);
        await sleep(200);
      }),
      (async () => {
        await sleep(50);
        return handleOnce(database.db, consumer, 'e2', effect('e2'));
      })(),
    ]);
    expect(results.sort()).toEqual([false, true]);
    expect(await count('e2')).toBe(1);
  });
});
