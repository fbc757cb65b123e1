import { sql } from 'kysely';
import pg from 'pg';
import type { Database } from '../db/database';
import type { Logger } from '../logger';
import { type AnyKysely, OUTBOX_CHANNEL } from './outbox';
import type { BusMessage, CloudEventJson, EventBus } from './types';

export interface OutboxRelayOptions {
  /** The service's database (createDatabase's result), or its kysely instance. With a kysely
   * instance alone the relay cannot LISTEN and falls back to polling every pollMs. */
  db: Database | AnyKysely;
  bus: EventBus;
  logger: Logger;
  /** Fallback polling interval; a committed write wakes the relay at once through NOTIFY. */
  pollMs?: number;
  batchSize?: number;
  /** Published rows older than this are deleted. Default 7 days. */
  retentionDays?: number;
  /** How often that cleanup runs. Default hourly (and once shortly after start). */
  cleanupIntervalMs?: number;
  /** Ceiling of the back-off after failed publishes. Default 30 s. */
  maxBackoffMs?: number;
}

export interface OutboxRelay {
  /** Stops relaying; an in-flight batch finishes first. */
  stop(): Promise<void>;
  /** Relays everything unpublished right now; resolves to the number of events published. */
  flush(): Promise<number>;
}

interface OutboxRow {
  id: number | string;
  topic: string;
  key: string;
  payload: CloudEventJson;
}

// Key space of the relay's advisory lock (second key: hash of the schema).
const LOCK_CLASS = 0x6f_75_74; // 'out'

/**
 * Publishes committed outbox rows to the bus, in id order.
 *
 * One relay per schema is active at a time: each batch runs in a transaction that first takes
 * `pg_try_advisory_xact_lock`; a replica that does not get it does nothing this round. That keeps
 * the per-key order across replicas (two relays taking alternate batches could publish a later
 * event of a key before an earlier one) and means a row is published by one relay, once, in the
 * normal case. Rows are selected `for update skip locked` and marked `published_at` in the same
 * transaction after the bus acknowledged them; if publishing fails the transaction rolls back,
 * the rows stay unpublished, and the relay backs off and tries again (at-least-once: a batch the
 * bus half-took is published again, which the consumers' inbox absorbs).
 */
export function startOutboxRelay(opts: OutboxRelayOptions): OutboxRelay {
  const { bus } = opts;
  const logger = opts.logger.child({ component: 'outbox-relay' });
  const pollMs = opts.pollMs ?? 200;
  const batchSize = opts.batchSize ?? 100;
  const retentionDays = opts.retentionDays ?? 7;
  const cleanupIntervalMs = opts.cleanupIntervalMs ?? 60 * 60 * 1000;
  const maxBackoffMs = opts.maxBackoffMs ?? 30_000;
  const database = isDatabase(opts.db) ? opts.db : null;
  const db: AnyKysely = database ? database.db : (opts.db as AnyKysely);

  let stopped = false;
  let wakeUp: (() => void) | null = null;
  let pendingWake = false;
  let listener: pg.Client | null = null;
  let listenerRetry: NodeJS.Timeout | null = null;
  let chain: Promise<unknown> = Promise.resolve();

  const wake = () => {
    pendingWake = true;
    wakeUp?.();
  };

  /** One batch; serialized so flush() and the loop never overlap within this relay. */
  const relayBatch = (): Promise<number> => {
    const next = chain.then(() => publishBatch());
    chain = next.catch(() => {});
    return next;
  };

  async function publishBatch(): Promise<number> {
    return db.transaction().execute(async (trx) => {
      const lock = await sql<{
        ok: boolean;
      }>`select pg_try_advisory_xact_lock(${LOCK_CLASS}, hashtext(current_schema())) as ok`.execute(trx);
      if (!lock.rows[0]?.ok) return 0; // another replica is relaying this schema
      const { rows } = await sql<OutboxRow>`
        select id, topic, key, payload from outbox
        where published_at is null
        order by id
        limit ${batchSize}
        for update skip locked`.execute(trx);
      if (rows.length === 0) return 0;
      const messages: BusMessage[] = rows.map((r) => ({ topic: r.topic, key: r.key, event: r.payload }));
      await bus.publish(messages);
      await sql`update outbox set published_at = now() where id = any(${rows.map((r) => String(r.id))}::bigint[])`.execute(
        trx,
      );
      return rows.length;
    });
  }

  async function flush(): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await relayBatch();
      total += n;
      if (n < batchSize) return total;
    }
  }

  /** Sleeps up to ms; a NOTIFY (or stop) ends it early unless `ignoreWake`. */
  function sleep(ms: number, ignoreWake = false): Promise<void> {
    return new Promise((resolve) => {
      if (stopped || (!ignoreWake && pendingWake)) return resolve();
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeUp = null;
        resolve();
      }
      wakeUp = ignoreWake ? () => stopped && done() : done;
    });
  }

  async function loop() {
    let failures = 0;
    while (!stopped) {
      pendingWake = false;
      try {
        const n = await relayBatch();
        if (failures > 0)
          logger.info({ published: n, failedTries: failures }, 'outbox relay: publishing again after failures');
        failures = 0;
        if (n >= batchSize) continue; // more rows are waiting
      } catch (err) {
        failures++;
        const delay = Math.min(maxBackoffMs, Math.max(pollMs, 250) * 2 ** Math.min(failures - 1, 10));
        logger.error(
          { err, failures, retryInMs: delay },
          'outbox relay: publishing failed; the events stay in the outbox and are retried',
        );
        await sleep(delay, true);
        continue;
      }
      await sleep(pollMs);
    }
  }

  async function connectListener() {
    if (!database || stopped) return;
    const client = new pg.Client({
      ...(database.pool.options as pg.ClientConfig),
      application_name: `${database.schema}-outbox-listen`,
    });
    client.on('notification', (msg) => {
      if (msg.channel === OUTBOX_CHANNEL && msg.payload === database.schema) wake();
    });
    client.on('error', (err) => {
      if (stopped) return;
      logger.warn({ err }, 'outbox relay: LISTEN connection lost; polling until it is back');
      scheduleListener(client);
    });
    try {
      await client.connect();
      await client.query(`listen ${OUTBOX_CHANNEL}`);
      if (stopped) {
        await client.end().catch(() => {});
        return;
      }
      listener = client;
      wake(); // notifications sent while not listening are gone: look once
    } catch (err) {
      if (stopped) return;
      logger.warn({ err }, 'outbox relay: cannot LISTEN; polling and retrying');
      scheduleListener(client);
    }
  }

  function scheduleListener(failed: pg.Client) {
    if (listener === failed) listener = null;
    failed.end().catch(() => {});
    if (stopped || listenerRetry) return;
    listenerRetry = setTimeout(() => {
      listenerRetry = null;
      void connectListener();
    }, 2000);
    listenerRetry.unref();
  }

  async function cleanup() {
    try {
      const r =
        await sql`delete from outbox where published_at is not null and published_at < now() - make_interval(days => ${retentionDays})`.execute(
          db,
        );
      const n = Number(r.numAffectedRows ?? 0);
      if (n > 0) logger.info({ deleted: n, retentionDays }, 'outbox relay: deleted old published events');
    } catch (err) {
      logger.warn({ err }, 'outbox relay: cleanup of published events failed');
    }
  }
  const firstCleanup = setTimeout(() => void cleanup(), Math.min(10_000, cleanupIntervalMs));
  firstCleanup.unref();
  const cleanupTimer = setInterval(() => void cleanup(), cleanupIntervalMs);
  cleanupTimer.unref();

  void connectListener();
  const loopDone = loop();

  let stopping: Promise<void> | null = null;
  return {
    flush,
    stop() {
      stopping ??= (async () => {
        stopped = true;
        wakeUp?.();
        clearTimeout(firstCleanup);
        clearInterval(cleanupTimer);
        if (listenerRetry) clearTimeout(listenerRetry);
        await loopDone;
        await chain;
        const l = listener;
        listener = null;
        if (l) await l.end().catch(() => {});
      })();
      return stopping;
    },
  };
}

function isDatabase(x: Database | AnyKysely): x is Database {
  return typeof x === 'object' && x !== null && 'pool' in x && 'schema' in x && 'db' in x;
}
