import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scannedPagePng, textPdf } from '../../services/documents/test/fixtures/generate';
import { pdfPagePng, pdfText } from '../../services/documents/test/helpers/poppler';
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

const TEXT = 'Margaret Sullivan was baptised at Kilkenny\nHer father Patrick Sullivan was a cooper';
const wordsOf = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9\s]/g, '')
    .split(/\s+/)
    .filter(Boolean);
const shots = path.resolve(import.meta.dirname, '../../test-results/screenshots');

/**
 * Issue 31, point 6: the viewer offers a scan as a searchable PDF; the file downloaded is a PDF
 * whose text (pdftotext) is the scan's words in order. A document without OCR'd words is not
 * offered one; a failure says so and offers Retry.
 */
describe('searchable PDF from the viewer', () => {
  let stack: Stack;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    delete process.env.REDIS_URL;
    stack = await startStack();
    browser = await openBrowser();
    const user = await createVerifiedUser(stack, { name: 'Ada Lovelace' });
    await uploadAll(stack, user.token, [
      { name: 'sullivan-baptism.png', type: 'image/png', data: await scannedPagePng(TEXT, { dpi: 150 }) },
      { name: 'typed-notes.pdf', type: 'application/pdf', data: await textPdf(['Typed notes with a text layer.']) },
    ]);
    const listed = (await (
      await fetch(`${stack.url}/api/documents`, { headers: { authorization: `Bearer ${user.token}` } })
    ).json()) as { _id: string; originalName: string }[];
    for (const d of listed) ids[d.originalName] = d._id;
    context = await browser.newContext({
      baseURL: stack.url,
      viewport: { width: 1280, height: 900 },
      acceptDownloads: true,
    });
    await signInWithToken(context, user.token);
    page = await context.newPage();
  }, 400_000);
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  const viewer = (name: string) => page.getByRole('dialog', { name: `Viewing ${name}` });
  const open = async (name: string) => {
    await page.goto(`/documents?view=${ids[name]}`);
    const dialog = viewer(name);
    await dialog.getByRole('button', { name: 'Copy citation' }).waitFor({ timeout: 20_000 });
    return dialog;
  };

  it("downloads the scan as a PDF whose text is the page's words, in order", async () => {
    const dialog = await open('sullivan-baptism.png');
    const button = dialog.getByRole('button', { name: 'Searchable PDF' });
    await expectAccessible(page, 'viewer with Searchable PDF');
    await screenshot(page, 'searchable-pdf-viewer-1280');
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toBe('sullivan-baptism (searchable).pdf');
    const file = await download.path();
    const pdf = await readFile(file);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(wordsOf(await pdfText(pdf))).toEqual(wordsOf(TEXT));
    await expect
      .poll(() => dialog.getByRole('status').allTextContents())
      .toContain('The searchable PDF was downloaded.');
    // Kept beside the screenshots, with poppler's rendering of its page, to be looked at.
    await mkdir(shots, { recursive: true });
    await copyFile(file, path.join(shots, 'searchable-pdf-download.pdf'));
    await writeFile(path.join(shots, 'searchable-pdf-download-page1.png'), await pdfPagePng(pdf, 1, 60));
  });

  it('fits a phone screen: the button above Copy citation and Close, nothing scrolls sideways', async () => {
    await page.setViewportSize({ width: 375, height: 800 });
    const dialog = await open('sullivan-baptism.png');
    await expect.poll(() => dialog.getByRole('button', { name: 'Searchable PDF' }).isVisible()).toBe(true);
    // Every button of the bar is on screen whole (the dialog clips: a page-level scroll check would not see it).
    for (const name of ['Searchable PDF', 'Copy citation', 'Close']) {
      const box = await dialog.getByRole('button', { name, exact: true }).boundingBox();
      expect(box, name).not.toBeNull();
      expect(box!.x, name).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, name).toBeLessThanOrEqual(375);
    }
    // Copy citation and Close stay side by side (layout-faults.e2e.test.ts asks the same without this button).
    const tops = await Promise.all(
      ['Copy citation', 'Close'].map(async (name) =>
        Math.round((await dialog.getByRole('button', { name, exact: true }).boundingBox())?.y ?? -1),
      ),
    );
    expect(tops[0]).toBe(tops[1]);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, 'viewer with Searchable PDF at 375 px');
    await screenshot(page, 'searchable-pdf-viewer-375');
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('is not offered for a document whose text was not read from a scan', async () => {
    const dialog = await open('typed-notes.pdf');
    expect(await dialog.getByRole('button', { name: 'Searchable PDF' }).count()).toBe(0);
  });

  it('says when the PDF could not be made and downloads it on Retry', async () => {
    let failures = 1;
    await page.route('**/api/documents/*/searchable-pdf', async (route) => {
      if (failures-- > 0) await route.fulfill({ status: 500, json: { error: 'Internal Server Error' } });
      else await route.fallback();
    });
    const dialog = await open('sullivan-baptism.png');
    await dialog.getByRole('button', { name: 'Searchable PDF' }).click();
    await dialog.getByText('The searchable PDF could not be made. Please try again.').waitFor();
    await expectAccessible(page, 'Searchable PDF failed');
    await screenshot(page, 'searchable-pdf-error-1280');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Retry' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('sullivan-baptism (searchable).pdf');
    expect(await dialog.getByRole('button', { name: 'Searchable PDF' }).isEnabled()).toBe(true);
    await page.unroute('**/api/documents/*/searchable-pdf');
  });

  it('explains, without Retry, when the service finds no words to make searchable', async () => {
    await page.route('**/api/documents/*/searchable-pdf', (route) =>
      route.fulfill({ status: 409, json: { error: 'This document has no words read from a scan.' } }),
    );
    const dialog = await open('sullivan-baptism.png');
    await dialog.getByRole('button', { name: 'Searchable PDF' }).click();
    await dialog.getByText('This document has no words read from a scan.').waitFor();
    expect(await dialog.getByRole('button', { name: 'Searchable PDF' }).isDisabled()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    await page.unroute('**/api/documents/*/searchable-pdf');
  });
});
