import { randomUUID } from 'node:crypto';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import swagger from '@fastify/swagger';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { Logger } from '../logger';
import type { JobQueue } from '../jobs/types';
import { registerMetrics } from './metrics';
import type { Registry } from 'prom-client';
import { serviceTrustedProxies, trustProxyOption } from './trust-proxy';
import { validationErrorBody } from './validation-errors';
import { lazyChildLogger } from './lazy-child-logger';

export type ReadinessCheck = () => Promise<void>;

export interface ServiceAppOptions {
  name: string;
  logger: Logger;
  /** Named dependencies that /readyz probes (database, queue, bus, storage, ...). */
  checks?: Record<string, ReadinessCheck>;
  queue?: JobQueue;
  queues?: string[];
  bodyLimit?: number;
  /** Replaces the `{ error: 'Not found…' }` answer (the gateway serves the SPA fallback). */
  notFound?: (req: FastifyRequest, reply: FastifyReply) => unknown;
  /**
   * Peers whose X-Forwarded-For is believed (TRUSTED_PROXIES). Default: the services' setting from
   * the environment, `loopback` unless set — the gateway passes its own (none by default).
   */
  trustedProxies?: string[];
  /** Bearer token of /metrics (METRICS_TOKEN); unset: /metrics answers loopback peers only. */
  metricsToken?: string;
  /** Fastify options for special cases (e.g. the gateway's longer timeouts). */
  fastify?: Partial<FastifyServerOptions>;
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The common shell of every HTTP process: request ids, zod validation, `{ error }` answers,
 * /healthz, /readyz and /metrics. Routes are registered by the caller as encapsulated plugins.
 */
export function createServiceApp(opts: ServiceAppOptions): FastifyInstance {
  const app = Fastify({
    loggerInstance: opts.logger,
    bodyLimit: opts.bodyLimit ?? 1024 * 1024,
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    trustProxy: trustProxyOption(opts.trustedProxies ?? serviceTrustedProxies()),
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    childLoggerFactory: lazyChildLogger,
    ...opts.fastify,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Every route registered after this is described in the service's OpenAPI document, from the
  // same zod schemas that validate it; the gateway merges them all at /api/docs.
  app.register(swagger, {
    openapi: { openapi: '3.1.0', info: { title: `GNology ${opts.name} API`, version: '1.0.0' } },
    transform: jsonSchemaTransform,
    hideUntagged: false,
  });
  app.get('/openapi.json', { logLevel: 'warn', schema: { hide: true } }, async () => app.swagger());

  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });

  app.setErrorHandler((err: Error & { statusCode?: number; extra?: Record<string, unknown> }, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      // A route (or its plugin, useValidationErrorStyle) may choose how the problem is worded.
      return reply.status(400).send(validationErrorBody(err.validation[0], req.routeOptions.config?.validationErrors));
    }
    const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status >= 500) {
      req.log.error({ err }, 'request failed');
      return reply
        .status(status)
        .send({ error: status === 503 ? err.message || 'Service unavailable' : 'Internal server error' });
    }
    return reply.status(status).send({ error: err.message, ...err.extra });
  });

  app.setNotFoundHandler(
    opts.notFound ??
      ((req, reply) => {
        reply.status(404).send({ error: `Not found: ${req.method} ${req.url.split('?')[0]}` });
      }),
  );

  app.get('/healthz', { logLevel: 'warn' }, async () => ({ status: 'ok', service: opts.name }));

  app.get('/readyz', { logLevel: 'warn' }, async (_req, reply) => {
    const results: Record<string, string> = {};
    let ready = true;
    await Promise.all(
      Object.entries(opts.checks ?? {}).map(async ([name, check]) => {
        try {
          await withTimeout(check(), 3000, `${name} did not answer within 3 s`);
          results[name] = 'ok';
        } catch (e) {
          ready = false;
          results[name] = (e as Error).message || 'unreachable';
        }
      }),
    );
    if (!ready) return reply.status(503).send({ error: 'not ready', checks: results });
    return { status: 'ready', service: opts.name, checks: results };
  });

  const registry = registerMetrics(app, {
    service: opts.name,
    queue: opts.queue,
    queues: opts.queues,
    token: opts.metricsToken ?? (process.env.METRICS_TOKEN || undefined),
  });
  // runService adds the role's own metrics (jobs, outbox, consumer lag) to the same /metrics.
  app.decorate('metricsRegistry', registry);
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's Prometheus registry (served on /metrics). */
    metricsRegistry?: Registry;
  }
}

export function withTimeout<T>(p: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    p.finally(() => clearTimeout(timer)),
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error(message)), ms);
    }),
  ]);
}
