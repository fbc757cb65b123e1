// The only module that imports kafkajs. kafkajs is in maintenance mode: it stays behind the
// EventBus interface so it can be swapped without touching the services.
import kafkajs, {
  type Admin,
  type Consumer,
  type IHeaders,
  type KafkaMessage,
  type LogEntry,
  type Producer,
} from 'kafkajs';
import type { Logger } from '../logger';
import type { KafkaSecurity } from './kafka-security';
import { assertTopicName } from './topics';
import type { BusMessage, CloudEventJson, EventBus, SubscribeOptions, Subscription } from './types';

const { Kafka, logLevel, Partitioners } = kafkajs;

export interface KafkaConsumerTuning {
  /** ms without heartbeats before the broker drops a member. kafkajs default 30000; tests use a few seconds. */
  sessionTimeout?: number;
  heartbeatInterval?: number;
  rebalanceTimeout?: number;
  /** Longest a fetch waits for data. kafkajs default 5000. */
  maxWaitTimeInMs?: number;
  /** Partitions handled in parallel by one consumer (order is kept within a partition). Default 1. */
  partitionsConsumedConcurrently?: number;
}

export interface HandlerRetry {
  /** Deliveries of one event before giving up on it (logged as an error and skipped). Default 10. */
  maxAttempts?: number;
  /** Delay before the first redelivery, doubled each time up to maxDelayMs. Default 500. */
  initialDelayMs?: number;
  maxDelayMs?: number;
}

export interface KafkaBusOptions {
  /** Comma-separated host:port list, or an array. */
  brokers: string | string[];
  clientId: string;
  logger: Logger;
  consumer?: KafkaConsumerTuning;
  retry?: HandlerRetry;
  /**
   * For topics this bus creates (provisionTopics, or first use). Defaults: the broker's
   * num.partitions, default.replication.factor and log.retention. Existing topics are not altered.
   */
  topics?: { numPartitions?: number; replicationFactor?: number; retentionMs?: number };
  /** TLS and SASL for a managed cluster (kafkaSecurityFromEnv). */
  ssl?: KafkaSecurity['ssl'];
  sasl?: KafkaSecurity['sasl'];
  /** How long subscribe() waits for the consumer to join its group before returning anyway. Default 30000. */
  joinTimeoutMs?: number;
}

/**
 * EventBus on Kafka.
 * - publish: an idempotent producer, acks=all; the record key is the aggregate id (so one key
 *   stays on one partition, in order), the value is the CloudEvent's JSON (structured mode), and
 *   the headers carry ce_id / ce_type / content-type. After a failed send the producer is replaced,
 *   so a retried batch never reuses sequence numbers of a send whose outcome is unknown.
 * - subscribe: one consumer per group, autoCommit off; an offset is committed only after the
 *   handler resolved. A handler that throws: the partition is paused and sought back to the event,
 *   which is redelivered after a back-off, up to retry.maxAttempts deliveries (each failure logged).
 *   A consumer that dies before committing leaves the event to the next member of the group.
 * - Topics are created by provisionTopics (services call it at start) or on first use, with the
 *   configured partitions and retention.
 */
export function createKafkaBus(opts: KafkaBusOptions): EventBus {
  const brokers = (Array.isArray(opts.brokers) ? opts.brokers : opts.brokers.split(','))
    .map((b) => b.trim())
    .filter(Boolean);
  if (brokers.length === 0) throw new Error('createKafkaBus: no brokers given');
  const logger = opts.logger.child({ component: 'event-bus', backend: 'kafka' });
  const kafka = new Kafka({
    clientId: opts.clientId,
    brokers,
    logLevel: logLevel.WARN,
    logCreator: kafkaLogCreator(opts.logger.child({ component: 'kafkajs' })),
    retry: { initialRetryTime: 200, retries: 8, maxRetryTime: 5000 },
    ...(opts.ssl ? { ssl: opts.ssl } : {}),
    ...(opts.sasl ? { sasl: opts.sasl } : {}),
    // A TLS handshake and SASL exchange to a remote cluster take longer than kafkajs's 1 s default.
    ...(opts.ssl || opts.sasl ? { connectionTimeout: 10_000, authenticationTimeout: 10_000 } : {}),
  });
  const maxAttempts = Math.max(1, opts.retry?.maxAttempts ?? 10);
  const initialDelayMs = opts.retry?.initialDelayMs ?? 500;
  const maxDelayMs = opts.retry?.maxDelayMs ?? 30_000;
  const joinTimeoutMs = opts.joinTimeoutMs ?? 30_000;

  let closed = false;
  let admin: Promise<Admin> | null = null;
  let producer: Promise<Producer> | null = null;
  const knownTopics = new Set<string>();
  const subscriptions = new Set<Subscription>();

  const getAdmin = () => {
    admin ??= (async () => {
      const a = kafka.admin();
      await a.connect();
      return a;
    })().catch((err) => {
      admin = null;
      throw err;
    });
    return admin;
  };

  const getProducer = () => {
    producer ??= (async () => {
      const p = kafka.producer({
        idempotent: true,
        maxInFlightRequests: 1,
        allowAutoTopicCreation: false,
        createPartitioner: Partitioners.DefaultPartitioner,
        // Bounded, so a publish to an unreachable cluster fails (and the outbox keeps the rows)
        // instead of retrying forever, kafkajs's default for idempotent producers.
        retry: { initialRetryTime: 200, retries: 6, maxRetryTime: 5000 },
      });
      await p.connect();
      return p;
    })().catch((err) => {
      producer = null;
      throw err;
    });
    return producer;
  };

  const resetProducer = async () => {
    const p = producer;
    producer = null;
    if (p) await p.then((x) => x.disconnect()).catch(() => {});
  };

  async function ensureTopics(topics: string[]) {
    const missing = [...new Set(topics)].filter((t) => !knownTopics.has(t));
    if (missing.length === 0) return;
    missing.forEach(assertTopicName);
    const a = await getAdmin();
    try {
      await a.createTopics({
        topics: missing.map((topic) => ({
          topic,
          numPartitions: opts.topics?.numPartitions ?? -1,
          replicationFactor: opts.topics?.replicationFactor ?? -1,
          configEntries:
            opts.topics?.retentionMs === undefined
              ? []
              : [{ name: 'retention.ms', value: String(opts.topics.retentionMs) }],
        })),
        waitForLeaders: true,
      });
    } catch (err) {
      // createTopics resolves false when every topic exists; a mix reports TOPIC_ALREADY_EXISTS per topic.
      const errors = (err as { errors?: Array<{ type?: string }> }).errors;
      if (!errors?.every((e) => e.type === 'TOPIC_ALREADY_EXISTS')) throw err;
    }
    for (const t of missing) knownTopics.add(t);
  }

  async function publish(messages: BusMessage[]): Promise<void> {
    if (closed) throw new Error('event bus is closed');
    if (messages.length === 0) return;
    const byTopic = new Map<string, BusMessage[]>();
    for (const m of messages) {
      assertTopicName(m.topic);
      const list = byTopic.get(m.topic) ?? [];
      list.push(m);
      byTopic.set(m.topic, list);
    }
    await ensureTopics([...byTopic.keys()]);
    const p = await getProducer();
    try {
      await p.sendBatch({
        acks: -1,
        topicMessages: [...byTopic].map(([topic, list]) => ({
          topic,
          messages: list.map((m) => ({
            key: m.key,
            value: JSON.stringify(m.event),
            headers: ceHeaders(m.event),
          })),
        })),
      });
    } catch (err) {
      await resetProducer();
      throw err;
    }
  }

  async function subscribe(sub: SubscribeOptions): Promise<Subscription> {
    if (closed) throw new Error('event bus is closed');
    const { group, topics, handler } = sub;
    if (!group) throw new Error('subscribe: group is required');
    if (topics.length === 0) throw new Error('subscribe: at least one topic is required');
    await ensureTopics(topics);
    const tuning = opts.consumer ?? {};
    const consumer: Consumer = kafka.consumer({
      groupId: group,
      sessionTimeout: tuning.sessionTimeout ?? 30_000,
      heartbeatInterval: tuning.heartbeatInterval ?? 3_000,
      rebalanceTimeout: tuning.rebalanceTimeout ?? 60_000,
      maxWaitTimeInMs: tuning.maxWaitTimeInMs ?? 1_000,
      allowAutoTopicCreation: false,
    });
    const log = logger.child({ group });
    const attempts = new Map<string, number>();
    let stopping = false;
    const resumeTimers = new Set<NodeJS.Timeout>();

    const commit = (topic: string, partition: number, message: KafkaMessage) =>
      consumer.commitOffsets([{ topic, partition, offset: (BigInt(message.offset) + 1n).toString() }]);

    let joined: () => void = () => {};
    const joinedPromise = new Promise<void>((resolve) => {
      joined = resolve;
    });
    const offJoin = consumer.on(consumer.events.GROUP_JOIN, () => joined());
    const offCrash = consumer.on(consumer.events.CRASH, (e) => {
      log.error({ err: e.payload.error, restart: e.payload.restart }, 'kafka consumer crashed');
    });

    await consumer.connect();
    await consumer.subscribe({ topics, fromBeginning: sub.fromBeginning ?? true });
    await consumer.run({
      autoCommit: false,
      partitionsConsumedConcurrently: tuning.partitionsConsumedConcurrently ?? 1,
      eachMessage: async ({ topic, partition, message }) => {
        const where = `${topic}/${partition}/${message.offset}`;
        let event: CloudEventJson;
        try {
          event = JSON.parse(message.value?.toString('utf8') ?? 'null');
          if (!event || typeof event !== 'object' || typeof event.id !== 'string') throw new Error('not a CloudEvent');
        } catch (err) {
          log.error(
            { err, topic, partition, offset: message.offset, headers: headersToStrings(message.headers) },
            'undecodable event skipped',
          );
          await commit(topic, partition, message);
          return;
        }
        const key = message.key?.toString('utf8') ?? '';
        try {
          await handler(event, { topic, key });
        } catch (err) {
          const attempt = (attempts.get(where) ?? 0) + 1;
          const ctx = {
            err,
            topic,
            partition,
            offset: message.offset,
            key,
            eventId: event.id,
            type: event.type,
            attempt,
            maxAttempts,
          };
          if (attempt < maxAttempts || stopping) {
            attempts.set(where, attempt);
            const delay = Math.min(maxDelayMs, initialDelayMs * 2 ** (attempt - 1));
            log.warn({ ...ctx, retryInMs: delay }, 'event handler failed; the event will be redelivered');
            // Not committed: rewind this partition to the event and hold it for the back-off
            // (kafkajs stops the current batch of a partition that was sought or paused).
            consumer.pause([{ topic, partitions: [partition] }]);
            consumer.seek({ topic, partition, offset: message.offset });
            if (!stopping) {
              const timer = setTimeout(() => {
                resumeTimers.delete(timer);
                consumer.resume([{ topic, partitions: [partition] }]);
              }, delay);
              resumeTimers.add(timer);
            }
            return;
          }
          attempts.delete(where);
          log.error({ ...ctx, event }, `event handler failed ${attempt} times; giving up on this event`);
        }
        attempts.delete(where);
        await commit(topic, partition, message);
      },
    });

    let timeout: NodeJS.Timeout | undefined;
    const joinedInTime = await Promise.race([
      joinedPromise.then(() => true),
      new Promise<boolean>((resolve) => {
        timeout = setTimeout(() => resolve(false), joinTimeoutMs);
      }),
    ]);
    clearTimeout(timeout);
    if (!joinedInTime) log.warn({ topics, joinTimeoutMs }, 'kafka consumer has not joined its group yet; continuing');

    let closing: Promise<void> | null = null;
    const subscription: Subscription = {
      close() {
        closing ??= (async () => {
          stopping = true;
          for (const t of resumeTimers) clearTimeout(t);
          resumeTimers.clear();
          offJoin();
          offCrash();
          await consumer.disconnect().catch((err) => log.warn({ err }, 'kafka consumer disconnect failed'));
          subscriptions.delete(subscription);
        })();
        return closing;
      },
    };
    subscriptions.add(subscription);
    return subscription;
  }

  return {
    backend: 'kafka',
    publish,
    subscribe,
    provisionTopics: ensureTopics,
    async ping() {
      const a = await getAdmin();
      await a.describeCluster();
    },
    async consumerLag(group, topics) {
      const a = await getAdmin();
      const committed = await a.fetchOffsets({ groupId: group, topics });
      return Promise.all(
        committed.map(async ({ topic, partitions }) => {
          const ends = await a.fetchTopicOffsets(topic);
          let lag = 0;
          for (const end of ends) {
            const at = partitions.find((p) => p.partition === end.partition)?.offset ?? '-1';
            // -1: the group has committed nothing on this partition yet; everything from the
            // low watermark on is still to be read.
            lag += Number(BigInt(end.high) - BigInt(at === '-1' ? end.low : at));
          }
          return { topic, lag };
        }),
      );
    },
    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([...subscriptions].map((s) => s.close()));
      await resetProducer();
      const a = admin;
      admin = null;
      if (a) await a.then((x) => x.disconnect()).catch(() => {});
    },
  };
}

/**
 * Copies of the routing attributes, so a consumer can filter without parsing the value. The
 * value is still structured mode (the whole event): the headers are a convenience, not binary mode.
 */
function ceHeaders(event: CloudEventJson): Record<string, string> {
  const h: Record<string, string> = {
    'content-type': 'application/cloudevents+json; charset=utf-8',
    ce_specversion: '1.0',
    ce_id: event.id,
    ce_type: event.type,
    ce_source: event.source,
  };
  if (event.subject !== undefined) h.ce_subject = event.subject;
  if (event.time !== undefined) h.ce_time = event.time;
  if (event.dataschema !== undefined) h.ce_dataschema = event.dataschema;
  return h;
}

function headersToStrings(headers: IHeaders | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers ?? {}))
    out[k] = Array.isArray(v) ? v.map(String).join(',') : String(v ?? '');
  return out;
}

/**
 * kafkajs logs through pino, at warn and above. Its connection layer logs every error response
 * (most are retried and succeed, e.g. "coordinator is loading") and its warning about bounded
 * producer retries is expected here: those go to debug; real failures surface as thrown errors.
 */
function kafkaLogCreator(base: Logger) {
  return () =>
    ({ namespace, level, log }: LogEntry) => {
      const { message, timestamp: _t, logger: _l, ...extra } = log as { message: string; [k: string]: unknown };
      const noisy =
        (namespace === 'Connection' && message.startsWith('Response ')) ||
        message.startsWith('Limiting retries for the idempotent producer') ||
        message.includes('The group is rebalancing, re-joining');
      const target = noisy
        ? 'debug'
        : level === logLevel.ERROR
          ? 'error'
          : level === logLevel.WARN
            ? 'warn'
            : level === logLevel.INFO
              ? 'info'
              : 'debug';
      base[target]({ ns: namespace, ...extra }, message);
    };
}
