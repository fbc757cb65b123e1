import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { StartedTestContainer } from 'testcontainers';
import { expect } from 'vitest';
import { scannedPagePng } from '../../../services/documents/test/fixtures/generate';
import { OBITUARY } from '../../../services/documents/test/fixtures/texts';

/** What a user does through the gateway in the container tests, and the waiting it takes. */

/** Free loopback ports (the suites of npm test run side by side on this machine). */
export async function freePorts(n: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: n },
      () =>
        new Promise<import('node:net').Server>((resolve, reject) => {
          const s = createServer();
          s.once('error', reject);
          s.listen(0, '127.0.0.1', () => resolve(s));
        }),
    ),
  );
  const ports = servers.map((s) => (s.address() as import('node:net').AddressInfo).port);
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  return ports;
}

export async function waitFor<T>(
  what: string,
  timeoutMs: number,
  probe: () => Promise<T | undefined>,
  explain: () => Promise<string> = async () => '',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not after ${timeoutMs / 1000} s\n${await explain()}`);
    await sleep(1000);
  }
}

export async function getJson(url: string, token?: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(url, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    signal: AbortSignal.timeout(10_000),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: kept as text for the message.
  }
  return { status: res.status, body };
}

export async function postJson(url: string, payload: unknown, token?: string): Promise<Record<string, unknown>> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(payload),
    signal: AbortSignal.timeout(20_000),
  });
  const body = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`POST ${url} answered ${res.status}: ${JSON.stringify(body)}`);
  return body;
}

let userCounter = 0;

/**
 * Registers and verifies a user through the gateway, as web/e2e does: the console SMS sender
 * writes the code to the outbox file in auth's data folder, read here with an exec in the container.
 */
export async function signUp(gateway: string, auth: StartedTestContainer, runId: string): Promise<string> {
  userCounter += 1;
  const n = `${Date.now().toString().slice(-6)}${userCounter}`;
  const user = {
    name: 'Ada Lovelace',
    email: `ada.${runId}.${n}@example.com`,
    password: 'correct-horse-battery',
    cellPhone: `(555) ${n.slice(0, 3)}-${n.slice(3, 7).padEnd(4, '0')}`,
    optionalCode: '',
  };
  const registered = await postJson(`${gateway}/api/auth/register`, user);
  const outbox = await auth.exec(['cat', '/app/.data/sms-outbox.jsonl']);
  expect(outbox.exitCode, outbox.output).toBe(0);
  const sent = outbox.stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { to: string; code: string });
  const code = sent[sent.length - 1]?.code;
  expect(code).toMatch(/^\d{4,8}$/);
  await postJson(`${gateway}/api/auth/verify-phone`, { email: user.email, code }, registered.token as string);
  const login = await postJson(`${gateway}/api/auth/login`, { email: user.email, password: user.password });
  return login.token as string;
}

/** Uploads a scanned page (PNG, OCR lane) and waits until the worker role has read it. */
export async function uploadScanAndWaitForOcr(
  gateway: string,
  token: string,
): Promise<{ id: string; seconds: number }> {
  // A third of a page at 200 dpi: real OCR work, kept short for two cores.
  const png = await scannedPagePng(OBITUARY, { dpi: 200, heightInches: 3.5 });
  const form = new FormData();
  form.append('document', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'turner-obituary-scan.png');
  const t0 = Date.now();
  const res = await fetch(`${gateway}/api/documents/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
    signal: AbortSignal.timeout(30_000),
  });
  const uploaded = (await res.json()) as { _id?: string; document?: { _id: string } };
  expect(res.status, JSON.stringify(uploaded)).toBe(201);
  const id = uploaded._id ?? uploaded.document?._id;
  expect(id).toBeTruthy();
  const done = await waitFor('the OCR job of the uploaded scan to complete', 180_000, async () => {
    const { body } = await getJson(`${gateway}/api/documents/${id}`, token);
    const doc = body as { processingStatus?: string; extractedText?: string; processingError?: string };
    if (doc.processingStatus === 'failed') throw new Error(`processing failed: ${doc.processingError}`);
    return doc.processingStatus === 'completed' ? doc : undefined;
  });
  expect(done.extractedText).toMatch(/Mary Ellen Turner/);
  return { id: id!, seconds: (Date.now() - t0) / 1000 };
}
