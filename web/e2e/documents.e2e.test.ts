import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  createVerifiedUser,
  openBrowser,
  screenshot,
  seriousA11yViolations,
  signInWithToken,
  type Stack,
  startStack,
} from './harness';
import { writeDocumentFixtures } from './fixtures/documents';

/**
 * A new user on /documents and /dashboard in Chromium: uploads the six kinds of file, sees each
 * processed with its text and entities, pages through a PDF, deletes a document.
 */
describe('documents screen and dashboard', () => {
  let stack: Stack;
  let browser: Browser;
  let page: Page;
  let files: Awaited<ReturnType<typeof writeDocumentFixtures>>;
  let token: string;

  beforeAll(async () => {
    // The embedded job queue (pg-boss, in this stack's own database): on a shared Redis the
    // default queue prefix would let another stack's workers take this stack's jobs.
    delete process.env.REDIS_URL;
    stack = await startStack();
    browser = await openBrowser();
    files = await writeDocumentFixtures();
    const user = await createVerifiedUser(stack, { name: 'Ada Lovelace' });
    token = user.token;
    // axe is injected as an inline script, which the gateway's CSP (rightly) forbids.
    const context = await browser.newContext({ baseURL: stack.url, viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    await signInWithToken(context, token);
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('shows the dashboard empty state with its calls to action', async () => {
    await page.goto('/dashboard');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Welcome, Ada Lovelace' }).count(), { timeout: 20_000 })
      .toBe(1);
    await page.getByText('You have not uploaded any documents yet.').waitFor();
    for (const name of [
      'Upload Documents',
      'Photo Gallery',
      'Research Resources',
      'Start Research Session',
      'Upload Your First Document',
      'View the Tutorial',
    ]) {
      expect(await page.getByRole('link', { name }).count(), name).toBe(1);
    }
    for (const name of ['Research Guidance', 'Document Analysis', 'Family Connections'])
      expect(await page.getByRole('heading', { name }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Start Research Session' }).getAttribute('href')).toBe('/research');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'dashboard-empty-1280');
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, 'dashboard-empty-375');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('asks for a file before uploading', async () => {
    await page.goto('/documents');
    await page.getByRole('heading', { name: /Your Documents/ }).waitFor();
    await page.getByText('No documents yet').waitFor();
    await page.getByRole('button', { name: 'Upload Document' }).click();
    await page.getByText('Please select a file to upload').waitFor();
    await screenshot(page, 'documents-empty-1280');
  });

  it('shows the documents service’s own message for a disguised 215 KB PDF, at 1280 and 375 px (issue 14)', async () => {
    // Text named .pdf: the service refuses it after its first 64 KB, while the rest still arrives
    // through the gateway. The form must show the service's 400 message, not "unavailable".
    const message =
      "Error: The file's content (TXT) does not match its .pdf extension. Rename it or convert it. Unsupported file type. Accepted types: pdf, jpg, jpeg, png, doc, docx, txt.";
    const disguised = {
      name: 'census-1880.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.alloc(215 * 1024, 'Only words here, no PDF at all. '),
    };
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width === 375 ? 800 : 900 });
      await page.goto('/documents');
      await page.getByRole('heading', { name: /Your Documents/ }).waitFor();
      const answer = page.waitForResponse(
        (r) => r.url().endsWith('/api/documents/upload') && r.request().method() === 'POST',
      );
      await page.locator('input[type="file"]').setInputFiles(disguised);
      await page.getByRole('button', { name: 'Upload Document' }).click();
      expect((await answer).status()).toBe(400);
      await page.getByText(message, { exact: true }).waitFor({ timeout: 30_000 });
      expect(await page.getByText(/service is unavailable/).count()).toBe(0);
      await screenshot(page, `documents-disguised-pdf-${width}`);
      if (width === 375)
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    // Nothing was stored.
    await page.goto('/documents');
    await page.getByText('No documents yet').waitFor();
  }, 120_000);

  const uploadAndWait = async (file: string) => {
    await page.locator('input[type="file"]').setInputFiles(file);
    await page.getByRole('button', { name: 'Upload Document' }).click();
    await page.getByText('Document uploaded and processed successfully!').waitFor({ timeout: 120_000 });
  };

  it('uploads a scanned page (PNG) with a local preview and shows what was read', async () => {
    await page.locator('input[type="file"]').setInputFiles(files.png);
    const preview = page.getByRole('img', { name: /Preview of turner-obituary-scan.png/ });
    await preview.waitFor();
    await screenshot(page, 'documents-preview-1280');
    await page.getByRole('button', { name: 'Upload Document' }).click();
    // Progress through upload and processing is shown while it runs.
    await page
      .getByText(/Processing turner-obituary-scan.png|Uploading \d+%/)
      .first()
      .waitFor();
    await page.getByText('Document uploaded and processed successfully!').waitFor({ timeout: 120_000 });
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'turner-obituary-scan.png' }) });
    await card.getByText('Completed').waitFor();
    await card.getByText('Mary Ellen Turner').waitFor();
    await card.getByText('4 May 1911').waitFor();
    await card.getByText(/Roanoke/).waitFor();
    const thumb = card.locator('.doc-card__thumb img');
    // 150 px on the longer side (an A4 page is taller than wide).
    await expect
      .poll(() =>
        thumb.evaluate((img: HTMLImageElement) => (img.complete ? Math.max(img.naturalWidth, img.naturalHeight) : 0)),
      )
      .toBe(150);
  }, 180_000);

  it('processes a PDF with a text layer, a scanned PDF, a DOCX, a DOC and a TXT', async () => {
    for (const f of [files.pdf, files.scannedPdf, files.docx, files.doc, files.txt]) await uploadAndWait(f);
    await page.getByText('(6)').waitFor();
    const expectations: [string, string][] = [
      ['wilson-family-records.pdf', 'James Robert Wilson'],
      ['whitfield-letters-scanned.pdf', '12 October 1862'],
      ['whitfield-letter.docx', 'Charles Whitfield'],
      ['brooks-marriage.doc', 'Sarah Ann Miller'],
      ['smith-census-1880.txt', 'John Smith'],
    ];
    for (const [name, fact] of expectations) {
      const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
      await card.getByText('Completed').waitFor();
      expect(await card.getByText(fact).count(), `${name} shows ${fact}`).toBeGreaterThan(0);
    }
    // Each person's part in the record, in plain words beside the name (issue 15).
    const census = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'smith-census-1880.txt' }) });
    expect(await census.locator('.chip', { hasText: 'Mary Smith' }).textContent()).toBe('Mary Smith (wife)');
    expect(await census.locator('.chip', { hasText: 'John Smith' }).textContent()).toBe(
      'John Smith (head of household)',
    );
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'documents-filled-1280');
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, 'documents-filled-375');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.setViewportSize({ width: 1280, height: 900 });
  }, 300_000);

  it('pages through a PDF in the viewer and closes it with Escape', async () => {
    const view = page.getByRole('button', { name: 'View wilson-family-records.pdf' });
    await view.click();
    const dialog = page.getByRole('dialog', { name: 'Viewing wilson-family-records.pdf' });
    await dialog.getByText('Page 1 of 3').waitFor();
    const img = dialog.getByRole('img', { name: 'wilson-family-records.pdf, page 1' });
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByText('Page 2 of 3').waitFor();
    await dialog.getByRole('img', { name: 'wilson-family-records.pdf, page 2' }).waitFor();
    await screenshot(page, 'documents-viewer-1280');
    await dialog.getByRole('button', { name: 'Previous' }).click();
    await dialog.getByText('Page 1 of 3').waitFor();
    const violations = await seriousA11yViolations(page);
    expect(violations, JSON.stringify(violations)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => view.evaluate((el) => el === document.activeElement)).toBe(true);
    // The image itself opens full size and closes with its Close button.
    await page.getByRole('button', { name: 'View turner-obituary-scan.png' }).click();
    const imageDialog = page.getByRole('dialog', { name: 'Viewing turner-obituary-scan.png' });
    await imageDialog.getByRole('img', { name: 'turner-obituary-scan.png' }).waitFor();
    await imageDialog.getByRole('button', { name: 'Close' }).click();
    await imageDialog.waitFor({ state: 'detached' });
  });

  it('deletes a document after confirmation', async () => {
    await page.getByRole('button', { name: 'Delete smith-census-1880.txt' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete document?' });
    await confirm.waitFor();
    await screenshot(page, 'documents-delete-confirm-1280');
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('Document deleted successfully!').waitFor();
    await page.getByText('(5)').waitFor();
    expect(await page.getByRole('heading', { name: 'smith-census-1880.txt' }).count()).toBe(0);
  });

  it('lists the five most recent documents on the dashboard', async () => {
    await page.goto('/dashboard');
    const items = page.locator('.recent-list__item');
    await expect.poll(() => items.count()).toBe(5);
    expect(await page.getByRole('link', { name: 'View All Documents' }).getAttribute('href')).toBe('/documents');
    expect(await items.first().textContent()).toContain('brooks-marriage.doc');
    await screenshot(page, 'dashboard-filled-1280');
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, 'dashboard-filled-375');
    await page.setViewportSize({ width: 1280, height: 900 });
  });
});
