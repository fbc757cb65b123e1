import type { Browser, Page } from 'playwright-core';
import { textPdf } from '../../services/documents/test/fixtures/generate';
import { SULLIVAN_OBITUARY, WHITFIELD_CERTIFICATE } from '../../services/documents/test/fixtures/texts';
import { createVerifiedUser, type Stack, withStackAndBrowser } from './harness';

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

/** A Whitfield researcher's stack, as the research journeys start it: who signed in, and the certificate's id. */
export interface WhitfieldLibrary {
  stack: Stack;
  browser: Browser;
  user: Awaited<ReturnType<typeof createVerifiedUser>>;
  certificateId: string;
}

/**
 * A stack on Gene's offline engine for this file, with a new user who has uploaded the Whitfield
 * marriage certificate (the marriage on its page 2, as `certificate`) and another family's
 * obituary (as `obituary`); `ready` is given all of it in the file's beforeAll.
 */
export function withWhitfieldLibrary(
  certificate: string,
  obituary: string,
  ready: (library: WhitfieldLibrary) => void,
): void {
  withStackAndBrowser(
    async (stack, browser) => {
      const user = await createVerifiedUser(stack, { name: 'Wanda Whitfield' });
      const pdf = await textPdf(WHITFIELD_CERTIFICATE);
      const certificateId = await uploadFile(stack, user.token, certificate, pdf, 'application/pdf');
      await uploadText(stack, user.token, obituary, SULLIVAN_OBITUARY);
      ready({ stack, browser, user, certificateId });
    },
    { offline: true, timeoutMs: 240_000 },
  );
}
