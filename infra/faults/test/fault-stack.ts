import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createKafkaBus } from '@gnology/platform/events/kafka-bus';
import { withNamespace } from '@gnology/platform/events/namespace';
import type { CloudEventJson } from '@gnology/platform/events/types';
import { createLogger } from '@gnology/platform/logger';
import type { Stack } from '../../../web/e2e/harness';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The service bundles `npm start` runs (cached: quick when nothing changed). Integration runs before the full build. */
export function buildServerBundles(): void {
  const r = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs'), '--server-only'], {
    cwd: root,
    encoding: 'utf8',
    timeout: 300_000,
  });
  if (r.status !== 0) throw new Error(`server build failed:\n${r.stdout}\n${r.stderr}`);
}

/** The pid the stack's launcher runs `name` under now (its record follows restarts). */
export function servicePid(stack: Stack, name: string): number {
  const record = JSON.parse(readFileSync(path.join(stack.dataDir, 'launcher.json'), 'utf8')) as {
    children: Record<string, number>;
  };
  const pid = record.children[name];
  if (!pid) throw new Error(`the launcher runs no ${name}`);
  return pid;
}

/** SIGKILL, no warning: what an OOM kill or a crashed node does. */
export function killService(stack: Stack, name: string): number {
  const pid = servicePid(stack, name);
  process.kill(pid, 'SIGKILL');
  return pid;
}

/** Resolves once the launcher has started `name` again under a new pid that answers /readyz. */
export async function waitRestarted(
  stack: Stack,
  name: string,
  oldPid: number,
  port: number,
  timeoutMs = 30_000,
): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const pid = servicePid(stack, name);
    if (pid !== oldPid) {
      const ok = await fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(1000) }).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return Date.now();
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${name} was not back within ${timeoutMs} ms`);
}

export interface EventCounter {
  /** Distinct event ids seen per `type subject`. */
  idsFor(type: string, subject: string): string[];
  /** Deliveries of one event id (at-least-once: more than one is a redelivery, not a duplicate). */
  deliveries(id: string): number;
  close(): Promise<void>;
}

/** A consumer of the stack's Kafka topics in its own group, counting what it receives by event id. */
export async function countEvents(topics: string[]): Promise<EventCounter> {
  const brokers = process.env.KAFKA_BROKERS;
  if (!brokers) throw new Error('KAFKA_BROKERS is not set (source /work/infra-shared/env.sh or run through npm test)');
  const logger = createLogger({ service: 'fault-counter', level: 'silent' });
  const bus = withNamespace(
    createKafkaBus({ brokers, clientId: 'fault-counter', logger }),
    process.env.EVENT_NAMESPACE,
  );
  const byKey = new Map<string, Set<string>>();
  const seen = new Map<string, number>();
  const sub = await bus.subscribe({
    group: 'fault-counter',
    topics,
    fromBeginning: true,
    handler: async (event: CloudEventJson) => {
      const key = `${event.type} ${event.subject ?? ''}`;
      if (!byKey.has(key)) byKey.set(key, new Set());
      byKey.get(key)!.add(event.id);
      seen.set(event.id, (seen.get(event.id) ?? 0) + 1);
    },
  });
  return {
    idsFor: (type, subject) => [...(byKey.get(`${type} ${subject}`) ?? [])],
    deliveries: (id) => seen.get(id) ?? 0,
    async close() {
      await sub.close();
      await bus.close();
    },
  };
}

export async function waitUntil<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs: number,
  everyMs = 500,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe().catch(() => undefined);
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
