/**
 * Streaming benchmarks of issue 6, against the fake Anthropic server on loopback:
 *  1. time to first token (TTFT) added by gateway + services: the SDK straight at the fake vs
 *     POST /api/research/stream through the gateway of the whole built product;
 *  2. 200 concurrent streaming chats through the gateway, in rounds: errors and the services'
 *     resident memory after each round.
 *
 *   node scripts/build.mjs
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/research/stream-bench.ts
 *
 * Memory: after each round the gateway's V8 heap is read from its /metrics. For heap snapshots of the
 * gateway after chosen rounds (each taken after a full GC, so its size is the live heap), add
 *   SNAP_ROUNDS=2,7,12 NODE_OPTIONS="--heapsnapshot-signal=SIGUSR2 --diagnostic-dir=/tmp/snaps"
 * ROUNDS (default 5) and TTFT_RUNS (default 300) size the run.
 */
import { cpSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import Anthropic from '@anthropic-ai/sdk';
import { startFakeAnthropic } from '@gnology/testing/fakes/anthropic';
import { professionalUser, startStack } from './product';

const TTFT_RUNS = Number(process.env.TTFT_RUNS ?? 300);
const CONCURRENT = 200;
const ROUNDS = Number(process.env.ROUNDS ?? 5);

function stats(xs: number[]) {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
  return { n: s.length, p50: +q(0.5).toFixed(2), p95: +q(0.95).toFixed(2), p99: +q(0.99).toFixed(2) };
}

/** Resident memory (MB) of the product's processes, read from /proc (nothing is signalled). */
function rss(): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [name, pid] of Object.entries(productProcesses())) {
    try {
      const kb = Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
      out[name] = Math.round(kb / 1024);
    } catch {}
  }
  return out;
}

/** The pid of each of the product's processes, by name, from their command lines in /proc. */
function productProcesses(): Record<string, number> {
  const out: Record<string, number> = {};
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const m = readFileSync(`/proc/${pid}/cmdline`, 'utf8').match(
        /dist\/(gateway|research|conversation|billing|documents|auth)\.mjs/,
      );
      if (m) out[m[1]!] = Number(pid);
    } catch {}
  }
  return out;
}

/** The gateway's V8 heap and off-heap figures (MB) from its /metrics, which answers loopback peers. */
async function gatewayHeap(url: string): Promise<Record<string, number>> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const mb = (name: string) =>
    Math.round(Number(text.match(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)`, 'm'))?.[1] ?? 0) / 2 ** 20);
  return {
    heapUsed: mb('nodejs_heap_size_used_bytes'),
    heapTotal: mb('nodejs_heap_size_total_bytes'),
    external: mb('nodejs_external_memory_bytes'),
  };
}

/** Asks the gateway for a heap snapshot (needs NODE_OPTIONS="--heapsnapshot-signal=SIGUSR2") and gives it time to write. */
async function snapshotGateway(): Promise<void> {
  const pid = productProcesses().gateway;
  if (!pid) throw new Error('no gateway process to snapshot');
  process.kill(pid, 'SIGUSR2');
  await new Promise((r) => setTimeout(r, 8_000));
}

/** Reads an SSE response; returns the time of the first delta and whether it ended with done. */
async function readStream(res: Response, t0: number): Promise<{ ttft: number; done: boolean; error?: string }> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let ttft = -1;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return { ttft, done: false, error: 'stream ended without done' };
    buffer += decoder.decode(value, { stream: true });
    if (ttft < 0 && buffer.includes('event: delta')) ttft = performance.now() - t0;
    if (buffer.includes('event: done')) {
      await reader.cancel().catch(() => {});
      return { ttft, done: true };
    }
    const err = buffer.match(/event: error\ndata: (.*)/);
    if (err) return { ttft, done: false, error: err[1] };
  }
}

async function main() {
  const fake = await startFakeAnthropic();
  Object.assign(process.env, {
    ANTHROPIC_API_KEY: 'sk-ant-bench',
    ANTHROPIC_BASE_URL: fake.url,
    RATE_LIMIT_AUTH: '100000',
    RATE_LIMIT_PER_USER: '100000',
    RATE_LIMIT_PER_IP: '100000',
    // Each user's 10 chats of a round run at once (the product's default allows 3 in flight a user).
    RESEARCH_MAX_IN_FLIGHT_PER_USER: '10',
    E2E_LOG_LEVEL: 'warn',
  });
  console.log('starting the product…');
  const stack = await startStack();
  try {
    // 1. TTFT: the SDK straight at the fake.
    fake.setFallback(() => ({ chunks: ['Johann ', 'Weber ', 'was ', 'baptised ', 'in 1850.'] }));
    const client = new Anthropic({ apiKey: 'sk-ant-bench', baseURL: fake.url, maxRetries: 0 });
    const direct: number[] = [];
    for (let i = 0; i < TTFT_RUNS + 20; i++) {
      const t0 = performance.now();
      const stream = await client.messages.create({
        model: 'claude-sonnet-4-6',
        max_tokens: 6000,
        system: 'You are Gene.',
        messages: [{ role: 'user', content: 'When was Johann baptised?' }],
        stream: true,
      });
      let first = -1;
      for await (const ev of stream) if (first < 0 && ev.type === 'content_block_delta') first = performance.now() - t0;
      if (i >= 20) direct.push(first);
    }

    // Through the gateway: a signed-in user, a conversation, the streaming route.
    const user = await professionalUser(stack, 'Bench User');
    const headers = { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' };
    const newConversation = async (token: string) => {
      const res = await fetch(`${stack.url}/api/conversations`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'Bench' }),
      });
      return ((await res.json()) as { id: string }).id;
    };
    const viaNoConv: number[] = [];
    const viaConv: number[] = [];
    for (let i = 0; i < TTFT_RUNS + 20; i++) {
      for (const withConversation of [false, true]) {
        const conversationId = withConversation && i % 20 === 0 ? await newConversation(user.token) : undefined;
        const body = JSON.stringify({
          query: 'When was Johann baptised?',
          documentIds: [],
          conversationId: withConversation ? (conversationId ?? lastConversation) : null,
        });
        if (conversationId) lastConversation = conversationId;
        const t0 = performance.now();
        const res = await fetch(`${stack.url}/api/research/stream`, { method: 'POST', headers, body });
        if (!res.ok) throw new Error(`stream answered ${res.status}: ${await res.text()}`);
        const r = await readStream(res, t0);
        if (!r.done) throw new Error(r.error);
        if (i >= 20) (withConversation ? viaConv : viaNoConv).push(r.ttft);
      }
    }
    const d = stats(direct);
    const a = stats(viaNoConv);
    const b = stats(viaConv);
    console.log('\nTTFT, ms (sequential, one at a time):');
    console.log('  SDK → fake (direct)                         ', d);
    const added = (x: typeof d) => ` added p50 ${(x.p50 - d.p50).toFixed(2)} p95 ${(x.p95 - d.p95).toFixed(2)}`;
    console.log('  gateway → research → fake, no conversation  ', a, added(a));
    console.log('  … with a conversation (history read, question saved)', b, added(b));

    // 2. Load: 200 concurrent chats, each streaming 40 chunks over ~2 s.
    fake.setFallback(() => ({ chunks: Array.from({ length: 40 }, (_, i) => `word${i} `), chunkDelayMs: 50 }));
    // One at a time: the harness reads each verification code from the SMS outbox.
    const users: Awaited<ReturnType<typeof professionalUser>>[] = [];
    for (let i = 0; i < 20; i++) users.push(await professionalUser(stack, `Load ${i}`));
    console.log(`\n${CONCURRENT} concurrent streaming chats through the gateway, ${ROUNDS} rounds:`);
    console.log('  memory before (MB):', rss(), 'gateway heap (MB):', await gatewayHeap(stack.url));
    const snapRounds = (process.env.SNAP_ROUNDS ?? '').split(',').filter(Boolean).map(Number);
    for (let round = 1; round <= ROUNDS; round++) {
      const conversations = await Promise.all(
        Array.from({ length: CONCURRENT }, (_, i) => newConversation(users[i % users.length]!.token)),
      );
      const t0 = performance.now();
      const results = await Promise.all(
        conversations.map(async (conversationId, i) => {
          const t = performance.now();
          try {
            const res = await fetch(`${stack.url}/api/research/stream`, {
              method: 'POST',
              headers: {
                authorization: `Bearer ${users[i % users.length]!.token}`,
                'content-type': 'application/json',
              },
              body: JSON.stringify({
                query: `Tell me about the Weber family, question ${i}`,
                documentIds: [],
                conversationId,
              }),
            });
            if (!res.ok) return { ok: false, error: `${res.status} ${await res.text()}`, ttft: -1 };
            const r = await readStream(res, t);
            return { ok: r.done, error: r.error, ttft: r.ttft };
          } catch (e) {
            return { ok: false, error: (e as Error).message, ttft: -1 };
          }
        }),
      );
      const errors = results.filter((r) => !r.ok);
      console.log(
        `  round ${round}: ${results.length - errors.length}/${results.length} ok in ${((performance.now() - t0) / 1000).toFixed(1)} s; TTFT`,
        stats(results.filter((r) => r.ok).map((r) => r.ttft)),
        'memory (MB):',
        rss(),
        'gateway heap (MB):',
        await gatewayHeap(stack.url),
      );
      if (snapRounds.includes(round)) {
        await snapshotGateway();
        console.log(`  gateway heap snapshot written after round ${round}`);
      }
      if (errors.length) console.log('   errors:', [...new Set(errors.map((e) => e.error))].slice(0, 5));
    }
  } finally {
    // The product's logs, kept for a look after the run (the stack's data folder is removed).
    cpSync(path.join(stack.dataDir, 'logs'), path.resolve('test-results/bench-logs'), { recursive: true });
    await stack.stop();
    await fake.close();
  }
}

let lastConversation: string | undefined;
await main();
