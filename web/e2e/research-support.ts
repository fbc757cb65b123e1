import type { Page } from 'playwright-core';
import type { Stack } from './harness';

/** Helpers shared by the research journeys (a user's API calls as the web makes them). */
export async function call<T = Record<string, unknown>>(
  stack: Stack,
  token: string,
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<T> {
  const res = await fetch(`${stack.url}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      authorization: `Bearer ${token}`,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const data = await res.json();
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(data)}`);
  return data as T;
}

/** Uploads a text record and waits until the documents service has processed it. */
export async function uploadText(stack: Stack, token: string, name: string, text: string): Promise<string> {
  const form = new FormData();
  form.append('document', new Blob([text], { type: 'text/plain' }), name);
  const res = await fetch(`${stack.url}/api/documents/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = await res.json();
  if (!res.ok) throw new Error(`upload answered ${res.status}: ${JSON.stringify(body)}`);
  const id: string = body.document?._id ?? body._id ?? body.id;
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    const doc = await call<{ processingStatus?: string; document?: { processingStatus?: string } }>(
      stack,
      token,
      `/api/documents/${id}`,
    );
    const status = doc.processingStatus ?? doc.document?.processingStatus;
    if (status === 'completed') return id;
    if (status === 'failed') throw new Error(`document ${id} failed processing`);
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`document ${id} was not processed in time`);
}

/** Uploads a file (any type) and waits until the documents service has processed it. */
export async function uploadFile(
  stack: Stack,
  token: string,
  name: string,
  data: Uint8Array,
  type: string,
): Promise<string> {
  const form = new FormData();
  form.append('document', new Blob([new Uint8Array(data)], { type }), name);
  const res = await fetch(`${stack.url}/api/documents/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = await res.json();
  if (!res.ok) throw new Error(`upload answered ${res.status}: ${JSON.stringify(body)}`);
  const id: string = body.document?._id ?? body._id ?? body.id;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const doc = await call<{ processingStatus?: string; document?: { processingStatus?: string } }>(
      stack,
      token,
      `/api/documents/${id}`,
    );
    const status = doc.processingStatus ?? doc.document?.processingStatus;
    if (status === 'completed' || status === 'failed') return id;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`document ${id} was not processed in time`);
}

/** Text of a downloaded file. */
export async function downloadText(page: Page, click: () => Promise<void>): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return { name: download.suggestedFilename(), text: Buffer.concat(chunks).toString('utf8') };
}
