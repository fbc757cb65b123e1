import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillJournal } from '../../services/documents/test/fixtures/journal';
import {
  createVerifiedUser,
  openBrowser,
  screenshot,
  seriousA11yViolations,
  signInWithToken,
  type Stack,
  startStack,
} from './harness';

/**
 * The tutorial's method through the built product: download the GNology Journal through the
 * gateway (public link and signed-in download), fill it in for five ancestors, upload it on
 * /documents, and see its ancestors on the document card.
 */
describe('the GNology Journal, downloaded, filled and uploaded', () => {
  let stack: Stack;
  let browser: Browser;
  let page: Page;
  let token: string;

  beforeAll(async () => {
    delete process.env.REDIS_URL; // the stack's own embedded queue (see documents.e2e.test.ts)
    stack = await startStack();
    browser = await openBrowser();
    token = (await createVerifiedUser(stack, { name: 'Zoë Lindqvist' })).token;
    const context = await browser.newContext({ baseURL: stack.url, viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    await signInWithToken(context, token);
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('serves the journal through the gateway: the public link, and the download only when signed in', async () => {
    const pub = await fetch(`${stack.url}/api/resources/gnology-journal.pdf`);
    expect(pub.status).toBe(200);
    expect(pub.headers.get('content-type')).toBe('application/pdf');
    const publicBytes = Buffer.from(await pub.arrayBuffer());
    expect((await fetch(`${stack.url}/api/journal/pdf/download`)).status).toBe(401);
    const mine = await fetch(`${stack.url}/api/journal/pdf/download`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-disposition')).toBe('attachment; filename="GNology-Journal.pdf"');
    expect(Buffer.from(await mine.arrayBuffer()).equals(publicBytes)).toBe(true);
  });

  it('shows a filled journal’s five ancestors on its document card', async () => {
    const blank = new Uint8Array(await (await fetch(`${stack.url}/api/resources/gnology-journal.pdf`)).arrayBuffer());
    const file = path.join(tmpdir(), `GNology-Journal-filled-${process.pid}.pdf`);
    await writeFile(file, await fillJournal(blank));
    await page.goto('/documents');
    await page.locator('input[type="file"]').setInputFiles(file);
    await page.getByRole('button', { name: 'Upload Document' }).click();
    await page.getByText('Document uploaded and processed successfully!').waitFor({ timeout: 180_000 });
    const panel = page.getByRole('region', { name: 'GNology Journal' });
    await panel.getByText('Journal: 5 ancestors').waitFor();
    expect(await panel.getByRole('listitem').allInnerTexts()).toEqual([
      expect.stringMatching(/^Łukasz Nowak \(1850–1920\)\s*Kraków, Poland → Chicago, Illinois, United States$/),
      expect.stringMatching(/^Nguyễn Thị Lan \(1885–1962\)\s*Huế, Vietnam → San Francisco, California$/),
      expect.stringMatching(/^Søren Kierkegaard Jensen \(b\. 1813\)\s*Copenhagen, Denmark$/),
      expect.stringMatching(/^Zoë Müller \(1860–1931\)/),
      expect.stringMatching(/^François Lefèvre \(b\. 1801\)\s*Rouen, France$/),
    ]);
    await panel.getByText('3 kinds of records searched · 2 research log entries').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'documents-journal-1280');
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, 'documents-journal-375');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.setViewportSize({ width: 1280, height: 900 });
  });
});
