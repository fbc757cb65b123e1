import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { uploadText } from './research-support';

// Issue 13, "Error states offer Retry": each load that can fail says so in the user's words and
// offers Retry, which asks again and shows the content. The failure is forced with page.route.
let stack: Stack;
let browser: Browser;
let user: Awaited<ReturnType<typeof createVerifiedUser>>;
let documentId: string;

const RECORD = 'harwood-baptism.txt';
const RECORD_TEXT =
  'Baptism register, St Mary, Ashby, 1852. On 3 March 1852 Eliza Harwood, daughter of William Harwood, carpenter, and his wife Ann, was baptised at St Mary, Ashby.';

beforeAll(async () => {
  for (const k of ['ANTHROPIC_API_KEY', 'ANTHROPIC_BASE_URL', 'OPENAI_BASE_URL', 'LLM_PROVIDER']) delete process.env[k];
  stack = await startStack();
  browser = await openBrowser();
  user = await createVerifiedUser(stack, { name: 'Rosa Harwood' });
  documentId = await uploadText(stack, user.token, RECORD, RECORD_TEXT);
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

const WIDTHS = [1280, 375] as const;

/** Answers 503 while `failing()` holds, then lets the request through. */
function failWhile(failing: () => boolean) {
  return (route: Route) =>
    failing() ? route.fulfill({ status: 503, json: { error: 'unavailable' } }) : route.fallback();
}

/** Opens Research with the record selected and asks; resolves when Gene's answer is complete. */
async function askAboutTheRecord(page: Page) {
  await page.goto('/research');
  await page.getByRole('button', { name: /Documents: 0 selected \/ 1 available/ }).click({ timeout: 30_000 });
  await page.getByRole('checkbox', { name: new RegExp(RECORD.replace('.', '\\.')) }).check();
  await page.keyboard.press('Escape');
  await page.getByLabel('Message to Gene').fill('When was Eliza Harwood baptised?');
  await page.getByLabel('Message to Gene').press('Enter');
  const answer = page.locator('.msg--assistant .answer').last();
  await answer.waitFor({ timeout: 30_000 });
  await page.getByText('Gene is writing…').waitFor({ state: 'detached', timeout: 60_000 });
  return answer;
}

describe('Retry on the research page (issue 13)', () => {
  for (const width of WIDTHS) {
    it(`the documents list that fails to load says so beside the picker with Retry, which lists the documents, at ${width} px`, async () => {
      const { context, page } = await newPage(browser, stack, width);
      await signInWithToken(context, user.token);
      let failing = true;
      await page.route(
        /\/api\/documents\/available\/for-analysis$/,
        failWhile(() => failing),
      );
      await page.goto('/research');
      // Said beside the picker (the query tries twice before it gives up), with Retry.
      const message = page.getByRole('main').getByText('Your documents could not be loaded', { exact: false });
      await message.waitFor({ timeout: 30_000 });
      const retry = page.getByRole('main').getByRole('button', { name: 'Retry' });
      await expectAccessible(page, `research documents list error at ${width}`);
      await expectNoSidewaysScroll(page);
      await screenshot(page, `research-documents-error-${width}`);
      // The picker says it too, not "No documents yet".
      await page.getByRole('button', { name: /Documents: 0 selected \/ 0 available/ }).click();
      const picker = page.getByRole('dialog', { name: 'Select documents for Gene to analyse' });
      await picker.getByText('Your documents could not be loaded', { exact: false }).waitFor();
      expect(await picker.getByText('No documents yet', { exact: false }).count()).toBe(0);
      await page.keyboard.press('Escape');
      await picker.waitFor({ state: 'detached' });
      failing = false;
      await retry.click();
      await page.getByRole('button', { name: /Documents: 0 selected \/ 1 available/ }).waitFor({ timeout: 20_000 });
      expect(await message.count()).toBe(0);
      await page.getByRole('button', { name: /Documents: 0 selected \/ 1 available/ }).click();
      await picker.getByRole('checkbox', { name: new RegExp(RECORD.replace('.', '\\.')) }).waitFor({ timeout: 20_000 });
      expect(await retry.count()).toBe(0);
      await context.close();
    });

    it(`a document that fails to open in the viewer offers Retry, which shows it, at ${width} px`, async () => {
      const { context, page } = await newPage(browser, stack, width);
      await signInWithToken(context, user.token);
      const answer = await askAboutTheRecord(page);
      const citation = answer.locator(`a[href^="/documents?view=${documentId}"]`).first();
      await citation.waitFor({ timeout: 20_000 });
      let failing = true;
      await page.route(
        new RegExp(`/api/documents/${documentId}$`),
        failWhile(() => failing),
      );
      await citation.click();
      // Until the document arrives the dialog has no file name to show.
      const viewer = page.getByRole('dialog').filter({ has: page.locator('.viewer') });
      await viewer.getByText('Could not open the document.', { exact: false }).waitFor({ timeout: 20_000 });
      await expectAccessible(page, `research viewer error at ${width}`);
      await screenshot(page, `research-viewer-error-${width}`);
      failing = false;
      await viewer.getByRole('button', { name: 'Retry' }).click();
      await viewer
        .getByText('Eliza Harwood, daughter of William Harwood', { exact: false })
        .waitFor({ timeout: 20_000 });
      expect(await viewer.getByRole('button', { name: 'Retry' }).count()).toBe(0);
      await screenshot(page, `research-viewer-retried-${width}`);
      await context.close();
    });
  }
});

describe('Retry on the Resources page (issue 13)', () => {
  for (const width of WIDTHS) {
    it(`a journal download that fails says so with Retry, which downloads it, at ${width} px`, async () => {
      const { context, page } = await newPage(browser, stack, width);
      await signInWithToken(context, user.token);
      let failing = true;
      await page.route(
        /\/api\/journal\/pdf\/download$/,
        failWhile(() => failing),
      );
      await page.goto('/resources');
      await page.getByRole('button', { name: 'Download the GNology Journal' }).click({ timeout: 30_000 });
      await page.getByText('Error downloading journal. Please try again.').waitFor({ timeout: 20_000 });
      await expectAccessible(page, `journal download error at ${width}`);
      await expectNoSidewaysScroll(page);
      await page.getByText('Error downloading journal. Please try again.').scrollIntoViewIfNeeded();
      await screenshot(page, `resources-journal-error-${width}`);
      failing = false;
      const download = page.waitForEvent('download', { timeout: 30_000 });
      await page.getByRole('button', { name: 'Retry' }).click();
      expect((await download).suggestedFilename()).toBe('GNology-Journal.pdf');
      await expect
        .poll(() => page.getByText('Error downloading journal. Please try again.').count(), { timeout: 20_000 })
        .toBe(0);
      await context.close();
    });
  }
});
