// A 200 MB upload (200,000,000 bytes) through the gateway and the documents service on loopback,
// with curl as the client: throughput, and the resident memory of both processes sampled every
// 50 ms during the upload. Runs the whole built product (node scripts/build.mjs first) on a fresh
// database, like the browser tests; the processing that follows the upload is not measured.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/documents/upload.mts
import { execFileSync, spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createVerifiedUser, type Stack, startStack } from '../research/product';

const SIZE = 200_000_000;
const file = path.join(tmpdir(), 'gn-bench-200mb.pdf');

function writeBigPdf() {
  const fd = openSync(file, 'w');
  writeSync(fd, Buffer.from('%PDF-1.4\n'));
  const chunk = Buffer.alloc(1 << 20, 0x20);
  let left = SIZE - 9;
  while (left > 0) left -= writeSync(fd, chunk, 0, Math.min(chunk.length, left));
  closeSync(fd);
}

/** The pid listening on a loopback port (ss -ltnp). */
function pidOn(port: number): number {
  const out = execFileSync('ss', ['-ltnpH', `sport = :${port}`]).toString();
  const m = /pid=(\d+)/.exec(out);
  if (!m) throw new Error(`nothing listens on ${port}`);
  return Number(m[1]);
}
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

writeBigPdf();
delete process.env.REDIS_URL; // the stack's own embedded queue, see web/e2e/documents.e2e.test.ts
let stack: Stack | undefined;
try {
  stack = await startStack();
  const user = await createVerifiedUser(stack);
  const gatewayPort = Number(new URL(stack.url).port);
  const documentsPort = Number(process.env.SERVICE_PORT_BASE) + 3; // auth, conversation, research, documents, ...
  const pids = { gateway: pidOn(gatewayPort), documents: pidOn(documentsPort) };
  const base = { gateway: rssMb(pids.gateway), documents: rssMb(pids.documents) };
  const peak = { ...base };
  const sampler = setInterval(() => {
    for (const k of ['gateway', 'documents'] as const) peak[k] = Math.max(peak[k], rssMb(pids[k]));
  }, 50);
  const started = performance.now();
  const status = await new Promise<string>((resolve, reject) => {
    const curl = spawn('curl', [
      '-sS',
      '-o',
      '/dev/null',
      '-w',
      '%{http_code}',
      '-H',
      `Authorization: Bearer ${user.token}`,
      '-F',
      `document=@${file};type=application/pdf`,
      `${stack!.url}/api/documents/upload`,
    ]);
    let out = '';
    curl.stdout.on('data', (d) => (out += d));
    curl.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`curl exited ${code}`))));
  });
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const row = {
    status,
    'MB (10^6)': SIZE / 1e6,
    seconds: +seconds.toFixed(2),
    'MB/s': +(SIZE / 1e6 / seconds).toFixed(1),
    'gateway RSS growth MB': +(peak.gateway - base.gateway).toFixed(1),
    'documents RSS growth MB': +(peak.documents - base.documents).toFixed(1),
    'gateway RSS before/peak': `${base.gateway.toFixed(0)} / ${peak.gateway.toFixed(0)}`,
    'documents RSS before/peak': `${base.documents.toFixed(0)} / ${peak.documents.toFixed(0)}`,
    storage: process.env.S3_ENDPOINT ? 'S3 (S3Proxy on loopback)' : 'local disk',
  };
  console.table([row]);
} finally {
  await stack?.stop();
  rmSync(file, { force: true });
}
