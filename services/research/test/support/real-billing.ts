import { createTestService, type TestService } from '@gnology/testing';
import type { SubscribeOptions, Subscription } from '@gnology/platform/events/types';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../billing/src/app';
import { type BillingConfig, billingEnvSchema } from '../../../billing/src/config';
import { billingConsumers } from '../../../billing/src/events';
import { migrations } from '../../../billing/src/migrations';
import type { Db } from '../../../billing/src/store/schema';

/**
 * The REAL billing service on loopback (its own database, the real metering routes and, when
 * asked, its real event consumers), which a test can stop and start again on the same address:
 * a billing outage in the middle of research requests.
 */
export interface RealBilling {
  url: string;
  db: Db;
  svc: TestService;
  config: BillingConfig;
  /** Stops the HTTP app and the consumers (connections refused from now on). */
  stop(): Promise<void>;
  /** Starts them again on the same port. */
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startRealBilling(
  opts: { env?: Record<string, string>; consumers?: boolean } = {},
): Promise<RealBilling> {
  const svc = await createTestService({ name: 'billing', schema: 'billing', migrations, env: opts.env });
  const config = { ...svc.config, ...billingEnvSchema.parse(opts.env ?? {}) } as BillingConfig;
  const deps = { ...svc, config };
  let app: FastifyInstance | null = null;
  let subscriptions: Subscription[] = [];
  let port = 0;
  const start = async () => {
    app = await buildApp(deps);
    await app.listen({ port, host: '127.0.0.1' });
    port = (app.server.address() as { port: number }).port;
    if (opts.consumers)
      subscriptions = await Promise.all(billingConsumers(deps).map((s) => subscribeWithRetry(svc, s)));
  };
  const stop = async () => {
    // The address first: from now on every call is refused, as when the process dies.
    await app?.close();
    app = null;
    await Promise.all(subscriptions.map((s) => s.close()));
    subscriptions = [];
  };
  await start();
  return {
    url: `http://127.0.0.1:${port}`,
    db: svc.database.db as Db,
    svc,
    config,
    stop,
    start,
    close: async () => {
      await stop();
      await svc.cleanup();
    },
  };
}

/** A namespaced topic the broker has just created can answer "does not host this topic-partition" for a moment. */
async function subscribeWithRetry(svc: TestService, sub: SubscribeOptions): Promise<Subscription> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await svc.bus.subscribe(sub);
    } catch (err) {
      if (attempt >= 5) throw err;
      await new Promise((r) => setTimeout(r, 1000 * attempt));
    }
  }
}
