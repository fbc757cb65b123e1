import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scannedPagePng, scannedPdf, textPdf } from '../../services/documents/test/fixtures/generate';
import { BIRTH, MARRIAGE, OBITUARY } from '../../services/documents/test/fixtures/texts';
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

type Box = { x: number; y: number; width: number; height: number };
const inside = (inner: Box, outer: Box, slack = 1) =>
  inner.x >= outer.x - slack &&
  inner.y >= outer.y - slack &&
  inner.x + inner.width <= outer.x + outer.width + slack &&
  inner.y + inner.height <= outer.y + outer.height + slack;

/**
 * Issue 14, word positions: a scan opened with `?q=` marks the words over the image (the first
 * match zoomed to and in view), the OCR'd text can be selected and copied over the image, the
 * document's people find themselves on the page, and a page with no word positions says so.
 */
describe('word positions in the viewer', () => {
  let stack: Stack;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    delete process.env.REDIS_URL;
    stack = await startStack();
    browser = await openBrowser();
    const ada = await createVerifiedUser(stack, { name: 'Ada Lovelace' });
    token = ada.token;
    await uploadAll(stack, token, [
      {
        name: 'turner-obituary-scan.png',
        type: 'image/png',
        data: await scannedPagePng(OBITUARY, { dpi: 150, fontPt: 14 }),
      },
      { name: 'wilson-birth.pdf', type: 'application/pdf', data: await textPdf([BIRTH]) },
      { name: 'scanned-records.pdf', type: 'application/pdf', data: await scannedPdf([BIRTH, MARRIAGE]) },
    ]);
    const listed = (await (
      await fetch(`${stack.url}/api/documents`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { _id: string; originalName: string }[];
    for (const d of listed) ids[d.originalName] = d._id;
    context = await browser.newContext({ baseURL: stack.url, viewport: { width: 1280, height: 900 } });
    await signInWithToken(context, token);
    page = await context.newPage();
  }, 400_000);
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  const viewer = (p: Page, name: string) => p.getByRole('dialog', { name: `Viewing ${name}` });
  const params = (p: Page) => Object.fromEntries(new URL(p.url()).searchParams);
  const loaded = (img: Locator) =>
    expect
      .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0), { timeout: 20_000 })
      .toBe(true);
  const box = async (l: Locator) => (await l.boundingBox()) as Box;

  for (const [width, height] of [
    [1280, 900],
    [768, 1000],
    [400, 800],
  ] as const) {
    it(`highlights ?q= over the scan at ${width} px, the first match zoomed to and in view`, async () => {
      await page.setViewportSize({ width, height });
      await page.goto(`/documents?view=${ids['turner-obituary-scan.png']}&q=${encodeURIComponent('Samuel Turner')}`);
      const dialog = viewer(page, 'turner-obituary-scan.png');
      const img = dialog.getByRole('img', { name: 'turner-obituary-scan.png' });
      await loaded(img);
      await dialog
        .getByRole('status')
        .filter({ hasText: '“Samuel Turner”: 1 match on this page, highlighted.' })
        .waitFor({ timeout: 20_000 });
      const marks = dialog.locator('.page-text__mark');
      expect(await marks.count()).toBe(1);
      // The highlight frames the two words, which are <mark>s of the text layer.
      expect(await dialog.locator('mark.page-text__word').allTextContents()).toEqual(['Samuel', 'Turner,']);
      // It is drawn: a visible amber box, over the image, inside the visible stage (zoomed to and centred).
      const mark = await box(marks.first());
      const stage = await box(dialog.getByRole('region', { name: /Document page/ }));
      expect(inside(mark, await box(img))).toBe(true);
      expect(inside(mark, stage)).toBe(true);
      expect(mark.height).toBeGreaterThanOrEqual(20);
      const colour = await marks.first().evaluate((el) => getComputedStyle(el).backgroundColor);
      expect(colour).not.toBe('rgba(0, 0, 0, 0)');
      await expectAccessible(page, `highlight ${width}`);
      await expectNoSidewaysScroll(page);
      await screenshot(page, `page-words-highlight-${width}`);
    });
  }

  it('moves the highlight with the zoom, picks a person from the list, clears the highlight', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/documents?view=${ids['turner-obituary-scan.png']}&q=Roanoke`);
    const dialog = viewer(page, 'turner-obituary-scan.png');
    const img = dialog.getByRole('img', { name: 'turner-obituary-scan.png' });
    await loaded(img);
    const marks = dialog.locator('.page-text__mark');
    await marks.first().waitFor({ timeout: 20_000 });
    // The mark sits at the same fraction of the image before and after a zoom.
    const where = async () => {
      const [m, i] = [await box(marks.first()), await box(img)];
      return { x: (m.x - i.x) / i.width, y: (m.y - i.y) / i.height, scale: i.width };
    };
    const before = await where();
    await dialog.getByRole('button', { name: 'Zoom in' }).click();
    await expect.poll(async () => (await where()).scale).toBeGreaterThan(before.scale * 1.1);
    const after = await where();
    expect(after.x).toBeCloseTo(before.x, 2);
    expect(after.y).toBeCloseTo(before.y, 2);

    // The document's people: one press finds a person on the page (and keeps it in the URL).
    const people = dialog.getByRole('list', { name: 'Find a person on this page' });
    const mary = people.getByRole('button', { name: 'Mary Ellen Turner' });
    await mary.click();
    await expect.poll(() => mary.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => params(page).q).toBe('Mary Ellen Turner');
    await dialog.getByRole('status').filter({ hasText: '“Mary Ellen Turner”: 1 match on this page' }).waitFor();
    expect(await dialog.locator('mark.page-text__word').allTextContents()).toEqual(['Mary', 'Ellen', 'Turner,']);
    await expectAccessible(page, 'person picked');
    await screenshot(page, 'page-words-person-1280');
    // A name that is not on the page says so; Clear highlight takes it away.
    await page.goto(`/documents?view=${ids['turner-obituary-scan.png']}&q=Zebulon`);
    await dialog.getByRole('status').filter({ hasText: '“Zebulon” is not on this page.' }).waitFor({ timeout: 20_000 });
    expect(await marks.count()).toBe(0);
    await dialog.getByRole('button', { name: 'Clear highlight' }).click();
    await expect.poll(() => params(page)).toEqual({ view: ids['turner-obituary-scan.png'] });
    // Closing forgets the highlight with the rest.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(params(page)).toEqual({});
  });

  it('selects and copies the page text over the image with the mouse, while a drag beside the words still pans', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/documents?view=${ids['turner-obituary-scan.png']}`);
    const dialog = viewer(page, 'turner-obituary-scan.png');
    const img = dialog.getByRole('img', { name: 'turner-obituary-scan.png' });
    await loaded(img);
    const words = dialog.locator('.page-text__word');
    await expect.poll(() => words.count(), { timeout: 20_000 }).toBeGreaterThan(40);
    const from = await box(words.filter({ hasText: /^widow$/ }).first());
    const before = await box(img);
    const to = await box(words.filter({ hasText: /^Samuel$/ }).first());
    await page.mouse.move(from.x + 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 8 });
    await page.mouse.up();
    const selected = await page.evaluate(() => window.getSelection()?.toString() ?? '');
    // Words apart as on the page, from "widow" to the middle of "Samuel".
    expect(selected.replace(/\s+/g, ' ').trim()).toMatch(/^widow of the late Sam/);
    await screenshot(page, 'page-words-selection-1280');
    // The text is transparent: the scan is what is seen.
    expect(await words.first().evaluate((el) => getComputedStyle(el).color)).toBe('rgba(0, 0, 0, 0)');
    // The selection did not drag the image; a drag in the margin beside the words still pans it.
    const top = (await box(img)).y;
    expect(top).toBe(before.y);
    const margin = {
      x: (await box(img)).x + 8,
      y: (await box(dialog.getByRole('region', { name: /Document page/ }))).y + 300,
    };
    await page.mouse.move(margin.x, margin.y);
    await page.mouse.down();
    await page.mouse.move(margin.x, margin.y - 120, { steps: 6 });
    await page.mouse.up();
    await expect.poll(async () => (await box(img)).y).toBeLessThan(top - 60);
  });

  it('highlights on a scanned PDF page, and keeps the words to find while paging', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/documents?view=${ids['scanned-records.pdf']}&page=2&q=${encodeURIComponent('Sarah Ann Miller')}`);
    const dialog = viewer(page, 'scanned-records.pdf');
    await loaded(dialog.getByRole('img', { name: 'scanned-records.pdf, page 2' }));
    await dialog
      .getByRole('status')
      .filter({ hasText: '“Sarah Ann Miller”: 1 match on this page, highlighted.' })
      .waitFor({ timeout: 20_000 });
    expect(await dialog.locator('mark.page-text__word').allTextContents()).toEqual(['Sarah', 'Ann', 'Miller']);
    await dialog.getByRole('button', { name: 'Previous' }).click();
    await loaded(dialog.getByRole('img', { name: 'scanned-records.pdf, page 1' }));
    await dialog
      .getByRole('status')
      .filter({ hasText: '“Sarah Ann Miller” is not on this page. Try the other pages.' })
      .waitFor({ timeout: 20_000 });
    expect(params(page)).toEqual({ view: ids['scanned-records.pdf'], q: 'Sarah Ann Miller' });
    expect(await dialog.locator('.page-text__mark').count()).toBe(0);
    await expectAccessible(page, 'scanned pdf page 1');
    await screenshot(page, 'page-words-pdf-1280');
  });

  it('says "no word positions" for a page read from a PDF text layer, and draws nothing', async () => {
    await page.setViewportSize({ width: 400, height: 800 });
    await page.goto(`/documents?view=${ids['wilson-birth.pdf']}&q=${encodeURIComponent('James Robert Wilson')}`);
    const dialog = viewer(page, 'wilson-birth.pdf');
    await loaded(dialog.getByRole('img', { name: 'wilson-birth.pdf, page 1' }));
    await dialog
      .getByRole('status')
      .filter({ hasText: 'No word positions for this page, so “James Robert Wilson” cannot be shown on the image.' })
      .waitFor({ timeout: 20_000 });
    expect(await dialog.locator('.page-text__mark').count()).toBe(0);
    expect(await dialog.locator('.page-text__word').count()).toBe(0);
    await expectAccessible(page, 'no word positions 400');
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'page-words-none-400');
  });
});
