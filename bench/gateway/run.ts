// Gateway overhead: the same routes called directly and through the gateway.
//   npx tsx bench/gateway/run.ts            (about 2 minutes)
// 1. Saturation: autocannon, 100 connections, 10 s per case → requests/s and p50/p99.
// 2. What users feel: a fixed 500 requests/s (well below saturation) → added p50/p99 latency.
import { fork } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { createTestSigner } from '../../shared/testing/src/tokens';

const here = path.dirname(fileURLToPath(import.meta.url));
const signer = await createTestSigner();
const token = await signer.sign({ id: 'bench-user' }, { expiresIn: '2h' });

function start(file: string, env: Record<string, string>) {
  const child = fork(path.join(here, file), [], { execArgv: ['--import', 'tsx'], env: { ...process.env, ...env }, stdio: 'inherit' });
  return new Promise<typeof child>((resolve, reject) => {
    child.once('message', () => resolve(child));
    child.once('exit', (c) => reject(new Error(`${file} exited ${c}`)));
  });
}

type Result = { rps: number; p50: number; p99: number; errors: number };
async function load(url: string, opts: { connections: number; duration: number; overallRate?: number }): Promise<Result> {
  const r = await autocannon({ url, headers: { authorization: `Bearer ${token}` }, ...opts });
  return { rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

const upstream = await start('upstream.ts', { PORT: '19181' });
const gateway = await start('gateway.ts', { PORT: '19180', UPSTREAM_PORT: '19181', BENCH_JWKS: JSON.stringify(signer.jwks) });
try {
  const rows: string[] = [];
  for (const route of ['/api/documents/ping', '/api/documents']) {
    await load(`http://127.0.0.1:19180${route}`, { connections: 10, duration: 2 }); // warm-up
    const direct = await load(`http://127.0.0.1:19181${route}`, { connections: 100, duration: 10 });
    const via = await load(`http://127.0.0.1:19180${route}`, { connections: 100, duration: 10 });
    const directFixed = await load(`http://127.0.0.1:19181${route}`, { connections: 10, duration: 10, overallRate: 500 });
    const viaFixed = await load(`http://127.0.0.1:19180${route}`, { connections: 10, duration: 10, overallRate: 500 });
    rows.push(
      `| ${route} | ${direct.rps} | ${via.rps} | ${(via.rps / direct.rps).toFixed(2)} | ${direct.p50}/${direct.p99} | ${via.p50}/${via.p99} | ${directFixed.p50}/${directFixed.p99} | ${viaFixed.p50}/${viaFixed.p99} | +${viaFixed.p99 - directFixed.p99} | ${direct.errors + via.errors + directFixed.errors + viaFixed.errors} |`,
    );
  }
  console.log(`\nGateway overhead — ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}, ${new Date().toISOString()}`);
  console.log('| route | direct req/s | gateway req/s | ratio | direct p50/p99 ms (100 conn) | gateway p50/p99 ms (100 conn) | direct p50/p99 ms @500 rps | gateway p50/p99 ms @500 rps | added p99 ms @500 rps | errors |');
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) console.log(r);
} finally {
  gateway.kill();
  upstream.kill();
}
