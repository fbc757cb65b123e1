// pg-boss is imported only here and by the jobs backend.
import PgBoss from 'pg-boss';
import type { Logger } from '../logger';
import { assertTopicName } from './topics';
import type { BusMessage, CloudEventJson, EventBus, SubscribeOptions, Subscription } from './types';

export interface PgBossBusOptions {
  databaseUrl: string;
  logger: Logger;
  /** pg-boss's own schema in the same database. Default 'pgboss'. */
  schema?: string;
  /** Connections of pg-boss's pool. Default 4. */
  max?: number;
  /** Retries after the first delivery before an event is given up (left failed in pg-boss). Default 10. */
  retryLimit?: number;
  /** Seconds before the first redelivery (pg-boss counts whole seconds). Default 2. */
  retryDelaySeconds?: number;
  /** Double the delay on each retry, up to retryDelayMaxSeconds. Default true. */
  retryBackoff?: boolean;
  retryDelayMaxSeconds?: number;
  /** A delivery not acknowledged within this (handler too slow, or its process died) is failed and retried. Default 900. */
  expireInSeconds?: number;
  /** How often an idle worker looks for new events. Default 1 (pg-boss's minimum is 0.5). */
  pollingIntervalSeconds?: number;
  /** How often expired deliveries are detected and failed (pg-boss supervise + monitor). Default 60. */
  superviseIntervalSeconds?: number;
}

interface EventJob {
  topic: string;
  key: string;
  event: CloudEventJson;
}

/**
 * EventBus on pg-boss pub/sub, for the embedded setup (no Kafka): every consumer group is a
 * pg-boss queue (`events.<group>`) subscribed to its topics; publish copies each event into every
 * queue subscribed to its topic, and the group's workers take jobs from that queue. A handler that
 * throws fails the job and pg-boss retries it; a worker that dies holding a job loses it when the
 * job expires (expireInSeconds), and it is retried.
 *
 * Differences from Kafka to keep in mind: a group receives only events published after it first
 * subscribed (the subscription is stored, so later restarts miss nothing); order per key holds
 * while deliveries succeed, a retried event can come after later ones of its key.
 */
export function createPgBossBus(opts: PgBossBusOptions): EventBus {
  const logger = opts.logger.child({ component: 'event-bus', backend: 'pg-boss' });
  const schema = opts.schema ?? 'pgboss';
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`invalid pg-boss schema name: ${schema}`);
  const supervise = opts.superviseIntervalSeconds ?? 60;
  const boss = new PgBoss({
    connectionString: opts.databaseUrl,
    schema,
    max: opts.max ?? 4,
    application_name: 'pgboss-events',
    superviseIntervalSeconds: supervise,
    monitorIntervalSeconds: supervise,
    schedule: false,
  });
  boss.on('error', (err) => logger.error({ err }, 'pg-boss error'));
  boss.on('warning', (w) => logger.warn({ data: w.data }, `pg-boss: ${w.message}`));
  const queueOptions = {
    retryLimit: opts.retryLimit ?? 10,
    retryDelay: opts.retryDelaySeconds ?? 2,
    retryBackoff: opts.retryBackoff ?? true,
    ...((opts.retryBackoff ?? true) ? { retryDelayMax: opts.retryDelayMaxSeconds ?? 300 } : {}),
    expireInSeconds: opts.expireInSeconds ?? 900,
  };
  const pollingIntervalSeconds = opts.pollingIntervalSeconds ?? 1;

  let closed = false;
  let started: Promise<void> | null = null;
  const ready = () => {
    if (closed) return Promise.reject(new Error('event bus is closed'));
    started ??= boss.start().then(
      () => undefined,
      (err) => {
        started = null;
        throw err;
      },
    );
    return started;
  };
  const subscriptions = new Set<Subscription>();
  const knownQueues = new Set<string>();

  async function ensureQueue(name: string) {
    if (knownQueues.has(name)) return;
    // createQueue does nothing for an existing queue; updateQueue brings its settings up to date.
    await boss.createQueue(name, { ...queueOptions });
    await boss.updateQueue(name, { ...queueOptions });
    knownQueues.add(name);
  }

  async function queuesFor(topic: string): Promise<string[]> {
    const { rows } = await boss
      .getDb()
      .executeSql(`select name from ${schema}.subscription where event = $1 order by name`, [topic]);
    return rows.map((r: { name: string }) => r.name);
  }

  async function publish(messages: BusMessage[]): Promise<void> {
    await ready();
    const targets = new Map<string, string[]>();
    for (const m of messages) {
      assertTopicName(m.topic);
      if (!targets.has(m.topic)) targets.set(m.topic, await queuesFor(m.topic));
    }
    // One send at a time, in order: each job gets a later created_on, which is pg-boss's fetch order.
    // (boss.publish would do this too, but it swallows failed sends; the relay must see them.)
    for (const m of messages) {
      const data: EventJob = { topic: m.topic, key: m.key, event: m.event };
      for (const queue of targets.get(m.topic)!) await boss.send(queue, data);
    }
  }

  async function subscribe(sub: SubscribeOptions): Promise<Subscription> {
    const { group, topics, handler } = sub;
    if (!group || !/^[A-Za-z0-9._-]{1,100}$/.test(group))
      throw new Error(`subscribe: invalid group name ${JSON.stringify(group)}`);
    if (topics.length === 0) throw new Error('subscribe: at least one topic is required');
    topics.forEach(assertTopicName);
    await ready();
    const queue = `events.${group}`;
    const log = logger.child({ group });
    await ensureQueue(queue);
    for (const topic of topics) await boss.subscribe(topic, queue);
    let workerId = '';
    workerId = await boss.work<EventJob>(
      queue,
      { batchSize: 1, includeMetadata: true, pollingIntervalSeconds },
      async (jobs) => {
        // A worker sleeps pollingIntervalSeconds after every fetch, even one that found a job;
        // notifying it skips that sleep, so a backlog is worked through without pauses.
        if (workerId) boss.notifyWorker(workerId);
        for (const job of jobs) {
          const { topic, key, event } = job.data;
          try {
            await handler(event, { topic, key });
          } catch (err) {
            const attempt = job.retryCount + 1;
            const last = job.retryCount >= job.retryLimit;
            const ctx = {
              err,
              topic,
              key,
              eventId: event?.id,
              type: event?.type,
              attempt,
              maxAttempts: job.retryLimit + 1,
              jobId: job.id,
            };
            if (last) log.error({ ...ctx, event }, `event handler failed ${attempt} times; giving up on this event`);
            else log.warn(ctx, 'event handler failed; the event will be redelivered');
            throw err;
          }
        }
      },
    );
    let closing: Promise<void> | null = null;
    const subscription: Subscription = {
      close() {
        closing ??= (async () => {
          subscriptions.delete(subscription);
          if (!closed) await boss.offWork({ id: workerId }).catch((err) => log.warn({ err }, 'pg-boss offWork failed'));
        })();
        return closing;
      },
    };
    subscriptions.add(subscription);
    return subscription;
  }

  return {
    backend: 'pg-boss',
    publish,
    subscribe,
    async ping() {
      await ready();
      await boss.getDb().executeSql('select 1', []);
    },
    async close() {
      if (closed) return;
      const wasStarted = started;
      closed = true;
      await Promise.all([...subscriptions].map((s) => s.close()));
      if (wasStarted) {
        await wasStarted.catch(() => {});
        await boss.stop({ graceful: true, timeout: 10_000, wait: true });
      }
    },
  };
}
