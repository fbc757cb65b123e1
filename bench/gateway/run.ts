// Gateway overhead: the same routes called directly, through a minimal undici proxy (the floor)
// and through the gateway, in one process and as two cluster workers.
//   npx tsx bench/gateway/run.ts            (about 2 minutes; BENCH_SECONDS=5 per case)
// 1. Saturation: autocannon, 100 connections → requests/s, and CPU µs per request of the
//    single-process proxies (their own CPU time over the run / requests served).
// 2. What users feel: a fixed 2,000 requests/s (below saturation) → added p50/p99 latency.
import { fork } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { createTestSigner } from '../../shared/testing/src/tokens';

const here = path.dirname(fileURLToPath(import.meta.url));
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const RATE = 2_000;
const signer = await createTestSigner();
const token = await signer.sign({ id: 'bench-user' }, { expiresIn: '2h' });

type Child = ReturnType<typeof fork>;
function start(file: string, env: Record<string, string>) {
  const child = fork(path.join(here, file), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...env },
    stdio: 'inherit',
  });
  return new Promise<Child>((resolve, reject) => {
    child.once('message', () => resolve(child));
    child.once('exit', (c) => reject(new Error(`${file} exited ${c}`)));
  });
}
function cpuOf(child: Child): Promise<number> {
  return new Promise((resolve) => {
    const on = (m: unknown) => {
      if (typeof m === 'object' && m && 'cpu' in m) {
        child.off('message', on);
        resolve((m as { cpu: number }).cpu);
      }
    };
    child.on('message', on);
    child.send('cpu');
  });
}

type Result = { rps: number; total: number; p50: number; p99: number; errors: number; cpuPerReq?: number };
async function load(
  url: string,
  opts: { connections: number; duration: number; overallRate?: number },
  measured?: Child,
): Promise<Result> {
  const before = measured ? await cpuOf(measured) : 0;
  const r = await autocannon({ url, headers: { authorization: `Bearer ${token}` }, ...opts });
  const cpu = measured ? (await cpuOf(measured)) - before : 0;
  const total = r.requests.total;
  return {
    rps: Math.round(r.requests.average),
    total,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.non2xx,
    cpuPerReq: measured ? Math.round(cpu / total) : undefined,
  };
}

const PORTS = { direct: 19181, floor: 19182, gateway: 19180, gateway2: 19183 };
const upstream = await start('upstream.ts', { PORT: String(PORTS.direct) });
const floor = await start('floor.ts', { PORT: String(PORTS.floor), UPSTREAM_PORT: String(PORTS.direct) });
const env = { UPSTREAM_PORT: String(PORTS.direct), BENCH_JWKS: JSON.stringify(signer.jwks) };
const gateway = await start('gateway.ts', { ...env, PORT: String(PORTS.gateway), GATEWAY_WORKERS: '1' });
const gateway2 = await start('gateway.ts', { ...env, PORT: String(PORTS.gateway2), GATEWAY_WORKERS: '2' });
const measured: Record<keyof typeof PORTS, Child | undefined> = {
  direct: upstream,
  floor,
  gateway,
  gateway2: undefined,
};
try {
  const rows: string[] = [];
  for (const route of ['/api/documents/ping', '/api/documents']) {
    const sat: Partial<Record<keyof typeof PORTS, Result>> = {};
    const fixed: Partial<Record<keyof typeof PORTS, Result>> = {};
    for (const name of Object.keys(PORTS) as (keyof typeof PORTS)[]) {
      await load(`http://127.0.0.1:${PORTS[name]}${route}`, { connections: 10, duration: 1 }); // warm-up
      sat[name] = await load(
        `http://127.0.0.1:${PORTS[name]}${route}`,
        { connections: 100, duration: seconds },
        measured[name],
      );
      fixed[name] = await load(`http://127.0.0.1:${PORTS[name]}${route}`, {
        connections: 20,
        duration: seconds,
        overallRate: RATE,
      });
    }
    const d = sat.direct!;
    const ratio = (r: Result) => (r.rps / d.rps).toFixed(2);
    const signed = (n: number) => (n < 0 ? `${n}` : `+${n}`);
    const added = (r: Result) => `${signed(r.p50 - fixed.direct!.p50)}/${signed(r.p99 - fixed.direct!.p99)}`;
    const errors = [...Object.values(sat), ...Object.values(fixed)].reduce((n, r) => n + (r?.errors ?? 0), 0);
    rows.push(
      `| ${route} | ${d.rps} | ${sat.floor!.rps} (${ratio(sat.floor!)}) | ${sat.gateway!.rps} (${ratio(sat.gateway!)}) | ${sat.gateway2!.rps} (${ratio(sat.gateway2!)}) | ${d.cpuPerReq} / ${sat.floor!.cpuPerReq} / ${sat.gateway!.cpuPerReq} | ${fixed.direct!.p50}/${fixed.direct!.p99} | ${added(fixed.floor!)} | ${added(fixed.gateway!)} | ${added(fixed.gateway2!)} | ${errors} |`,
    );
  }
  const [l1] = os.loadavg();
  console.log(
    `\nGateway overhead — ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}, load ${l1.toFixed(1)}, ${seconds} s per case, ${new Date().toISOString()}`,
  );
  console.log(
    `| route | direct req/s | floor req/s (ratio) | gateway req/s (ratio) | gateway ×2 workers req/s (ratio) | CPU µs/req upstream / floor / gateway | direct p50/p99 ms @${RATE} rps | floor added p50/p99 ms | gateway added p50/p99 ms | gateway ×2 added p50/p99 ms | errors |`,
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) console.log(r);
} finally {
  for (const c of [gateway, gateway2, floor, upstream]) c.kill('SIGTERM');
}
