import type { IndividualSummary } from '@gnology/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { FAMILY } from './fixtures/family';
import { collection } from './fixtures/photos';
import { createVerifiedUser, openBrowser, type Stack, startStack } from './harness';
import { call, uploadFile, uploadText } from './research-support';

/**
 * The one user every signed-in visual test looks at, seeded through the public API as a user
 * would make it: the Whitfield family's four records (so /people has a family and a conflict),
 * two drawn photos for the gallery, one conversation whose answer cites a record, and one access
 * token. Everything is fixed text; what the server stamps (dates) is fixed by `fixServerTimes`.
 */
export interface VisualWorld {
  stack: Stack;
  browser: Browser;
  token: string;
  ids: Record<string, string>;
  conversationId: string;
  johnId: string;
}

const JOHN = 'John Henry Whitfield';
export const CONVERSATION = 'Whitfield marriage';
const PHOTOS = ['beach-1952.jpg', 'picnic.png'];

/** One stack and browser per test file, seeded before its tests and stopped after them. */
export function withVisualWorld(ready: (world: VisualWorld) => void): void {
  let world: VisualWorld | undefined;
  beforeAll(async () => {
    // Gene's offline engine, and the embedded job queue in this stack's own database: on a shared
    // Redis another stack's workers could take this stack's jobs (as documents.e2e does).
    for (const k of ['ANTHROPIC_API_KEY', 'ANTHROPIC_BASE_URL', 'OPENAI_BASE_URL', 'LLM_PROVIDER', 'REDIS_URL'])
      delete process.env[k];
    const stack = await startStack();
    const browser = await openBrowser();
    world = { stack, browser, ...(await seed(stack)) };
    ready(world);
  }, 300_000);
  afterAll(async () => {
    await world?.browser.close();
    await world?.stack.stop();
  });
}

async function seed(stack: Stack): Promise<Omit<VisualWorld, 'stack' | 'browser'>> {
  const user = await createVerifiedUser(stack, {
    name: 'Wanda Whitfield',
    email: 'wanda.whitfield@example.com',
  });
  const ids: Record<string, string> = {};
  // One at a time: the documents list keeps this order on every run.
  for (const doc of Object.values(FAMILY)) ids[doc.name] = await uploadText(stack, user.token, doc.name, doc.text);
  const files = (await collection()).filter((f) => PHOTOS.includes(f.name));
  for (const f of files) ids[f.name] = await uploadFile(stack, user.token, f.name, f.data, f.type);

  // The people index is built from document.processed on the worker: wait until John is in all four.
  const deadline = Date.now() + 90_000;
  let john: IndividualSummary | undefined;
  while (Date.now() < deadline) {
    const { individuals } = await call<{ individuals: IndividualSummary[] }>(stack, user.token, '/api/people');
    john = individuals.find((p) => p.name === JOHN);
    if (john?.documentCount === 4) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  if (john?.documentCount !== 4) throw new Error(`${JOHN} is not in the four records' index: ${JSON.stringify(john)}`);

  const marriage = ids[FAMILY.marriage.name];
  const c = await call<{ id: string }>(stack, user.token, '/api/conversations', { body: { title: CONVERSATION } });
  await call(stack, user.token, `/api/conversations/${c.id}/documents`, {
    method: 'PUT',
    body: { documentIds: [marriage, ids[FAMILY.obituary.name]] },
  });
  await call(stack, user.token, `/api/conversations/${c.id}/messages`, {
    body: { type: 'user', content: 'When did John Henry Whitfield marry, and whom?' },
  });
  await call(stack, user.token, `/api/conversations/${c.id}/messages`, {
    body: {
      type: 'assistant',
      content: [
        `John Henry Whitfield married Sarah Elizabeth Cole on 14 June 1887 in Raleigh ([${FAMILY.marriage.name}, p. 1](/documents?view=${marriage}&page=1)).`,
        '',
        '## What your documents say',
        '',
        '- The certificate names his parents, Thomas Whitfield and Mary Ann Whitfield.',
        '- His obituary calls her Sarah E. Whitfield, his wife.',
      ].join('\n'),
    },
  });
  await call(stack, user.token, '/api/auth/access-tokens', {
    body: { name: 'Family tree program', scope: 'documents:read', currentPassword: user.password },
  });
  return { token: user.token, ids, conversationId: c.id, johnId: john.id };
}

/** The instant every date the server sends is set to, before the page sees it. */
const SERVER_NOW = '2026-03-14T09:30:00.000Z';
const ISO_TIME = /"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})"/g;

/**
 * Upload dates, conversation dates, token dates: the server stamps them with its own clock, so
 * they change from run to run and day to day (and a longer date string would move the text beside
 * it). Every ISO time in an API answer the app fetches is set to one fixed instant, an hour before
 * the browser's fixed clock (FIXED_NOW). Event streams are left alone.
 */
export async function fixServerTimes(page: Page): Promise<void> {
  await page.route('**/api/**', async (route) => {
    const type = route.request().resourceType();
    if (type !== 'fetch' && type !== 'xhr') return route.continue();
    const response = await route.fetch();
    const contentType = response.headers()['content-type'] ?? '';
    if (!contentType.includes('application/json')) return route.fulfill({ response });
    const body = (await response.text()).replace(ISO_TIME, `"${SERVER_NOW}"`);
    return route.fulfill({ response, body });
  });
}
