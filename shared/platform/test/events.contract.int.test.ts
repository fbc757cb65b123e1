// The event bus contract, one suite body run against both backends: Kafka (the real broker at
// KAFKA_BROKERS) and pg-boss (in the test database). Together with the outbox and the relay:
// committed events reach every consumer group, rolled-back ones never do, unacknowledged ones
// are redelivered, duplicates have one effect, nothing written is lost while the bus is down.
//
// By hand: node infra/kafka/kafka.mjs &
//          KAFKA_BROKERS=127.0.0.1:19092 DATABASE_URL=postgres://postgres@127.0.0.1:5432/test \
//            npx vitest run --project integration shared/platform/test/events.contract.int.test.ts
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabase, requireInfra, type TestDatabase, uniqueName } from '@gnology/testing';
import { type Migration, sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDatabase, type Database, migrate } from '../src/db/database';
import {
  type CloudEventJson,
  type EventBus,
  handleOnce,
  type OutboxRelay,
  outboxMigration,
  startOutboxRelay,
  type Subscription,
  writeEvent,
} from '../src/events';
import type { Logger } from '../src/logger';
import { type BackendName, captureLogger, createTestBus, type LogLine } from './fixtures/events-backends';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '../../..');
const CHILD = path.join(HERE, 'fixtures', 'events-consumer-child.ts');

const effectsMigration: Migration = {
  async up(db) {
    await db.schema
      .createTable('effects')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('consumer', 'text', (c) => c.notNull())
      .addColumn('event_id', 'text', (c) => c.notNull())
      .execute();
  },
};

interface Delivery {
  event: CloudEventJson;
  topic: string;
  key: string;
}

/** A handler that records what it receives. */
function recorder() {
  const deliveries: Delivery[] = [];
  return {
    deliveries,
    ids: () => deliveries.map((d) => d.event.id),
    handler: async (event: CloudEventJson, meta: { topic: string; key: string }) => {
      deliveries.push({ event, ...meta });
    },
  };
}

async function waitFor(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await sleep(50);
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for: ${what}`);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const backends: { name: BackendName }[] = [{ name: 'kafka' }, { name: 'pg-boss' }];

describe.each(backends)('event bus contract: $name', ({ name }) => {
  let testDb: TestDatabase;
  let database: Database;
  let bus: EventBus;
  let logger: Logger;
  let logLines: LogLine[];
  let kafkaBrokers: string | undefined;
  const cleanups: Array<() => Promise<unknown>> = [];
  // Relays of the running test: stopped after it even when it fails, so a relay left running by a
  // failed test cannot publish (or hold the schema's relay lock) in the next one.
  let testRelays: OutboxRelay[] = [];

  const makeBus = (clientId: string) =>
    createTestBus(name, { databaseUrl: testDb.url, kafkaBrokers, logger, clientId });

  beforeAll(async () => {
    if (name === 'kafka') kafkaBrokers = requireInfra('KAFKA_BROKERS');
    testDb = await createTestDatabase('gn_events');
    database = createDatabase({ url: testDb.url, schema: 'svc_events' });
    await migrate(database, { '0000_outbox': outboxMigration, '0001_effects': effectsMigration });
    ({ logger, lines: logLines } = captureLogger());
    bus = makeBus('events-contract');
    await bus.ping();
  });

  afterAll(async () => {
    for (const c of cleanups.reverse()) await c().catch(() => {});
    await bus?.close();
    await database?.close();
    await testDb?.drop();
  });

  afterEach(async () => {
    const running = testRelays;
    testRelays = [];
    await Promise.all(running.map((r) => r.stop().catch(() => {})));
  });

  beforeEach(({ onTestFailed }) => {
    const from = logLines?.length ?? 0;
    onTestFailed(() => {
      const lines = logLines.slice(from).filter((l) => l.level >= 40);
      if (lines.length)
        console.error(
          `[${name}] warnings and errors logged during the test:\n${lines.map((l) => JSON.stringify(l)).join('\n')}`,
        );
    });
  });

  const subscribe = async (
    group: string,
    topics: string[],
    handler: (e: CloudEventJson, m: { topic: string; key: string }) => Promise<void>,
    on = bus,
  ) => {
    const sub: Subscription = await on.subscribe({ group, topics, handler });
    cleanups.push(() => sub.close());
    return sub;
  };

  const relay = (opts: { bus?: EventBus; pollMs?: number } = {}): OutboxRelay => {
    const r = startOutboxRelay({ db: database, bus: opts.bus ?? bus, logger, pollMs: opts.pollMs ?? 100 });
    testRelays.push(r);
    return r;
  };

  const write = (topic: string, key: string, data: unknown, type = 'gnology.test.happened') =>
    database.db
      .transaction()
      .execute((trx) => writeEvent(trx, { topic, key, type, source: '/test/events', subject: key, data }));

  it('delivers an event written in a committed transaction to every consumer group', async () => {
    const topic = uniqueName('t.commit');
    const a = recorder();
    const b = recorder();
    await subscribe(uniqueName('ga'), [topic], a.handler);
    await subscribe(uniqueName('gb'), [topic], b.handler);

    const event = await database.db.transaction().execute(async (trx) => {
      await sql`select 1`.execute(trx); // the change the event describes would be here
      return writeEvent(trx, {
        topic,
        key: 'doc-1',
        type: 'gnology.documents.document.uploaded',
        source: '/services/documents',
        subject: 'doc-1',
        data: { pages: 3 },
        requestId: 'req-1',
      });
    });
    const r = relay();

    await waitFor('both groups got the event', () => a.ids().includes(event.id) && b.ids().includes(event.id));
    for (const rec of [a, b]) {
      expect(rec.deliveries).toHaveLength(1);
      expect(rec.deliveries[0]).toEqual({ event, topic, key: 'doc-1' });
    }
    expect(event).toMatchObject({
      specversion: '1.0',
      datacontenttype: 'application/json',
      requestid: 'req-1',
      subject: 'doc-1',
    });
    // The relay marks the row once the bus has taken it, which may be after a consumer already got it.
    const publishedAt = async () =>
      (
        await sql<{ published_at: Date | null }>`select published_at from outbox where event_id = ${event.id}`.execute(
          database.db,
        )
      ).rows[0]!.published_at;
    await waitFor('the outbox row is marked published', async () => (await publishedAt()) !== null);
    expect(await publishedAt()).toBeInstanceOf(Date);
    await r.stop();
  });

  it('never delivers an event whose transaction rolled back', async () => {
    const topic = uniqueName('t.rollback');
    const rec = recorder();
    await subscribe(uniqueName('g'), [topic], rec.handler);

    let rolledBack: CloudEventJson | undefined;
    await expect(
      database.db.transaction().execute(async (trx) => {
        rolledBack = await writeEvent(trx, {
          topic,
          key: 'k',
          type: 'gnology.test.rolledback',
          source: '/test',
          data: { n: 1 },
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const marker = await write(topic, 'k', { marker: true }, 'gnology.test.marker');
    const r = relay();

    await waitFor('the marker event arrived', () => rec.ids().includes(marker.id));
    await r.flush();
    await sleep(300);
    expect(rec.ids()).toEqual([marker.id]);
    expect(rolledBack).toBeDefined();
    const rows = await sql`select 1 from outbox where event_id = ${rolledBack!.id}`.execute(database.db);
    expect(rows.rows).toHaveLength(0);
    await r.stop();
  });

  it('redelivers an event whose handler threw, logging the failure', async () => {
    const topic = uniqueName('t.throw');
    const group = uniqueName('g');
    const calls: string[] = [];
    const handled: string[] = [];
    await subscribe(group, [topic], async (event) => {
      calls.push(event.id);
      if (calls.length === 1) throw new Error('handler failed the first time');
      handled.push(event.id);
    });
    const before = logLines.length;
    const event = await write(topic, 'k1', { n: 1 });
    const r = relay();

    await waitFor('the event was handled after a failure', () => handled.includes(event.id));
    expect(calls).toEqual([event.id, event.id]);
    const warned = logLines.slice(before).filter((l) => l.level === 40 && l.msg.includes('will be redelivered'));
    expect(warned).toHaveLength(1);
    expect(warned[0]).toMatchObject({ eventId: event.id, attempt: 1, group });
    await sleep(500);
    expect(handled).toEqual([event.id]); // acknowledged once it succeeded: not delivered again
    await r.stop();
  });

  it('gives up on an event that keeps failing after a bounded number of deliveries, then goes on', async () => {
    const topic = uniqueName('t.poison');
    const group = uniqueName('g');
    const seen: string[] = [];
    let poisonCalls = 0;
    let poisonCallsWhenNextArrived = -1;
    await subscribe(group, [topic], async (event) => {
      if ((event.data as { poison?: boolean }).poison) {
        poisonCalls++;
        throw new Error('this event can never be handled');
      }
      poisonCallsWhenNextArrived = poisonCalls;
      seen.push(event.id);
    });
    const before = logLines.length;
    const poison = await write(topic, 'k1', { poison: true });
    const next = await write(topic, 'k1', { poison: false });
    const r = relay();

    const gaveUp = () =>
      logLines.slice(before).filter((l) => l.level === 50 && l.msg.includes('giving up on this event'));
    await waitFor(
      'the poison event was given up and the next one handled',
      () => gaveUp().length > 0 && seen.includes(next.id),
      30_000,
    );
    expect(gaveUp()).toHaveLength(1);
    expect(gaveUp()[0]).toMatchObject({ eventId: poison.id, group, attempt: 5 });
    expect(poisonCalls).toBe(5); // kafka: maxAttempts 5; pg-boss: the first delivery and retryLimit 4
    const retries = logLines
      .slice(before)
      .filter((l) => l.level === 40 && l.msg.includes('will be redelivered') && l.eventId === poison.id);
    expect(retries).toHaveLength(4);
    expect(seen).toEqual([next.id]);
    // Kafka keeps a partition's order: the next event of the key waited until the poison one was given up.
    // (pg-boss does not: a failed event is retried later while the next one is handled.)
    if (name === 'kafka') expect(poisonCallsWhenNextArrived).toBe(5);
    await sleep(500);
    expect(poisonCalls).toBe(5);
    await r.stop();
  });

  it('redelivers an event to another consumer of the group when the first dies before acknowledging', async () => {
    const topic = uniqueName('t.kill');
    const group = uniqueName('g');
    const child = startChild({
      EVENTS_BACKEND: name,
      EVENTS_GROUP: group,
      EVENTS_TOPIC: topic,
      EVENTS_DATABASE_URL: testDb.url,
      KAFKA_BROKERS: kafkaBrokers ?? '',
    });
    cleanups.push(() => child.kill());
    await child.waitFor('the child consumer is ready', (m) => m.ready === true, 40_000);

    const event = await write(topic, 'k1', { n: 1 });
    const r = relay();
    await child.waitFor('the child received the event', (m) => m.received === event.id);
    await child.kill();

    const rec = recorder();
    const other = makeBus('events-contract-2');
    cleanups.push(() => other.close());
    await subscribe(group, [topic], rec.handler, other);
    await waitFor('the event was redelivered to the surviving consumer', () => rec.ids().includes(event.id), 30_000);
    expect(rec.ids()).toEqual([event.id]);
    await r.stop();
  });

  it('has the effect once when the same event is delivered twice (inbox)', async () => {
    const topic = uniqueName('t.dup');
    const group = uniqueName('g');
    const outcomes: boolean[] = [];
    await subscribe(group, [topic], async (event) => {
      const first = await handleOnce(database.db, group, event.id, async (trx) => {
        await trx.insertInto('effects').values({ consumer: group, event_id: event.id }).execute();
      });
      outcomes.push(first);
    });
    const event = await write(topic, 'k1', { n: 1 });
    const r = relay();
    await waitFor('first delivery handled', () => outcomes.length === 1);
    // The same CloudEvent again, e.g. a relay that published a batch twice.
    await bus.publish([{ topic, key: 'k1', event }]);
    await waitFor('second delivery handled', () => outcomes.length === 2);

    expect(outcomes).toEqual([true, false]);
    const effects = await sql<{
      n: number;
    }>`select count(*)::int as n from effects where event_id = ${event.id}`.execute(database.db);
    expect(effects.rows[0]!.n).toBe(1);
    await r.stop();
  });

  it('publishes what was written while the relay was not running or the bus was down, once it can', async () => {
    const topic = uniqueName('t.down');
    const rec = recorder();
    await subscribe(uniqueName('g'), [topic], rec.handler);

    // Written with no relay running: stays in the outbox.
    const early = await write(topic, 'k1', { n: 1 });
    // The relay runs but the bus refuses every publish.
    let down = true;
    let refused = 0;
    const flaky: EventBus = {
      backend: bus.backend,
      subscribe: (o) => bus.subscribe(o),
      ping: () => bus.ping(),
      close: async () => {},
      publish: async (messages) => {
        if (down) {
          refused++;
          throw new Error('bus unavailable');
        }
        await bus.publish(messages);
      },
    };
    const r = relay({ bus: flaky, pollMs: 50 });
    const late = await write(topic, 'k1', { n: 2 });
    await waitFor('the relay tried and failed twice', () => refused >= 2, 10_000);
    expect(rec.deliveries).toHaveLength(0);
    const pending = await sql<{
      n: number;
    }>`select count(*)::int as n from outbox where topic = ${topic} and published_at is null`.execute(database.db);
    expect(pending.rows[0]!.n).toBe(2);
    expect(logLines.some((l) => l.level === 50 && l.msg.startsWith('outbox relay: publishing failed'))).toBe(true);

    down = false;
    await waitFor('both events delivered after the bus came back', () => rec.deliveries.length >= 2, 20_000);
    await sleep(300);
    expect(rec.ids()).toEqual([early.id, late.id]);
    const left = await sql<{
      n: number;
    }>`select count(*)::int as n from outbox where topic = ${topic} and published_at is null`.execute(database.db);
    expect(left.rows[0]!.n).toBe(0);
    await r.stop();
  });

  it('keeps the order of each key and publishes each event once with two relays running', async () => {
    const topic = uniqueName('t.order');
    const rec = recorder();
    await subscribe(uniqueName('g'), [topic], rec.handler);
    const r1 = relay({ pollMs: 20 });
    const r2 = relay({ pollMs: 20 });

    const written: Record<string, string[]> = { a: [], b: [] };
    for (let i = 0; i < 30; i++) {
      const key = i % 3 === 0 ? 'b' : 'a';
      const e = await write(topic, key, { i });
      written[key]!.push(e.id);
    }
    await waitFor('all 30 events delivered', () => rec.deliveries.length >= 30, 30_000);
    await sleep(500);
    expect(rec.deliveries).toHaveLength(30);
    for (const key of ['a', 'b']) {
      expect(rec.deliveries.filter((d) => d.key === key).map((d) => d.event.id)).toEqual(written[key]);
    }
    await Promise.all([r1.stop(), r2.stop()]);
  });
});

interface ChildHandle {
  waitFor(what: string, match: (msg: Record<string, unknown>) => boolean, timeoutMs?: number): Promise<void>;
  kill(): Promise<void>;
}

/** The consumer of fixtures/events-consumer-child.ts in its own Node process (TypeScript via tsx). */
function startChild(env: Record<string, string>): ChildHandle {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', CHILD], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const messages: Record<string, unknown>[] = [];
  let stderr = '';
  let buffered = '';
  child.stdout!.on('data', (d) => {
    buffered += d;
    let nl = buffered.indexOf('\n');
    while (nl >= 0) {
      const line = buffered.slice(0, nl);
      buffered = buffered.slice(nl + 1);
      try {
        messages.push(JSON.parse(line));
      } catch {
        stderr += `${line}\n`;
      }
      nl = buffered.indexOf('\n');
    }
  });
  child.stderr!.on('data', (d) => {
    stderr += d;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    async waitFor(what, match, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (messages.some(match)) return;
        if (child.exitCode !== null)
          throw new Error(`child consumer exited (${child.exitCode}) before: ${what}\n${stderr}`);
        await sleep(50);
      }
      throw new Error(`timed out after ${timeoutMs} ms waiting for: ${what}\nchild stderr:\n${stderr}`);
    },
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
