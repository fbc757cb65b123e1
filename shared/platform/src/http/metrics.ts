import type { FastifyInstance } from 'fastify';
import { canReadMetrics } from './metrics-access';
import { Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { JobQueue } from '../jobs/types';

/**
 * Per-app registry (no prom-client globals, so tests can build many apps in one process):
 * process metrics, an HTTP duration histogram by route and status, and queue depth per queue.
 */
export function registerMetrics(
  app: FastifyInstance,
  opts: { service: string; queue?: JobQueue; queues?: string[]; token?: string },
): Registry {
  const registry = new Registry();
  registry.setDefaultLabels({ service: opts.service });
  collectDefaultMetrics({ register: registry });

  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by route and status',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });

  if (opts.queue && opts.queues?.length) {
    const queue = opts.queue;
    const names = opts.queues;
    new Gauge({
      name: 'job_queue_depth',
      help: 'Jobs waiting, prioritised, delayed or running, per queue',
      labelNames: ['queue'] as const,
      registers: [registry],
      async collect() {
        for (const name of names) {
          try {
            this.set({ queue: name }, await queue.depth(name));
          } catch {
            // An unreachable queue shows up in /readyz; the scrape itself must not fail.
          }
        }
      },
    });
    new Gauge({
      name: 'job_queue_oldest_waiting_seconds',
      help: 'How long the oldest runnable job of each queue has waited',
      labelNames: ['queue'] as const,
      registers: [registry],
      async collect() {
        for (const name of names) {
          try {
            this.set({ queue: name }, await queue.oldestWaitingSeconds(name));
          } catch {
            // As above.
          }
        }
      },
    });
  }

  // One child per method, route and status, bound once (issue 20): observe() on a child skips the
  // label hashing and validation prom-client does on every labelled call.
  const children = new Map<string, ReturnType<typeof duration.labels>>();
  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url ?? 'unmatched';
    const key = `${req.method} ${reply.statusCode} ${route}`;
    let child = children.get(key);
    if (!child) {
      child = duration.labels(req.method, route, String(reply.statusCode));
      children.set(key, child);
    }
    child.observe(reply.elapsedTime / 1000);
  });

  app.get('/metrics', { logLevel: 'warn', schema: { hide: true } }, async (req, reply) => {
    if (!canReadMetrics(req, opts.token)) return reply.status(404).send({ error: `Not found: GET /metrics` });
    reply.header('content-type', registry.contentType);
    return registry.metrics();
  });
  return registry;
}
