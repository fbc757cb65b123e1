import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import { sql } from 'kysely';
import type { Database } from '../db/database';
import type { EventBus, SubscribeOptions } from '../events/types';

/**
 * The metrics the alert rules and the dashboard read besides HTTP and queue depth
 * (ops/monitoring/, docs/ops/observability.md). Registered per role: jobs on workers, the outbox
 * on relays, consumer lag where a process consumes events.
 */
export interface JobMetrics {
  observe(queue: string, outcome: 'completed' | 'failed', seconds: number): void;
}

export function registerJobMetrics(registry: Registry): JobMetrics {
  const runs = new Counter({
    name: 'job_runs_total',
    help: 'Job runs finished by this worker, per queue and outcome (failed: the try threw)',
    labelNames: ['queue', 'outcome'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'job_duration_seconds',
    help: 'Job run time per queue',
    labelNames: ['queue'] as const,
    buckets: [0.05, 0.25, 1, 2.5, 5, 10, 30, 60, 120, 300, 900, 1800],
    registers: [registry],
  });
  return {
    observe(queue, outcome, seconds) {
      runs.inc({ queue, outcome });
      duration.observe({ queue }, seconds);
    },
  };
}

/** Unpublished outbox rows and the age of the oldest: the relay's lag behind the database. */
export function registerOutboxMetrics(registry: Registry, database: Database): void {
  let last: Promise<{ n: number; age: number }> | null = null;
  // One query per scrape for both gauges.
  const read = () => {
    last ??= sql<{
      n: number;
      age: number | null;
    }>`select count(*)::int as n, extract(epoch from now() - min(created_at))::float8 as age from outbox where published_at is null`
      .execute(database.db)
      .then((r) => ({ n: r.rows[0]?.n ?? 0, age: r.rows[0]?.age ?? 0 }))
      .finally(() => setTimeout(() => (last = null), 1_000).unref());
    return last;
  };
  new Gauge({
    name: 'outbox_unpublished',
    help: 'Events written to the outbox and not yet published',
    registers: [registry],
    async collect() {
      this.set((await read().catch(() => ({ n: 0 }))).n);
    },
  });
  new Gauge({
    name: 'outbox_oldest_unpublished_seconds',
    help: 'Age of the oldest unpublished outbox event (relay lag)',
    registers: [registry],
    async collect() {
      this.set((await read().catch(() => ({ age: 0 }))).age);
    },
  });
}

/** Consumer lag per group and topic, read from the broker at scrape time (Kafka only). */
export function registerConsumerLagMetrics(
  registry: Registry,
  bus: EventBus,
  subscriptions: Pick<SubscribeOptions, 'group' | 'topics'>[],
): void {
  const lagOf = bus.consumerLag?.bind(bus);
  if (!lagOf || subscriptions.length === 0) return;
  new Gauge({
    name: 'kafka_consumer_lag',
    help: 'Messages not yet committed by a consumer group, per topic',
    labelNames: ['group', 'topic'] as const,
    registers: [registry],
    async collect() {
      for (const s of subscriptions) {
        try {
          for (const { topic, lag } of await lagOf(s.group, s.topics)) this.set({ group: s.group, topic }, lag);
        } catch {
          // An unreachable broker shows in /readyz; the scrape itself must not fail.
        }
      }
    },
  });
}
