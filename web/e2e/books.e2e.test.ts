import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHART_FAMILY_GED } from '../../shared/genealogy/test/fixtures/gedcom-chart-family';
import {
  createVerifiedUser,
  expectAccessible,
  expectNoSidewaysScroll,
  newPage,
  openBrowser,
  type Stack,
  screenshot,
  signInWithToken,
  startStack,
} from './harness';
import { call, uploadText } from './research-support';
import { importTree } from './tree-support';

/**
 * Issue 33, the family history book, as a user meets it in Chromium with no model configured:
 * "Write a book" on a person's page opens the New book dialog with that person chosen; the book
 * compiles with its progress shown; a chapter is edited (the unsaved-changes question, Ctrl+S);
 * the book compiles again and downloads as PDF, DOCX, EPUB and Markdown. A conversation's
 * "Write the book" reply becomes a book with "Make this a book". The list, another user's book,
 * and the layouts at 768 and 400 px, axe clean.
 */
let stack: Stack;
let browser: Browser;
let token: string;
let ids = new Map<string, string>();

const RECORD = [
  'Parish register of St Martin, Kassel.',
  'Johann Weber, son of Heinrich Weber, miller, was born in Kassel on 1 May 1850 and baptised on 3 May 1850.',
  'Johann Weber married Anna Schmidt in Kassel in 1874.',
].join('\n');

const EDITED = 'Rose Whitfield kept every letter her grandmother wrote; this chapter is told from them.';

beforeAll(async () => {
  // Gene's offline engine, and the embedded job queue in this stack's own database (as the visual tests do).
  for (const k of ['ANTHROPIC_API_KEY', 'ANTHROPIC_BASE_URL', 'OPENAI_BASE_URL', 'LLM_PROVIDER', 'REDIS_URL'])
    delete process.env[k];
  process.env.GENERATION_FLUSH_MS = '200';
  stack = await startStack();
  browser = await openBrowser();
  token = (await createVerifiedUser(stack, { name: 'Rose Books' })).token;
  ids = await importTree(stack, token, CHART_FAMILY_GED);
  await uploadText(stack, token, 'st-martin-register.txt', RECORD);
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

const bookIdOf = (page: Page) => new URL(page.url()).pathname.split('/').pop()!;
const compileStatus = (page: Page) => page.locator('.compile-panel [role="status"]');

type Compile = { status: string; compiledAt: string | null };
const compileOf = async (id: string) => (await call<{ compile: Compile }>(stack, token, `/api/books/${id}`)).compile;

/**
 * Starts a compile from the page and waits until this compile is done: the service has a newer
 * compiledAt than before the click (the panel still shows the previous "Compiled …" for a moment)
 * and the panel says so. A failure fails at once, with its words.
 */
async function compile(page: Page, label: RegExp, id: string) {
  const before = (await compileOf(id)).compiledAt;
  await page.getByRole('button', { name: label }).click();
  const alert = page.locator('.compile-panel [role="alert"]');
  await expect
    .poll(
      async () => {
        if ((await alert.count()) > 0) return `failed: ${await alert.first().textContent()}`;
        const now = await compileOf(id);
        if (now.status !== 'done' || now.compiledAt === before) return `service: ${now.status}`;
        return (await compileStatus(page).first().textContent()) ?? '';
      },
      { timeout: 120_000, interval: 500 },
    )
    .toMatch(/^Compiled /);
}

/** Downloads one format: the export answers 200 with its type, and the file is what it says. */
async function download(page: Page, label: string, format: string) {
  const [response, file] = await Promise.all([
    page.waitForResponse((r) => r.url().includes(`/export?format=${format}`)),
    page.waitForEvent('download'),
    page.getByRole('button', { name: `Download ${label}` }).click(),
  ]);
  expect(response.status()).toBe(200);
  const bytes = readFileSync((await file.path())!);
  expect(bytes.length).toBeGreaterThan(format === 'md' ? 200 : 1000);
  return { type: response.headers()['content-type'] ?? '', bytes, name: file.suggestedFilename() };
}

describe('the family history book on the web', () => {
  it('starts a book from a person, compiles it, edits a chapter, compiles again and downloads every format (1280 px)', async () => {
    const { context, page } = await newPage(browser, stack, 1280, 900);
    await signInWithToken(context, token);
    await page.goto(`/people/${ids.get('Rose Whitfield')}`);
    await page.getByRole('link', { name: 'Write a book' }).click();
    const dialog = page.getByRole('dialog', { name: 'New book' });
    await dialog.waitFor();
    // The person the dialog was opened from is chosen, and names the book until the user writes a title.
    await expect.poll(() => dialog.getByLabel('Start from').inputValue()).toBe(ids.get('Rose Whitfield'));
    // (once the people index has arrived: until then the person is kept chosen without a name)
    await expect.poll(() => dialog.getByLabel('Title').inputValue()).toBe('The family of Rose Whitfield');
    expect(await dialog.getByLabel('Title').evaluate((el) => el === document.activeElement)).toBe(true);
    await dialog.getByLabel('Generations').selectOption('3');
    await expectAccessible(page, 'new book dialog');
    await screenshot(page, 'books-new-dialog-1280');
    await dialog.getByRole('button', { name: 'Start the book' }).click();
    await page.waitForURL(/\/books\/[0-9a-f]{24}$/);
    await page.getByRole('heading', { level: 1, name: 'The family of Rose Whitfield' }).waitFor({ timeout: 20_000 });
    const id = bookIdOf(page);
    await page.locator('.book-header__facts').getByRole('link', { name: 'Rose Whitfield' }).waitFor();
    expect(await page.locator('.book-header__facts').textContent()).toBe('3 generations · starts from Rose Whitfield');
    // Nothing to download before a compile.
    for (const label of ['PDF', 'Word (DOCX)', 'EPUB', 'Markdown'])
      expect(await page.getByRole('button', { name: `Download ${label}` }).isDisabled()).toBe(true);
    await expectAccessible(page, 'new book, not compiled');
    await screenshot(page, 'books-book-new-1280');

    // The first compile: progress while it runs, then the register's chapters.
    await compile(page, /Compile the book/, id);
    const outline = page.getByRole('navigation', { name: 'Chapters' });
    await outline.getByRole('link').first().waitFor({ timeout: 20_000 });
    const chapterCount = await outline.getByRole('link').count();
    expect(chapterCount).toBeGreaterThan(1);
    expect(await page.getByRole('button', { name: 'Download PDF' }).isDisabled()).toBe(false);

    // Edit the first chapter: a move to another chapter asks first; Keep editing stays.
    const box = page.getByLabel('Text of the chapter');
    const original = await box.inputValue();
    expect(original.length).toBeGreaterThan(20);
    await box.fill(`${EDITED}\n\n${original}`);
    await page.getByText('Unsaved changes').waitFor();
    await outline.getByRole('link').nth(1).click();
    const ask = page.getByRole('dialog', { name: 'Discard your changes?' });
    await ask.waitFor();
    await expectAccessible(page, 'unsaved changes question');
    await ask.getByRole('button', { name: 'Keep editing' }).click();
    await ask.waitFor({ state: 'detached' });
    expect(await box.inputValue()).toContain(EDITED);
    // Ctrl+S from the box saves; the chapter is marked as the author's.
    await box.press('Control+s');
    await page.locator('.chapter-editor__state').filter({ hasText: 'Saved' }).waitFor({ timeout: 20_000 });
    await outline.getByRole('link').first().getByText('Edited by you').waitFor();
    await expectAccessible(page, 'chapter saved');
    await screenshot(page, 'books-book-edited-1280');
    await page.reload();
    await expect.poll(() => page.getByLabel('Text of the chapter').inputValue(), { timeout: 20_000 }).toContain(EDITED);

    // A discarded draft is gone; the other chapter opens.
    await page.getByLabel('Text of the chapter').fill('A draft to drop');
    await outline.getByRole('link').nth(1).click();
    await page
      .getByRole('dialog', { name: 'Discard your changes?' })
      .getByRole('button', { name: 'Discard changes' })
      .click();
    await page.waitForURL(/chapter=/);
    await expect.poll(() => page.getByLabel('Text of the chapter').inputValue()).not.toContain('A draft to drop');
    await outline.getByRole('link').first().click();
    await expect.poll(() => page.getByLabel('Text of the chapter').inputValue()).toContain(EDITED);

    // Compile again, and download each format.
    await compile(page, /Compile again/, id);
    const pdf = await download(page, 'PDF', 'pdf');
    expect(pdf.type).toContain('application/pdf');
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.name).toBe('The family of Rose Whitfield.pdf');
    const docx = await download(page, 'Word (DOCX)', 'docx');
    expect(docx.type).toContain('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(docx.bytes.subarray(0, 2).toString()).toBe('PK');
    const epub = await download(page, 'EPUB', 'epub');
    expect(epub.type).toContain('application/epub+zip');
    // The EPUB's first entry is its uncompressed mimetype (OCF).
    expect(epub.bytes.subarray(30, 58).toString()).toBe('mimetypeapplication/epub+zip');
    const md = await download(page, 'Markdown', 'md');
    expect(md.type).toMatch(/^text\/markdown/);
    expect(md.bytes.toString('utf8')).toContain(EDITED);
    expect(md.name).toBe('The family of Rose Whitfield.md');

    // The list shows it, with its chapters and compile.
    await page.getByRole('link', { name: 'All books' }).click();
    const row = page
      .getByRole('list', { name: 'Your books' })
      .getByRole('listitem')
      .filter({ hasText: 'Rose Whitfield' });
    await row.waitFor({ timeout: 20_000 });
    await row.getByText(/^\d+ of \d+ chapters written$/).waitFor();
    await row.getByText(/^Compiled /).waitFor();
    await expectAccessible(page, 'books list');
    await screenshot(page, 'books-list-1280');

    // Another user's book is not found.
    const other = await createVerifiedUser(stack, { name: 'Other Reader' });
    const { context: c2, page: p2 } = await newPage(browser, stack, 1280, 900);
    await signInWithToken(c2, other.token);
    await p2.goto(`/books/${id}`);
    await p2.getByRole('heading', { level: 1, name: 'Book not found' }).waitFor({ timeout: 20_000 });
    // Their own list is empty, with the way to start one.
    await p2.goto('/books');
    await p2.getByText('No books yet.', { exact: false }).waitFor({ timeout: 20_000 });
    await p2.getByRole('button', { name: 'New book' }).click();
    await p2.getByRole('dialog', { name: 'New book' }).waitFor();
    await p2.keyboard.press('Escape');
    await p2.getByRole('dialog', { name: 'New book' }).waitFor({ state: 'detached' });
    await expectAccessible(p2, 'books list, empty');
    await screenshot(p2, 'books-list-empty-1280');
    await c2.close();
    await context.close();
  });

  it('makes a book of a conversation’s "Write the book" reply', async () => {
    const { context, page } = await newPage(browser, stack, 1280, 900);
    await signInWithToken(context, token);
    await page.goto('/research');
    await page.getByRole('button', { name: /Documents: 0 selected/ }).click();
    await page.getByRole('checkbox', { name: /st-martin-register\.txt/ }).check();
    await page.keyboard.press('Escape');
    await page.getByLabel('Message to Gene').fill('Write the book');
    await page.getByLabel('Message to Gene').press('Enter');
    await page.getByRole('heading', { name: 'Title options' }).waitFor({ timeout: 30_000 });
    const make = page.getByRole('button', { name: 'Make this a book' });
    await make.waitFor({ timeout: 30_000 });
    await expectAccessible(page, 'Write the book reply');
    await screenshot(page, 'books-from-conversation-1280');
    await make.click();
    await page.waitForURL(/\/books\/[0-9a-f]{24}$/, { timeout: 20_000 });
    // Named by the plan's first title, its outline adopted (one chapter per part of the plan).
    await page.getByRole('heading', { level: 1, name: /^The Weber Story/ }).waitFor({ timeout: 20_000 });
    const outline = page.getByRole('navigation', { name: 'Chapters' });
    await outline.getByRole('link', { name: /Table of contents and introduction/ }).waitFor();
    expect(await outline.getByRole('link').count()).toBe(6);
    await page.getByRole('link', { name: 'a research conversation' }).waitFor();
    await expectAccessible(page, 'book from a conversation');
    await screenshot(page, 'books-book-from-conversation-1280');
    await context.close();
  });

  for (const width of [768, 400]) {
    it(`holds its layout at ${width} px`, async () => {
      const { context, page } = await newPage(browser, stack, width, 900);
      await signInWithToken(context, token);
      await page.goto('/books');
      const first = page.getByRole('list', { name: 'Your books' }).getByRole('link').first();
      await first.waitFor({ timeout: 20_000 });
      await expectNoSidewaysScroll(page);
      await expectAccessible(page, `books list at ${width}`);
      await screenshot(page, `books-list-${width}`);
      await page.getByRole('button', { name: 'New book' }).click();
      await page.getByRole('dialog', { name: 'New book' }).waitFor();
      await expectAccessible(page, `new book dialog at ${width}`);
      await screenshot(page, `books-new-dialog-${width}`);
      await page.keyboard.press('Escape');
      await page.goto('/books');
      await page
        .getByRole('list', { name: 'Your books' })
        .getByRole('link', { name: 'The family of Rose Whitfield' })
        .click();
      await page.getByRole('navigation', { name: 'Chapters' }).getByRole('link').first().waitFor({ timeout: 20_000 });
      await expectNoSidewaysScroll(page);
      await expectAccessible(page, `book at ${width}`);
      await screenshot(page, `books-book-${width}`);
      await context.close();
    });
  }
});
