import pg from 'pg';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scannedPagePng, textPdf } from '../../services/documents/test/fixtures/generate';
import { BIRTH, CENSUS, OBITUARY } from '../../services/documents/test/fixtures/texts';
import { uploadAll } from './fixtures/photos';
import {
  createVerifiedUser,
  expectAccessible,
  expectNoSidewaysScroll,
  openBrowser,
  screenshot,
  signInWithToken,
  type Stack,
  startStack,
} from './harness';

const SCAN = 'turner-obituary-scan.png';
const PDF = 'wilson-records.pdf';

/**
 * Issue 14 in Chromium: the account's "Reading documents" languages (saved, refused, kept), the
 * upload form's "Language of the document" from them, and the viewer's reading strip: a page read
 * with low confidence is flagged, and "Read again" in other languages runs and replaces it.
 */
describe('OCR languages and Read again', () => {
  let stack: Stack;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token: string;
  let scanId = '';
  let pdfId = '';

  const api = async <T>(p: string, init: RequestInit = {}): Promise<T> => {
    const res = await fetch(`${stack.url}${p}`, {
      ...init,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers },
    });
    return (await res.json()) as T;
  };
  /** The stack's database (the harness points DATABASE_URL at it): a page made to read badly. */
  const setConfidence = async (id: string, confidence: number, pageNumber = 1) => {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      await client.query(
        'update documents.document_pages set ocr = true, confidence = $3 where document_id = $1 and page_number = $2',
        [id, pageNumber, confidence],
      );
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    // The embedded job queue, in this stack's own database (as documents.e2e does).
    delete process.env.REDIS_URL;
    stack = await startStack();
    browser = await openBrowser();
    const ada = await createVerifiedUser(stack, { name: 'Ada Lovelace' });
    token = ada.token;
    await uploadAll(stack, token, [
      { name: SCAN, type: 'image/png', data: await scannedPagePng(OBITUARY, { dpi: 150, fontPt: 14 }) },
      { name: PDF, type: 'application/pdf', data: await textPdf([BIRTH, CENSUS]) },
    ]);
    const listed = await api<{ _id: string; originalName: string }[]>('/api/documents');
    scanId = listed.find((d) => d.originalName === SCAN)!._id;
    pdfId = listed.find((d) => d.originalName === PDF)!._id;
    await setConfidence(scanId, 41.6);
    // Page 2 of the PDF as if it had been a poor scan.
    await setConfidence(pdfId, 35, 2);
    context = await browser.newContext({ baseURL: stack.url, viewport: { width: 1280, height: 900 } });
    await signInWithToken(context, token);
    page = await context.newPage();
  }, 400_000);
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  const section = (p: Page) => p.getByRole('region', { name: 'Reading documents' });
  const box = (scope: Locator, name: string) => scope.getByRole('checkbox', { name, exact: true });

  it('account at 1280 px: English until chosen; German added and saved with a confirmation', async () => {
    await page.goto('/account');
    const s = section(page);
    await box(s, 'English').waitFor({ timeout: 20_000 });
    expect(await box(s, 'English').isChecked()).toBe(true);
    // The only language cannot be unchecked; Save waits for a change.
    expect(await box(s, 'English').isDisabled()).toBe(true);
    expect(await s.getByRole('button', { name: 'Save languages' }).isDisabled()).toBe(true);
    await s.getByText('Reading in English.').waitFor();
    await expectAccessible(page, 'account reading documents 1280');
    // By keyboard: Tab to German, Space checks it, then the Save button.
    await box(s, 'German').focus();
    await page.keyboard.press('Space');
    expect(await box(s, 'German').isChecked()).toBe(true);
    await s.getByRole('button', { name: 'Save languages' }).click();
    await s.getByRole('status').filter({ hasText: 'Saved. New uploads will be read in English and German.' }).waitFor();
    await screenshot(page, 'ocr-account-1280');
    expect(await api('/api/documents/settings/ocr')).toEqual({ languages: ['eng', 'deu'] });
  });

  it('account at 400 px: the choice is kept, a fourth language is not offered, a refusal is shown', async () => {
    await page.setViewportSize({ width: 400, height: 850 });
    await page.goto('/account');
    const s = section(page);
    await box(s, 'German').waitFor({ timeout: 20_000 });
    expect(await box(s, 'German').isChecked()).toBe(true);
    await box(s, 'Latin').check();
    // Three chosen: the others are disabled and the hint says why.
    expect(await box(s, 'French').isDisabled()).toBe(true);
    await s.getByText('Up to 3 languages: uncheck one to choose another.').waitFor();
    await expectAccessible(page, 'account reading documents 400');
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'ocr-account-400');

    // The service's refusal reaches the user in its own words.
    await page.route('**/api/documents/settings/ocr', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({
            status: 400,
            contentType: 'application/json',
            body: JSON.stringify({ error: 'Choose at most 3 languages.' }),
          })
        : route.continue(),
    );
    await s.getByRole('button', { name: 'Save languages' }).click();
    await s.getByRole('alert').filter({ hasText: 'Choose at most 3 languages.' }).waitFor();
    await screenshot(page, 'ocr-account-error-400');
    await page.unroute('**/api/documents/settings/ocr');
    await s.getByRole('button', { name: 'Save languages' }).click();
    await s.getByText('Saved. New uploads will be read in English, German and Latin.').waitFor();
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it("upload form: the document's language defaults to the account's and is sent with the file", async () => {
    await page.goto('/documents');
    const trigger = page.getByRole('button', { name: /Language of the document: English, German and Latin/ });
    await trigger.waitFor({ timeout: 20_000 });
    expect(await trigger.getAttribute('aria-expanded')).toBe('false');
    await trigger.press('Enter');
    const picker = page.getByRole('group', { name: 'Language of the document' });
    await box(picker, 'Latin').uncheck();
    await box(picker, 'French').check();
    await page.getByRole('button', { name: /Language of the document: English, German and French/ }).waitFor();
    await expectAccessible(page, 'upload form languages');
    await screenshot(page, 'ocr-upload-form-1280');
    await page.locator('input[type=file]').setInputFiles({
      name: 'lettre.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Lettre de Marie Dupont, Paris, 1889.'),
    });
    await page.getByRole('button', { name: 'Upload Document' }).click();
    await page.getByText('Document uploaded and processed successfully!').waitFor({ timeout: 60_000 });
    const docs = await api<{ originalName: string; ocrLanguages: string[] }[]>('/api/documents');
    expect(docs.find((d) => d.originalName === 'lettre.txt')?.ocrLanguages).toEqual(['eng', 'deu', 'fra']);
  });

  for (const width of [1280, 768, 400]) {
    it(`viewer at ${width} px: a page read with low confidence is flagged, with its languages`, async () => {
      await page.setViewportSize({ width, height: width === 400 ? 850 : 900 });
      await page.goto(`/documents?view=${scanId}`);
      const dialog = page.getByRole('dialog', { name: `Viewing ${SCAN}` });
      const strip = dialog.getByRole('region', { name: 'How this document was read' });
      await strip.getByText('Read in English').waitFor({ timeout: 20_000 });
      await strip
        .getByRole('status')
        .filter({ hasText: 'Read with low confidence (42%) — check the image.' })
        .waitFor();
      await expectAccessible(page, `viewer reading strip ${width}`);
      await expectNoSidewaysScroll(page);
      await screenshot(page, `ocr-viewer-low-${width}`);
    });
  }

  it('viewer: a PDF names the page read with low confidence, on that page and from the others', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/documents?view=${pdfId}`);
    const dialog = page.getByRole('dialog', { name: `Viewing ${PDF}` });
    const strip = dialog.getByRole('region', { name: 'How this document was read' });
    await strip.getByText('Page 2 was read with low confidence — check the image.').waitFor({ timeout: 20_000 });
    await dialog.getByRole('button', { name: 'Next' }).click();
    await strip
      .getByRole('status')
      .filter({ hasText: 'Page 2: read with low confidence (35%) — check the image.' })
      .waitFor();
    await expectAccessible(page, 'viewer PDF page 2 low confidence');
    await screenshot(page, 'ocr-viewer-pdf-page2-1280');
  });

  it('viewer: Read again in German and English, by keyboard, follows the processing and shows the new reading', async () => {
    await page.setViewportSize({ width: 768, height: 900 });
    await page.goto(`/documents?view=${scanId}`);
    const dialog = page.getByRole('dialog', { name: `Viewing ${SCAN}` });
    const strip = dialog.getByRole('region', { name: 'How this document was read' });
    const again = strip.getByRole('button', { name: 'Read again' });
    await again.waitFor({ timeout: 20_000 });
    await again.focus();
    await page.keyboard.press('Enter');
    const form = strip.getByRole('form', { name: 'Read again' });
    await box(form, 'German').focus();
    await page.keyboard.press('Space');
    await expectAccessible(page, 'viewer read again form');
    await screenshot(page, 'ocr-viewer-read-again-768');
    const submit = form.getByRole('button', { name: 'Read again in English and German' });
    await submit.focus();
    await page.keyboard.press('Enter');
    await strip.getByText(/^Reading again: /).waitFor({ timeout: 10_000 });
    await screenshot(page, 'ocr-viewer-reading-768');
    await strip.getByText('Read again in English and German.').waitFor({ timeout: 120_000 });
    await strip.getByText('Read in English and German').waitFor();
    // The new reading replaced the page: nothing is flagged any more.
    expect(await strip.getByText(/low confidence/).count()).toBe(0);
    await dialog.getByRole('img', { name: SCAN }).waitFor();
    await expectAccessible(page, 'viewer after reading again');
    await screenshot(page, 'ocr-viewer-read-again-done-768');
    const doc = await api<{ ocrLanguages: string[]; processingStatus: string; lowConfidencePages: number[] }>(
      `/api/documents/${scanId}`,
    );
    expect(doc).toMatchObject({ ocrLanguages: ['eng', 'deu'], processingStatus: 'completed', lowConfidencePages: [] });
    // Escape still closes the viewer.
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
  });
});
