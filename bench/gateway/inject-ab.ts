// The gateway's own work per request, old against new, on a busy machine: both apps in this one
// process, driven by Fastify's inject (no client sockets), against the bench upstream. Batches
// alternate between the two; each batch's user CPU per request is noted, and the least of them is
// the figure least disturbed by other processes (the median is printed beside it).
//   mkdir -p bench/gateway/_baseline && git archive <rev> gateway/src | tar -x --strip-components=1 -C bench/gateway/_baseline
//   npx tsx bench/gateway/inject-ab.ts          (INJECT_BATCHES=40, INJECT_BATCH=400)
// It first counts, for each app, the async resources (promises, timers, …) made per request: a
// figure no other process can disturb.
import { createHook } from 'node:async_hooks';
import { fork } from 'node:child_process';
import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import type { buildGateway as Build } from '../../gateway/src/app';
import { gatewayEnvSchema } from '../../gateway/src/config';
import type { createGatewayContext as Context } from '../../gateway/src/context';
import { createTokenVerifier } from '../../shared/platform/src/auth/token-verifier';
import { createLogger } from '../../shared/platform/src/logger';
import { createTestSigner } from '../../shared/testing/src/tokens';

const batches = Number(process.env.INJECT_BATCHES ?? 40);
const batch = Number(process.env.INJECT_BATCH ?? 400);
const signer = await createTestSigner();
const token = await signer.sign({ id: 'bench-user' }, { expiresIn: '2h' });
const upstream = fork(new URL('upstream.ts', import.meta.url).pathname, [], {
  execArgv: ['--import', 'tsx'],
  env: { ...process.env, PORT: '19291' },
});
await new Promise((r) => upstream.once('message', r));
const url = 'http://127.0.0.1:19291';
const config = gatewayEnvSchema.parse({
  AUTH_URL: url,
  CONVERSATION_URL: url,
  RESEARCH_URL: url,
  DOCUMENTS_URL: url,
  ALBUM_URL: url,
  BILLING_URL: url,
  RATE_LIMIT_PER_USER: '100000000',
  RATE_LIMIT_PER_IP: '100000000',
  LOG_LEVEL: 'warn',
  INTERNAL_TOKEN: 'bench-internal-token-0123456789',
});
async function build(dir: string): Promise<FastifyInstance> {
  const { buildGateway } = (await import(`${dir}/app.ts`)) as { buildGateway: typeof Build };
  const { createGatewayContext } = (await import(`${dir}/context.ts`)) as { createGatewayContext: typeof Context };
  const logger = createLogger({ service: 'gateway', level: 'warn' });
  const app = await buildGateway(
    createGatewayContext(config, logger, { verifier: createTokenVerifier({ jwks: signer.jwks }) }),
  );
  await app.ready();
  return app;
}
const apps: [string, FastifyInstance][] = [
  ['before', await build(new URL('./_baseline/src', import.meta.url).pathname)],
  ['after', await build(new URL('../../gateway/src', import.meta.url).pathname)],
];
const headers = { authorization: `Bearer ${token}` };
async function run(app: FastifyInstance, route: string, n: number): Promise<number> {
  const t = process.cpuUsage().user;
  // 20 at a time, as a client with 20 connections would.
  for (let done = 0; done < n; done += 20)
    await Promise.all(Array.from({ length: 20 }, () => app.inject({ method: 'GET', url: route, headers })));
  return (process.cpuUsage().user - t) / n;
}
/** Async resources made per request, by type (the same 400 requests, one at a time). */
async function resourcesPerRequest(app: FastifyInstance, route: string): Promise<Record<string, number>> {
  const n = 400;
  const made: Record<string, number> = {};
  const hook = createHook({
    init(_id, type) {
      made[type] = (made[type] ?? 0) + 1;
    },
  });
  hook.enable();
  for (let i = 0; i < n; i++) await app.inject({ method: 'GET', url: route, headers });
  hook.disable();
  return Object.fromEntries(Object.entries(made).map(([type, count]) => [type, Math.round((10 * count) / n) / 10]));
}
for (const route of ['/api/documents/ping', '/api/documents'])
  for (const [name, app] of apps) console.log(`${route} ${name}: per request`, await resourcesPerRequest(app, route));

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const loads: number[] = [];
for (const route of ['/api/documents/ping', '/api/documents']) {
  for (const [, app] of apps) {
    const res = await app.inject({ method: 'GET', url: route, headers });
    if (res.statusCode !== 200) throw new Error(`${route}: ${res.statusCode} ${res.body}`);
    await run(app, route, batch); // warm-up
  }
  const per: Record<string, number[]> = {};
  for (let b = 0; b < batches; b++)
    for (let i = 0; i < apps.length; i++) {
      const [name, app] = apps[(i + b) % apps.length]!;
      loads.push(os.loadavg()[0]!);
      per[name] = [...(per[name] ?? []), await run(app, route, batch)];
    }
  for (const [name] of apps)
    console.log(
      `${route} ${name}: user CPU µs/req least ${Math.min(...per[name]!).toFixed(1)}, median ${median(per[name]!).toFixed(1)}`,
    );
}
console.log(
  `load average ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}, ${batches} batches of ${batch}`,
);
for (const [, app] of apps) await app.close();
upstream.kill();
