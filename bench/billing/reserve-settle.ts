/**
 * Reserve + settle pairs per second against the real billing service on Postgres.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/billing/reserve-settle.ts
 *
 * Starts the billing service (API role) as its own process on a fresh database, then drives
 * CONCURRENCY loops over keep-alive connections for DURATION_S seconds; each loop reserves for
 * a request (round-robin over USERS accounts) and settles it with its real usage, as the
 * research service does. At the end it checks every account against what was sent: tokens
 * used, nothing left held, and the ledger's entries summing to the balance.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabase } from '@gnology/testing';
import pg from 'pg';
import { Pool } from 'undici';
import { billingBytes, cpuMs, measurePostgres } from './postgres-usage';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// Knobs: USERS, CONCURRENCY, DURATION_S, WARMUP_S, BENCH_PORT, BENCH_CPU_PROFILE (a directory),
// BENCH_ASYNC_COMMIT (diagnostic only: shows how much of the time is commit waits).
const knobs = process.env;
const USERS = Number(knobs.USERS ?? 500);
const CONCURRENCY = Number(knobs.CONCURRENCY ?? 50);
const DURATION_S = Number(knobs.DURATION_S ?? 15);
const WARMUP_S = Number(knobs.WARMUP_S ?? 3);
const PORT = Number(knobs.BENCH_PORT ?? 18_986);
const TOKEN = 'bench-internal-token-0123456789';

const db = await createTestDatabase('gn_bench_billing');
// Diagnostic only (never for real figures): BENCH_ASYNC_COMMIT=1 turns off synchronous commit on the bench database.
if (knobs.BENCH_ASYNC_COMMIT) {
  const c = new pg.Client({ connectionString: db.url });
  await c.connect();
  await c.query(`alter database "${db.name}" set synchronous_commit = off`);
  await c.end();
}
const dataDir = mkdtempSync(path.join(tmpdir(), 'gn-bench-billing-'));
// BENCH_CPU_PROFILE=dir writes a V8 CPU profile of the service there.
const profileDir = knobs.BENCH_CPU_PROFILE;
const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
const service = spawn(
  process.execPath,
  [...profile, '--import', 'tsx', path.join(root, 'services/billing/src/main.ts')],
  {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: db.url,
      INTERNAL_TOKEN: TOKEN,
      PORT: String(PORT),
      ROLE: 'api',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  },
);
const base = `http://127.0.0.1:${PORT}`;

async function waitReady() {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  if (!(await fetch(`${base}/readyz`).catch(() => null))?.ok) throw new Error('billing did not become ready');
}

const pool = new Pool(base, { connections: CONCURRENCY, pipelining: 1 });
const headers = { 'content-type': 'application/json', 'x-internal-token': TOKEN };

async function call(pathname: string, body: unknown): Promise<{ status: number; text: string }> {
  const res = await pool.request({ method: 'POST', path: pathname, headers, body: JSON.stringify(body) });
  // The answers' contents are checked by the tests; the bench checks the balances at the end.
  return { status: res.statusCode, text: await res.body.text() };
}

const users = Array.from({ length: USERS }, (_, i) => `bench${String(i).padStart(19, '0')}`);
const sentUsage = new Map<string, number>();
let next = 0;
let pairs = 0;
let measuring = false;
let measuredPairs = 0;
let refused = 0;
const latencies: number[] = [];

async function pair() {
  const userId = users[next++ % users.length]!;
  const requestId = randomUUID();
  const started = performance.now();
  const r = await call('/internal/reservations', { userId, requestId, estimatedTokens: 600 });
  if (r.status === 402) {
    refused++;
    return;
  }
  if (r.status !== 200) throw new Error(`reserve answered ${r.status}: ${r.text}`);
  // Real usage varies per request; what the service charges must add up to what was sent.
  const input = 200 + (pairs % 200);
  const output = 100;
  const s = await call(`/internal/reservations/${requestId}/settle`, {
    inputTokens: input,
    outputTokens: output,
    savedTokens: 50,
  });
  if (s.status !== 200) throw new Error(`settle answered ${s.status}: ${s.text}`);
  sentUsage.set(userId, (sentUsage.get(userId) ?? 0) + input + output);
  pairs++;
  if (measuring) {
    measuredPairs++;
    latencies.push(performance.now() - started);
  }
}

try {
  await waitReady();
  // Open every account first, so the run measures steady-state metering rather than sign-ups.
  for (let i = 0; i < users.length; i += CONCURRENCY) {
    await Promise.all(
      users
        .slice(i, i + CONCURRENCY)
        .map((u) =>
          pool.request({ method: 'GET', path: `/internal/balances/${u}`, headers }).then((r) => r.body.dump()),
        ),
    );
  }
  const bytesBefore = await billingBytes(db.url);
  let stop = false;
  const loops = Array.from({ length: CONCURRENCY }, async () => {
    while (!stop) await pair();
  });
  await new Promise((r) => setTimeout(r, WARMUP_S * 1000));
  measuring = true;
  const t0 = performance.now();
  const cpu0 = { service: cpuMs(service.pid!), bench: process.cpuUsage() };
  const postgres = await measurePostgres(db.url, db.name);
  await new Promise((r) => setTimeout(r, DURATION_S * 1000));
  measuring = false;
  const elapsed = (performance.now() - t0) / 1000;
  const benchCpu = process.cpuUsage(cpu0.bench);
  const serviceCpu = cpuMs(service.pid!) - cpu0.service;
  const pgUsage = await postgres.stop();
  const cpu = { service: serviceCpu, postgres: pgUsage.cpuMs, bench: (benchCpu.user + benchCpu.system) / 1000 };
  stop = true;
  await Promise.all(loops);

  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))]!.toFixed(1);
  console.log(
    `reserve+settle: ${(measuredPairs / elapsed).toFixed(0)} pairs/s over ${elapsed.toFixed(1)} s (${CONCURRENCY} concurrent loops, ${USERS} accounts)`,
  );
  console.log(`pair latency: p50 ${pct(0.5)} ms, p95 ${pct(0.95)} ms, p99 ${pct(0.99)} ms; refused ${refused}`);
  const per = (ms: number) => ((ms * 1000) / measuredPairs).toFixed(0);
  console.log(
    `CPU per pair: service ${per(cpu.service)} µs, postgres ${per(cpu.postgres)} µs, load generator ${per(cpu.bench)} µs`,
  );
  const c = pgUsage.counts;
  const each = (n: number) => (n / measuredPairs).toFixed(2);
  console.log(
    `Postgres per pair: ${each(c.xact_commit)} commits, ${each(c.tup_inserted)} rows inserted, ${each(c.tup_updated)} updated, ${each(c.tup_deleted)} deleted, ${each(c.blks_hit + c.blks_read)} buffers touched`,
  );
  const loadavg = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  console.log(`machine load average during the run: ${loadavg}`);

  // Correctness at the end: every account matches what was sent, nothing held, ledger = balance.
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  // The balance as the history tells it: the journal's sum less the held reservations (decision 0243;
  // before it the journal held the holds too, and nothing is held at the end, so either code passes).
  const { rows } = await client.query(`
    select a.user_id, a.used, a.held, a.balance, a.allowance,
           ((select coalesce(sum(amount), 0) from billing.ledger_entries e where e.user_id = a.user_id)
             - (select coalesce(sum(amount), 0) from billing.reservations r where r.user_id = a.user_id and r.status = 'held'))::bigint as ledger
    from billing.accounts a`);
  const settled = await client.query(`select count(*)::int as n from billing.reservations where status = 'settled'`);
  const journal = await client.query(`select count(*)::int as n from billing.ledger_entries where kind <> 'grant'`);
  // What the pairs left on disk (heap and indexes of the billing tables, the outbox included).
  const bytesWritten = (await billingBytes(db.url)) - bytesBefore;
  await client.end();
  console.log(
    `journal rows per pair: ${(journal.rows[0].n / Math.max(1, pairs)).toFixed(2)}; billing tables and indexes: ${(bytesWritten / Math.max(1, pairs)).toFixed(0)} bytes per pair`,
  );
  let bad = 0;
  for (const r of rows) {
    const expected = sentUsage.get(r.user_id) ?? 0;
    if (
      Number(r.used) !== expected ||
      Number(r.held) !== 0 ||
      Number(r.ledger) !== Number(r.balance) ||
      Number(r.balance) !== Number(r.allowance) - expected
    ) {
      bad++;
      if (bad < 5) console.error('mismatch', r, { expected });
    }
  }
  console.log(
    `balances: ${rows.length - bad}/${rows.length} accounts correct; ${settled.rows[0].n} settled reservations for ${pairs} pairs sent`,
  );
  if (bad || settled.rows[0].n !== pairs) process.exitCode = 1;
} finally {
  await pool.close();
  service.kill('SIGTERM');
  await new Promise((r) => service.once('exit', r));
  await db.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
