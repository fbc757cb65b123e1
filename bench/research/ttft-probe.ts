/**
 * Where time to first token goes: times each hop of a streaming research request separately
 * (SDK → fake, billing's reservation, research direct, through the gateway).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/research/ttft-probe.ts
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startFakeAnthropic } from '@gnology/testing/fakes/anthropic';
import { createVerifiedUser, type Stack, startStack } from '../../web/e2e/harness';

/** A user on the Professional plan (billing off: the plan applies at once), so runs do not exhaust a trial. */
async function professionalUser(stack: Stack, name: string) {
  const user = await createVerifiedUser(stack, { name });
  for (let i = 0; i < 50; i++) {
    const res = await fetch(`${stack.url}/api/billing/checkout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ plan: 'monthly' }),
    });
    if (res.ok) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return user;
}

const N = Number(process.env.N ?? 200);
const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!.toFixed(2);
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)]!.toFixed(2);

async function time(label: string, fn: () => Promise<void>) {
  for (let i = 0; i < 20; i++) await fn();
  const xs: number[] = [];
  for (let i = 0; i < N; i++) {
    const t = performance.now();
    await fn();
    xs.push(performance.now() - t);
  }
  console.log(`${label.padEnd(60)} p50 ${p50(xs)} ms  p95 ${p95(xs)} ms`);
}

async function firstDelta(res: Response) {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buf = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`ended: ${buf}`);
    buf += decoder.decode(value, { stream: true });
    if (buf.includes('event: delta')) break;
  }
  await reader.cancel().catch(() => {});
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
  const secret = process.env.INTERNAL_TOKEN ?? readFileSync(path.join(stack.dataDir, 'internal-token'), 'utf8').trim();
  const user = await professionalUser(stack, 'Probe');
  // Billing opens the trial account when it consumes user.registered: wait for it.
  for (let i = 0; i < 100; i++) {
    const b = (await (
      await fetch(`http://127.0.0.1:${ports.billing}/internal/balances/${user.id}`, {
        headers: { 'x-internal-token': secret },
      })
    ).json()) as { remaining?: number };
    if ((b.remaining ?? 0) > 0) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const auth = { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' };
  const body = JSON.stringify({ query: 'When was Johann baptised?', documentIds: [] });

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
    const r = await fetch(`http://127.0.0.1:${ports.billing}/internal/reservations`, {
      method: 'POST',
      headers: { 'x-internal-token': secret, 'content-type': 'application/json' },
      body: JSON.stringify({ userId: user.id, requestId: id, estimatedTokens: 20 }),
    });
    await r.text();
    await (
      await fetch(`http://127.0.0.1:${ports.billing}/internal/reservations/${id}/release`, {
        method: 'POST',
        headers: { 'x-internal-token': secret, 'content-type': 'application/json' },
        body: '{}',
      })
    ).text();
  });
  await time('research service direct, first delta', async () => {
    await firstDelta(
      await fetch(`http://127.0.0.1:${ports.research}/api/research/stream`, { method: 'POST', headers: auth, body }),
    );
  });
  await time('through the gateway, first delta', async () => {
    await firstDelta(await fetch(`${stack.url}/api/research/stream`, { method: 'POST', headers: auth, body }));
  });
  await time('gateway → conversation list (trivial route)', async () => {
    await (await fetch(`${stack.url}/api/conversations?limit=5`, { headers: auth })).text();
  });
} finally {
  await stack.stop();
  await fake.close();
}
