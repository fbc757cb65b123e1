import { CAPACITY_MESSAGE, CAPACITY_WARNING } from '@gnology/contracts';
import { type FakeAnthropic, startFakeAnthropic } from '@gnology/testing/fakes/anthropic';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createVerifiedUser,
  newPage,
  openBrowser,
  type Stack,
  screenshot,
  seriousA11yViolations,
  signInWithToken,
  startStack,
} from './harness';
import { call, downloadText, uploadFile, uploadText } from './research-support';

// The research journey of issue 6 with a fake Anthropic server on loopback, driven through the
// whole built product (gateway, services, web) in Chromium.
let fake: FakeAnthropic;
let stack: Stack;
let browser: Browser;
let user: Awaited<ReturnType<typeof createVerifiedUser>>;
let docId: string;

const RECORD =
  'Baptism register of St Martin, Kassel. Johann Weber, son of Heinrich Weber, miller, was baptised on 3 May 1850.';

function longAnswer(id: string): string {
  const paragraph =
    'The baptism register of St Martin records Johann Weber, son of Heinrich Weber, a miller, baptised on 3 May 1850 ' +
    `([baptism.txt, p. 1](/documents?view=${id}&page=1&q=Johann%20Weber)). ` +
    'This is direct evidence of the baptism and indirect evidence of his birth shortly before. ';
  return `## What the record shows\n\n${paragraph}(Source: "baptism.txt", id ${id})\n\n${paragraph.repeat(8)}\n\n## Next records\n\n- Census returns for Kassel, 1855–1867\n- Civil registration indexes`;
}

beforeAll(async () => {
  fake = await startFakeAnthropic();
  Object.assign(process.env, {
    ANTHROPIC_API_KEY: 'sk-ant-e2e',
    ANTHROPIC_BASE_URL: fake.url,
    GENERATION_FLUSH_MS: '200',
  });
  stack = await startStack();
  browser = await openBrowser();
  user = await createVerifiedUser(stack, { name: 'Ada Weber' });
  docId = await uploadText(stack, user.token, 'baptism.txt', RECORD);
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  await fake?.close();
  // The next file in this worker starts its own stack: leave it no pointer to this file's fake model.
  for (const k of ['ANTHROPIC_API_KEY', 'ANTHROPIC_BASE_URL', 'GENERATION_FLUSH_MS']) delete process.env[k];
});

describe('research with Gene (fake Anthropic)', () => {
  it('asks with a selected document, streams, renames, searches, opens the document and exports', async () => {
    const { context, page } = await newPage(browser, stack);
    await signInWithToken(context, user.token);
    await page.goto('/research');
    await page.getByRole('heading', { name: 'Welcome to your research session with Gene' }).waitFor();
    await page.getByText(/You have 1 document available/).waitFor();
    await screenshot(page, 'research-empty-1280');
    expect(JSON.stringify(await seriousA11yViolations(page))).toBe('[]');

    // Select the document.
    await page.getByRole('button', { name: /Documents: 0 selected \/ 1 available/ }).click();
    await page.getByRole('checkbox', { name: /baptism\.txt/ }).check();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Remove baptism.txt' }).waitFor();
    await page.getByRole('button', { name: /Documents: 1 selected \/ 1 available/ }).waitFor();

    // Ask; the answer streams in slowly enough to be seen arriving.
    const answer = longAnswer(docId);
    fake.enqueue({ text: answer, chunkDelayMs: 25 });
    await page.getByLabel('Message to Gene').fill('When was Johann Weber baptised?');
    await page.getByLabel('Message to Gene').press('Enter');
    await page.getByText('Gene is writing…').waitFor();
    const partial = await page.locator('.msg--assistant .answer').first().innerText();
    expect(partial.length).toBeGreaterThan(0);
    expect(partial.length).toBeLessThan(answer.length - 200);
    await screenshot(page, 'research-streaming-1280');
    await page.getByText('Civil registration indexes').waitFor({ timeout: 30_000 });
    await page.getByRole('group', { name: 'Export this answer' }).waitFor();
    // The request carried Gene's prompt and the document, cached.
    const sent = fake.requests.at(-1)!.body;
    expect(JSON.stringify(sent.system)).toContain(docId);
    expect(JSON.stringify(sent.system)).toContain('Johann Weber, son of Heinrich Weber');

    // The new conversation is in the sidebar, titled from its first question (issue 13), highlighted.
    const row = page.locator('.conv-row--active');
    await row.locator('.conv-row__title', { hasText: 'When was Johann Weber baptised?' }).waitFor();
    await screenshot(page, 'research-answer-1280');
    expect(JSON.stringify(await seriousA11yViolations(page))).toBe('[]');

    // Rename with the pencil; Escape cancels, Enter confirms.
    await row.getByRole('button', { name: /^Rename/ }).click();
    await page.getByLabel('Conversation title').fill('Something else');
    await page.getByLabel('Conversation title').press('Escape');
    await expect(row.locator('.conv-row__title').innerText()).resolves.toBe('When was Johann Weber baptised?');
    await row.getByRole('button', { name: /^Rename/ }).click();
    await page.getByLabel('Conversation title').fill('Weber baptism');
    await page.getByLabel('Conversation title').press('Enter');
    await page.locator('.conv-row--active .conv-row__title', { hasText: 'Weber baptism' }).waitFor();

    // Search finds it, with highlighted matches, and opens it.
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByLabel('Search your conversations').fill('Weber');
    await page.getByRole('dialog').getByRole('button', { name: 'Search', exact: true }).click();
    await page.locator('.search-hit mark').first().waitFor();
    expect(await page.locator('.search-hit__title').first().innerText()).toBe('Weber baptism');
    // Previews read as text: a citation shows its text, never its link syntax or address (issue 30, point 3).
    const previews = await page.locator('.search-hit').allTextContents();
    expect(previews.join(' ')).toContain('baptism.txt, p. 1');
    expect(previews.join(' ')).not.toMatch(/view=|%20|\]\(|\/documents/);
    await screenshot(page, 'research-search-1280');
    expect(JSON.stringify(await seriousA11yViolations(page))).toBe('[]');
    await page.getByRole('button', { name: 'Open Weber baptism' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    // The document reference opens the document.
    await page.locator(`a[data-doc-id="${docId}"]`).first().click();
    const viewer = page.getByRole('dialog', { name: 'baptism.txt' });
    await viewer.getByText(/Johann Weber, son of Heinrich Weber/).waitFor();
    await viewer.getByRole('button', { name: 'Close' }).last().click();

    // Exports: each file holds the answer.
    const txt = await downloadText(page, () => page.getByRole('button', { name: 'TXT', exact: true }).click());
    expect(txt.name).toMatch(/^Weber_baptism_\d{4}-\d{2}-\d{2}\.txt$/);
    expect(txt.text).toContain('The baptism register of St Martin records Johann Weber');
    expect(txt.text).not.toContain('## ');
    await page.getByText(/Exported TXT/).waitFor();
    const md = await downloadText(page, () => page.getByRole('button', { name: 'Markdown', exact: true }).click());
    expect(md.text).toContain('## What the record shows');
    expect(md.text).toContain(`id ${docId}`);
    const json = await downloadText(page, () => page.getByRole('button', { name: 'JSON', exact: true }).click());
    const parsed = JSON.parse(json.text);
    expect(parsed).toMatchObject({
      conversation: 'Weber baptism',
      message: { author: 'Gene', content: answer, requestType: 'regular' },
    });
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: 'PDF (print view)' }).click(),
    ]);
    await popup.waitForLoadState();
    expect(await popup.locator('h1').innerText()).toBe('Weber baptism');
    expect(await popup.locator('article').innerText()).toContain(
      'The baptism register of St Martin records Johann Weber',
    );
    await popup.close();
    // The status fades after about 4 seconds.
    await page.getByText(/Print view opened/).waitFor();
    await page.getByText(/Print view opened/).waitFor({ state: 'detached', timeout: 8_000 });
    await context.close();
  });

  it('warns near capacity and blocks at capacity with Start New Conversation', async () => {
    const near = await call<{ id: string }>(stack, user.token, '/api/conversations', {
      body: { title: 'Long research' },
    });
    await call(stack, user.token, `/api/conversations/${near.id}/messages`, {
      body: {
        type: 'assistant',
        content: 'A long answer.',
        tokens: { input: 180_000, output: 4_000, total: 184_000, saved: 0, savingsPercentage: 0 },
        tokenBalance: { remaining: 40_000 },
      },
    });
    const { context, page } = await newPage(browser, stack);
    await signInWithToken(context, user.token);
    await page.goto(`/research?c=${near.id}`);
    await page.getByText(CAPACITY_WARNING).waitFor();
    await page.getByLabel('Message to Gene').waitFor();

    const full = await call<{ id: string }>(stack, user.token, '/api/conversations', {
      body: { title: 'Full research' },
    });
    await call(stack, user.token, `/api/conversations/${full.id}/messages`, {
      body: {
        type: 'assistant',
        content: 'A very long answer.',
        tokens: { input: 188_000, output: 3_000, total: 191_000, saved: 0, savingsPercentage: 0 },
        tokenBalance: { remaining: 30_000 },
      },
    });
    await page.goto(`/research?c=${full.id}`);
    await page.getByText(CAPACITY_MESSAGE).waitFor();
    expect(await page.getByLabel('Message to Gene').count()).toBe(0);
    await screenshot(page, 'research-capacity-1280');
    await page.getByRole('button', { name: 'Start New Conversation' }).click();
    await page.getByRole('heading', { name: 'Welcome to your research session with Gene' }).waitFor();
    await page.getByLabel('Message to Gene').waitFor();

    // Delete asks first; deleting the open conversation clears the view.
    await page.locator('.conv-row__open', { hasText: 'Long research' }).click();
    await page.getByText(CAPACITY_WARNING).waitFor();
    await page.getByRole('button', { name: 'Delete Long research' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete conversation?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await page.locator('.conv-row__open', { hasText: 'Long research' }).waitFor();
    await page.getByRole('button', { name: 'Delete Long research' }).click();
    await screenshot(page, 'research-delete-confirm-1280');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('heading', { name: 'Welcome to your research session with Gene' }).waitFor();
    await page.locator('.conv-row__open', { hasText: 'Long research' }).waitFor({ state: 'detached' });
    await expect(
      fetch(`${stack.url}/api/conversations/${near.id}`, { headers: { authorization: `Bearer ${user.token}` } }).then(
        (r) => r.status,
      ),
    ).resolves.toBe(404);
    await context.close();
  });

  it('plans a book, then writes its first section as a job that keeps streaming after a page reload', async () => {
    const { context, page } = await newPage(browser, stack);
    await signInWithToken(context, user.token);
    await page.goto('/research');
    fake.enqueue({
      text: 'Here is a plan.\n\n1. *The Weber Story*\n2. *Roots in Hesse*\n3. *From Kassel Onward*\n\nType **continue** to write the table of contents and introduction.',
    });
    await page.getByLabel('Message to Gene').fill('Write the book');
    await page.getByLabel('Message to Gene').press('Enter');
    await page.getByText('Type continue to write').waitFor({ timeout: 30_000 });
    await page.locator('.msg--assistant .msg__type', { hasText: 'Book' }).waitFor();
    await page.getByLabel('Message to Gene').waitFor({ state: 'visible' });
    await expect(page.getByLabel('Message to Gene').isEnabled()).resolves.toBe(true);

    const words = Array.from({ length: 220 }, (_, i) => `word${i} `);
    const section = `# Introduction\n\n${words.join('')}The end of the introduction.`;
    fake.enqueue({ text: section, chunkDelayMs: 25 });
    await page.getByLabel('Message to Gene').fill('continue');
    await page.getByLabel('Message to Gene').press('Enter');
    await page.getByText('word5 ', { exact: false }).waitFor({ timeout: 30_000 });
    expect(page.url()).toMatch(/\?c=[0-9a-f]{24}$/);
    // Gene was told which part to write, from the book's plan.
    expect(JSON.stringify(fake.requests.at(-1)!.body.system)).toContain('Table of contents and introduction');
    // The page is reloaded mid-answer: it reopens the conversation and picks the stream up.
    await page.reload();
    await page.getByText('Gene is writing…').waitFor({ timeout: 15_000 });
    await screenshot(page, 'research-book-resumed-1280');
    await page.getByText('The end of the introduction.').waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Stop' }).waitFor({ state: 'detached' });
    const conversationId = new URL(page.url()).searchParams.get('c')!;
    const saved = await call<{ messages: { type: string; content: string; requestType: string }[] }>(
      stack,
      user.token,
      `/api/conversations/${conversationId}`,
    );
    expect(saved.messages.map((m) => [m.type, m.requestType])).toEqual([
      ['user', 'book'],
      ['assistant', 'book'],
      ['user', 'book'],
      ['assistant', 'book'],
    ]);
    expect(saved.messages[3]!.content).toBe(section);
    // The text on screen is the whole section exactly once.
    const shown = await page.locator('.msg--assistant .answer').last().innerText();
    expect(shown.match(/word100\b/g)).toHaveLength(1);
    await context.close();
  });

  it('opens an image reference in the lightbox, with Close', async () => {
    // A small PNG (an 8×8 grey square).
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAAAAADhZOFXAAAAEUlEQVR4nGNgYGBgYGBgAAAABQABh6FO1AAAAABJRU5ErkJggg==',
      'base64',
    );
    const imageId = await uploadFile(stack, user.token, 'portrait.png', png, 'image/png');
    fake.enqueue({ text: `The portrait (id ${imageId}) shows the family in 1890.` });
    const { context, page } = await newPage(browser, stack);
    await signInWithToken(context, user.token);
    await page.goto('/research');
    await page.getByLabel('Message to Gene').fill('Describe the portrait');
    await page.getByLabel('Message to Gene').press('Enter');
    await page.locator(`a[data-doc-id="${imageId}"]`).click();
    const lightbox = page.getByRole('dialog', { name: 'portrait.png' });
    const image = lightbox.getByRole('img', { name: 'portrait.png' });
    await image.waitFor();
    // Visible is not loaded: wait for the bytes (served same-origin under the app's CSP).
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 15_000 })
      .toBe(true);
    // The URL carries the document's scoped view token, never the session token (issue 11, point 3).
    const src = (await image.getAttribute('src')) ?? '';
    expect(src).toMatch(/\?token=v1\./);
    expect(src).not.toContain(encodeURIComponent(user.token));
    await screenshot(page, 'research-lightbox-1280');
    await lightbox.getByRole('button', { name: 'Close' }).last().click();
    await lightbox.waitFor({ state: 'detached' });
    await context.close();
  });

  it('keeps links to record sites and shows any other address as plain text (issue 11, point 8)', async () => {
    fake.enqueue({
      text: 'Search [FamilySearch](https://www.familysearch.org/search) for the baptism, then [sign in here](https://evil.example/login) or visit https://evil.example/steal.',
    });
    const { context, page } = await newPage(browser, stack);
    await signInWithToken(context, user.token);
    await page.goto('/research');
    await page.getByLabel('Message to Gene').fill('Where can I search next?');
    await page.getByLabel('Message to Gene').press('Enter');
    const answer = page.locator('.msg--assistant .answer').last();
    await answer.getByRole('link', { name: 'FamilySearch' }).waitFor();
    await expect(answer.locator('a[href*="evil.example"]').count()).resolves.toBe(0);
    await expect(answer.innerText()).resolves.toContain('sign in here');
    await expect(answer.innerText()).resolves.toContain('https://evil.example/steal');
    await context.close();
  });

  it('fits a 375 px screen without sideways scrolling', async () => {
    const { context, page } = await newPage(browser, stack, 375, 812);
    await signInWithToken(context, user.token);
    await page.goto('/research');
    await page.getByLabel('Message to Gene').waitFor();
    await page.getByRole('button', { name: 'Conversations' }).click();
    await page.locator('.conv-row').first().waitFor();
    await screenshot(page, 'research-sidebar-375');
    await page.locator('.conv-row__open', { hasText: 'Weber baptism' }).click();
    await page.getByText('Civil registration indexes').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'research-answer-375');
    expect(JSON.stringify(await seriousA11yViolations(page))).toBe('[]');
    await context.close();
  });
});
