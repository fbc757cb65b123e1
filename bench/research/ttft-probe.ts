/**
 * Where time to first token goes (issue 20). First, per chat: the calls each process serves and
 * the CPU it spends (from every process's /metrics, read on loopback before and after a run of
 * whole chats), without and with a conversation. Then each hop timed on its own: SDK → fake,
 * billing's reservation, research direct, through the gateway, and the gateway on a trivial route.
 *
 *   node scripts/build.mjs
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/research/ttft-probe.ts
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startFakeAnthropic } from '@gnology/testing/fakes/anthropic';
import { professionalUser, startStack } from './product';

const N = Number(process.env.N ?? 200);
const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!.toFixed(2);
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)]!.toFixed(2);

/** Times `fn` N times after 20 warm-up runs; `fn` answers the time it measured, or nothing for all of it. */
async function time(label: string, fn: () => Promise<unknown>) {
  for (let i = 0; i < 20; i++) await fn();
  const xs: number[] = [];
  for (let i = 0; i < N; i++) {
    const t = performance.now();
    const measured = await fn();
    xs.push(typeof measured === 'number' ? measured : performance.now() - t);
  }
  console.log(`${label.padEnd(60)} p50 ${p50(xs)} ms  p95 ${p95(xs)} ms`);
}

/**
 * Reads an SSE answer to its end (a chat left running would hold one of the user's slots in
 * flight) and answers when its first delta came, in ms after `t0`.
 */
async function firstDeltaAfter(t0: number, res: Response): Promise<number> {
  if (!res.ok) throw new Error(`answered ${res.status}: ${await res.text()}`);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buf = '';
  let first = -1;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`ended: ${buf}`);
    buf += decoder.decode(value, { stream: true });
    if (first < 0 && buf.includes('event: delta')) first = performance.now() - t0;
    if (buf.includes('event: error')) throw new Error(buf);
    if (buf.includes('event: done')) break;
  }
  await reader.cancel().catch(() => {});
  return first;
}

/** One process's request counts and time per route, and its CPU seconds, from its /metrics. */
interface Snapshot {
  cpu: number;
  routes: Map<string, { count: number; sum: number }>;
}

async function snapshot(url: string): Promise<Snapshot> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const cpu = Number(text.match(/^process_cpu_seconds_total(?:\{[^}]*\})? (\S+)/m)?.[1] ?? Number.NaN);
  const routes = new Map<string, { count: number; sum: number }>();
  for (const m of text.matchAll(/^http_request_duration_seconds_(count|sum)\{([^}]*)\} (\S+)/gm)) {
    const labels = Object.fromEntries([...m[2]!.matchAll(/(\w+)="([^"]*)"/g)].map((l) => [l[1], l[2]]));
    if (labels.route === '/metrics') continue;
    const key = `${labels.method} ${labels.route} ${labels.status_code}`;
    const entry = routes.get(key) ?? { count: 0, sum: 0 };
    entry[m[1] as 'count' | 'sum'] = Number(m[3]);
    routes.set(key, entry);
  }
  return { cpu, routes };
}

/** Runs `chats` whole chats (to `done`) and prints, per process, its CPU and the calls it served per chat. */
async function profile(label: string, processes: Record<string, string>, chats: number, chat: () => Promise<void>) {
  const before = Object.fromEntries(
    await Promise.all(Object.entries(processes).map(async ([n, u]) => [n, await snapshot(u)] as const)),
  );
  const t = performance.now();
  for (let i = 0; i < chats; i++) await chat();
  const wall = (performance.now() - t) / chats;
  console.log(`\n${label}: ${chats} chats one after another, ${wall.toFixed(2)} ms each (to done)`);
  for (const [name, url] of Object.entries(processes)) {
    const b = before[name]!;
    const a = await snapshot(url);
    const calls = [...a.routes]
      .map(([route, v]) => {
        const w = b.routes.get(route) ?? { count: 0, sum: 0 };
        return { route, count: v.count - w.count, sum: v.sum - w.sum };
      })
      .filter((r) => r.count > 0);
    console.log(`  ${name.padEnd(13)} CPU ${(((a.cpu - b.cpu) * 1000) / chats).toFixed(2)} ms/chat`);
    for (const c of calls)
      console.log(
        `    ${c.route.padEnd(58)} ${(c.count / chats).toFixed(2)} calls/chat, ${((c.sum * 1000) / c.count).toFixed(2)} ms each (server time)`,
      );
  }
}

const fake = await startFakeAnthropic();
fake.setFallback(() => ({ chunks: ['Hello ', 'there.'] }));
Object.assign(process.env, {
  ANTHROPIC_API_KEY: 'sk-ant-bench',
  ANTHROPIC_BASE_URL: fake.url,
  RATE_LIMIT_PER_USER: '100000',
  RATE_LIMIT_PER_IP: '100000',
});
const stack = await startStack();
try {
  const base = Number(new URL(stack.url).port) + 1;
  const ports = {
    auth: base,
    conversation: base + 1,
    research: base + 2,
    documents: base + 3,
    album: base + 4,
    billing: base + 5,
  };
  const local = (port: number) => `http://127.0.0.1:${port}`;
  const secret = process.env.INTERNAL_TOKEN ?? readFileSync(path.join(stack.dataDir, 'internal-token'), 'utf8').trim();
  const user = await professionalUser(stack, 'Probe');
  // Billing opens the trial account when it consumes user.registered: wait for it.
  for (let i = 0; i < 100; i++) {
    const b = (await (
      await fetch(`${local(ports.billing)}/internal/balances/${user.id}`, {
        headers: { 'x-internal-token': secret },
      })
    ).json()) as { remaining?: number };
    if ((b.remaining ?? 0) > 0) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const auth = { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' };
  const body = JSON.stringify({ query: 'When was Johann baptised?', documentIds: [] });
  const conversationId = (
    (await (
      await fetch(`${stack.url}/api/conversations`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ title: 'Probe' }),
      })
    ).json()) as { id: string }
  ).id;
  const inConversation = JSON.stringify({ query: 'When was Johann baptised?', documentIds: [], conversationId });

  const processes = {
    gateway: stack.url,
    research: local(ports.research),
    billing: local(ports.billing),
    conversation: local(ports.conversation),
    documents: local(ports.documents),
    auth: local(ports.auth),
  };
  const stream = (b: string) => async () => {
    await firstDeltaAfter(
      performance.now(),
      await fetch(`${stack.url}/api/research/stream`, { method: 'POST', headers: auth, body: b }),
    );
  };
  for (let i = 0; i < 20; i++) await stream(body)();
  await profile('no conversation', processes, N, stream(body));
  // A conversation of 40 exchanges at most (each chat adds two messages; capacity stays far off).
  await profile('in a conversation', processes, Math.min(N, 40), stream(inConversation));
  console.log('');

  await time('fake Messages API, raw fetch to first delta', async () => {
    const res = await fetch(`${fake.url}/v1/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'm', max_tokens: 10, stream: true, messages: [{ role: 'user', content: 'hi' }] }),
    });
    await res.text();
  });
  let n = 0;
  await time('billing reserve + release (internal)', async () => {
    const id = `probe${n++}aaaaaaaaaaaaaaaaaa`.slice(0, 24);
    const r = await fetch(`${local(ports.billing)}/internal/reservations`, {
      method: 'POST',
      headers: { 'x-internal-token': secret, 'content-type': 'application/json' },
      body: JSON.stringify({ userId: user.id, requestId: id, estimatedTokens: 20 }),
    });
    await r.text();
    await (
      await fetch(`${local(ports.billing)}/internal/reservations/${id}/release`, {
        method: 'POST',
        headers: { 'x-internal-token': secret, 'content-type': 'application/json' },
        body: '{}',
      })
    ).text();
  });
  await time('research service direct, first delta', async () => {
    const t0 = performance.now();
    return firstDeltaAfter(
      t0,
      await fetch(`${local(ports.research)}/api/research/stream`, { method: 'POST', headers: auth, body }),
    );
  });
  await time('through the gateway, first delta', async () => {
    const t0 = performance.now();
    return firstDeltaAfter(
      t0,
      await fetch(`${stack.url}/api/research/stream`, { method: 'POST', headers: auth, body }),
    );
  });
  await time('gateway → conversation list (trivial route)', async () => {
    await (await fetch(`${stack.url}/api/conversations?limit=5`, { headers: auth })).text();
  });
} finally {
  await stack.stop();
  await fake.close();
}
