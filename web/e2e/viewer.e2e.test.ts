import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scannedPagePng, textPdf } from '../../services/documents/test/fixtures/generate';
import { BIRTH, CENSUS, MARRIAGE, OBITUARY } from '../../services/documents/test/fixtures/texts';
import { writeDocumentFixtures } from './fixtures/documents';
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

/**
 * Issue 13, the dashboard and the document viewer: recent documents open the viewer, the viewer
 * opens from its URL (and says "Document not found" for another user's document), a scan zooms
 * and pans on a phone, "+N more" chips expand, a card agrees with the progress panel, and the
 * upload area takes a dragged file.
 */
describe('dashboard and document viewer', () => {
  let stack: Stack;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token: string;
  const ids: Record<string, string> = {};
  let strangersId = '';

  beforeAll(async () => {
    // The embedded job queue, in this stack's own database (as documents.e2e does).
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
      { name: 'wilson-family-records.pdf', type: 'application/pdf', data: await textPdf([BIRTH, CENSUS, MARRIAGE]) },
      // Seven people: six chips and "+1 more".
      { name: 'turner-obituary.txt', type: 'text/plain', data: Buffer.from(OBITUARY) },
    ]);
    const listed = (await (
      await fetch(`${stack.url}/api/documents`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { _id: string; originalName: string }[];
    for (const d of listed) ids[d.originalName] = d._id;
    const bob = await createVerifiedUser(stack, { name: 'Bob Stranger' });
    await uploadAll(stack, bob.token, [
      { name: 'bobs-letter.txt', type: 'text/plain', data: Buffer.from('A letter from Bob.') },
    ]);
    const bobs = (await (
      await fetch(`${stack.url}/api/documents`, { headers: { authorization: `Bearer ${bob.token}` } })
    ).json()) as { _id: string }[];
    strangersId = bobs[0]._id;
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
  const width = (img: Locator) => img.evaluate((el) => el.getBoundingClientRect().width);

  for (const size of [1280, 375]) {
    it(`dashboard at ${size} px: a recent document opens its viewer; Start Research Session goes to Research`, async () => {
      await page.setViewportSize({ width: size, height: size === 375 ? 800 : 900 });
      await page.goto('/dashboard');
      const recent = page.getByRole('link', { name: /wilson-family-records\.pdf/ });
      await recent.waitFor({ timeout: 20_000 });
      expect(await page.getByRole('link', { name: 'Start Research Session' }).getAttribute('href')).toBe('/research');
      await expectAccessible(page, `dashboard ${size}`);
      await expectNoSidewaysScroll(page);
      await screenshot(page, `viewer-dashboard-${size}`);
      await recent.click();
      const dialog = viewer(page, 'wilson-family-records.pdf');
      await dialog.getByText('Page 1 of 3').waitFor({ timeout: 20_000 });
      expect(new URL(page.url()).pathname).toBe('/documents');
      expect(params(page)).toEqual({ view: ids['wilson-family-records.pdf'] });
      await loaded(dialog.getByRole('img', { name: 'wilson-family-records.pdf, page 1' }));
      await screenshot(page, `viewer-from-dashboard-${size}`);

      await page.goto('/dashboard');
      await page.getByRole('link', { name: 'Start Research Session' }).click();
      await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toBe('/research');
      // A new session: no conversation is open yet, the first question starts one.
      expect(params(page)).toEqual({});
      await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 20_000 });
    });
  }

  it('opens the viewer from /documents?view=<id>&page=<n>, follows paging in the URL, and closing removes the params', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/documents?view=${ids['wilson-family-records.pdf']}&page=2`);
    const dialog = viewer(page, 'wilson-family-records.pdf');
    await dialog.getByText('Page 2 of 3').waitFor({ timeout: 20_000 });
    await loaded(dialog.getByRole('img', { name: 'wilson-family-records.pdf, page 2' }));
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByText('Page 3 of 3').waitFor();
    await expect.poll(() => params(page)).toEqual({ view: ids['wilson-family-records.pdf'], page: '3' });
    await expectAccessible(page, 'viewer from URL');
    await screenshot(page, 'viewer-url-page-1280');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(params(page)).toEqual({});
    // The View button still opens it (and puts it in the URL).
    await page.getByRole('button', { name: 'View turner-obituary-scan.png' }).click();
    await viewer(page, 'turner-obituary-scan.png').getByRole('img', { name: 'turner-obituary-scan.png' }).waitFor();
    expect(params(page)).toEqual({ view: ids['turner-obituary-scan.png'] });
    await page.keyboard.press('Escape');
    await viewer(page, 'turner-obituary-scan.png').waitFor({ state: 'detached' });
    expect(params(page)).toEqual({});
  });

  for (const size of [1280, 375]) {
    it(`says "Document not found" at ${size} px for another user's document and for a malformed id`, async () => {
      await page.setViewportSize({ width: size, height: size === 375 ? 800 : 900 });
      for (const id of [strangersId, 'not-a-document']) {
        await page.goto(`/documents?view=${id}`);
        const dialog = page.getByRole('dialog', { name: 'Document not found' });
        await dialog.getByText('This document is not among your documents').waitFor({ timeout: 20_000 });
        // Nothing of Bob's document reaches Ada's screen.
        expect(await dialog.getByText('bobs-letter.txt').count()).toBe(0);
      }
      await expectAccessible(page, `not found ${size}`);
      await screenshot(page, `viewer-not-found-${size}`);
      await page.getByRole('dialog', { name: 'Document not found' }).getByRole('button', { name: 'Close' }).click();
      await expect.poll(() => params(page)).toEqual({});
    });
  }

  it('zooms a scan on a phone: double tap, pinch, pan, the buttons and + / - / 0, and fits to width again', async () => {
    const phone = await browser.newContext({
      baseURL: stack.url,
      viewport: { width: 375, height: 800 },
      hasTouch: true,
      isMobile: true,
      deviceScaleFactor: 2,
    });
    await signInWithToken(phone, token);
    const p = await phone.newPage();
    try {
      await p.goto(`/documents?view=${ids['turner-obituary-scan.png']}`);
      const dialog = viewer(p, 'turner-obituary-scan.png');
      const img = dialog.getByRole('img', { name: 'turner-obituary-scan.png' });
      await loaded(img);
      const stage = dialog.locator('.zoom-stage');
      expect(await stage.evaluate((el) => getComputedStyle(el).touchAction)).toBe('none');
      // Fit to width: the scan uses the phone's whole width, not a 310 x 180 thumbnail.
      await expect.poll(() => width(img), { timeout: 20_000 }).toBeGreaterThanOrEqual(360);
      const fitted = await width(img);
      const stageBox = await stage.boundingBox();
      expect(stageBox?.height).toBeGreaterThan(500);
      await expectAccessible(p, 'viewer phone');
      await screenshot(p, 'viewer-zoom-fit-375');

      // Double tap: two taps under 300 ms and 30 px apart zoom in about the tapped point.
      const cx = (stageBox?.x ?? 0) + (stageBox?.width ?? 0) / 2;
      const cy = (stageBox?.y ?? 0) + 200;
      const under = () =>
        img.evaluate(
          (el, [x, y]) => {
            const r = el.getBoundingClientRect();
            return { fx: (x - r.left) / r.width, fy: (y - r.top) / r.height };
          },
          [cx, cy] as const,
        );
      const before = await under();
      await p.touchscreen.tap(cx, cy);
      await p.touchscreen.tap(cx, cy);
      await expect.poll(() => width(img)).toBeGreaterThan(fitted * 2);
      const after = await under();
      expect(after.fx).toBeCloseTo(before.fx, 1);
      expect(after.fy).toBeCloseTo(before.fy, 1);

      // Pan: one finger drags the zoomed scan.
      const cdp = await phone.newCDPSession(p);
      const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', points: { x: number; y: number }[]) =>
        cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points.map((pt, id) => ({ ...pt, id })) });
      const position = () =>
        img.evaluate((el) => ({ left: el.getBoundingClientRect().left, top: el.getBoundingClientRect().top }));
      const start = await position();
      await touch('touchStart', [{ x: cx, y: cy }]);
      for (let i = 1; i <= 5; i++) await touch('touchMove', [{ x: cx - i * 20, y: cy - i * 10 }]);
      await touch('touchEnd', []);
      await expect.poll(async () => start.left - (await position()).left).toBeGreaterThan(90);
      expect(start.top - (await position()).top).toBeGreaterThan(40);
      // Zoomed in, the text is readable at phone size.
      await screenshot(p, 'viewer-zoom-double-tap-375');

      // Fit to width puts it back.
      await dialog.getByRole('button', { name: 'Fit to width' }).click();
      await expect.poll(() => width(img)).toBeCloseTo(fitted, 0);

      // Pinch: two fingers spreading apart zoom in.
      await touch('touchStart', [
        { x: cx - 30, y: cy },
        { x: cx + 30, y: cy },
      ]);
      for (let i = 1; i <= 6; i++)
        await touch('touchMove', [
          { x: cx - 30 - i * 15, y: cy },
          { x: cx + 30 + i * 15, y: cy },
        ]);
      await touch('touchEnd', []);
      await expect.poll(() => width(img)).toBeGreaterThan(fitted * 1.8);
      await dialog.getByRole('button', { name: 'Fit to width' }).click();
      await expect.poll(() => width(img)).toBeCloseTo(fitted, 0);

      // The + and - buttons.
      await dialog.getByRole('button', { name: 'Zoom in' }).click();
      await expect.poll(() => width(img)).toBeGreaterThan(fitted * 1.2);
      await dialog.getByRole('button', { name: 'Zoom out' }).click();
      await expect.poll(() => width(img)).toBeCloseTo(fitted, 0);

      // The keyboard: + zooms in, - out, 0 fits to width.
      await stage.focus();
      await p.keyboard.press('+');
      await p.keyboard.press('+');
      await expect.poll(() => width(img)).toBeGreaterThan(fitted * 1.5);
      const zoomed = await width(img);
      await p.keyboard.press('-');
      await expect.poll(() => width(img)).toBeLessThan(zoomed);
      await p.keyboard.press('0');
      await expect.poll(() => width(img)).toBeCloseTo(fitted, 0);
      await expectNoSidewaysScroll(p);
    } finally {
      await phone.close();
    }
  });

  it('zooms at 1280 px with the buttons and the keyboard', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/documents?view=${ids['turner-obituary-scan.png']}`);
    const dialog = viewer(page, 'turner-obituary-scan.png');
    const img = dialog.getByRole('img', { name: 'turner-obituary-scan.png' });
    await loaded(img);
    await expect.poll(() => width(img), { timeout: 20_000 }).toBeGreaterThan(900);
    const fitted = await width(img);
    await screenshot(page, 'viewer-zoom-fit-1280');
    await dialog.getByRole('button', { name: 'Zoom in' }).click();
    await expect.poll(() => width(img)).toBeGreaterThan(fitted * 1.2);
    await screenshot(page, 'viewer-zoom-in-1280');
    await page.keyboard.press('0');
    await expect.poll(() => width(img)).toBeCloseTo(fitted, 0);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  for (const size of [1280, 375]) {
    it(`expands "+N more" chips and collapses them again, by keyboard, at ${size} px`, async () => {
      await page.setViewportSize({ width: size, height: size === 375 ? 800 : 900 });
      await page.goto('/documents');
      const card = page
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: 'turner-obituary.txt' }) });
      const more = card.getByRole('button', { name: /^\+\d+ more people$/ });
      await more.waitFor({ timeout: 20_000 });
      const chips = card.locator('.doc-facts__row').filter({ hasText: 'People' }).locator('.chip:not(.chip--more)');
      expect(await chips.count()).toBe(6);
      expect(await more.getAttribute('aria-expanded')).toBe('false');
      const hidden = Number((await more.textContent())?.match(/\+(\d+)/)?.[1]);
      await more.focus();
      await page.keyboard.press('Enter');
      const fewer = card.getByRole('button', { name: 'Show fewer people' });
      await fewer.waitFor();
      expect(await fewer.getAttribute('aria-expanded')).toBe('true');
      expect(await chips.count()).toBe(6 + hidden);
      await card.getByText('Martha Price').waitFor();
      await expectNoSidewaysScroll(page);
      await screenshot(page, `viewer-chips-expanded-${size}`);
      await page.keyboard.press('Space');
      await more.waitFor();
      expect(await chips.count()).toBe(6);
      expect(await more.evaluate((el) => el === document.activeElement)).toBe(true);
    });
  }

  it('a card being processed shows the same step as the progress panel, never "No Preview"', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/documents');
    const files = await writeDocumentFixtures();
    await page.locator('input[type="file"]').setInputFiles(files.scannedPdf);
    await page.getByRole('button', { name: 'Upload Document' }).click();
    const samples: { panel: string; card: string; placeholder: string }[] = [];
    const deadline = Date.now() + 150_000;
    // Sampled in one go, so both are read from the same rendered frame.
    while (Date.now() < deadline) {
      const s = await page.evaluate(() => {
        const panel = document.querySelector('.upload-progress span')?.textContent ?? '';
        const card = [...document.querySelectorAll('.doc-card')].find(
          (c) => c.querySelector('h3')?.textContent === 'whitfield-letters-scanned.pdf',
        );
        return {
          panel,
          card: card?.querySelector('.status')?.textContent ?? '',
          placeholder: card?.querySelector('.doc-card__placeholder')?.textContent ?? '',
        };
      });
      if (s.card === 'Completed') break;
      if (s.panel && s.card) samples.push(s);
      if (samples.length === 3) await screenshot(page, 'viewer-card-processing-1280');
      await page.waitForTimeout(150);
    }
    expect(samples.length, 'the card was seen while processing').toBeGreaterThan(0);
    for (const s of samples) {
      expect(s.panel).toBe(`Processing whitfield-letters-scanned.pdf: ${s.card}`);
      expect(s.card).not.toBe('Pending');
      expect(s.placeholder).not.toContain('No Preview');
    }
    await page.getByText('Document uploaded and processed successfully!').waitFor({ timeout: 150_000 });
  }, 200_000);

  for (const size of [1280, 375]) {
    it(`the upload area highlights a dragged file at ${size} px and uploads the dropped one`, async () => {
      await page.setViewportSize({ width: size, height: size === 375 ? 800 : 900 });
      await page.goto('/documents');
      const area = page.locator('.upload-drop');
      await area.waitFor({ timeout: 20_000 });
      const name = `dropped-census-${size}.txt`;
      const dragged = (fileName: string, text: string, type: string) =>
        page.evaluateHandle(
          ([n, t, ty]) => {
            const dt = new DataTransfer();
            dt.items.add(new File([t], n, { type: ty }));
            return dt;
          },
          [fileName, text, type] as const,
        );
      const active = () => area.evaluate((el) => el.classList.contains('upload-drop--active'));

      // A file that is not supported is refused with a message.
      const exe = await dragged('setup.exe', 'MZ', 'application/octet-stream');
      await area.dispatchEvent('dragenter', { dataTransfer: exe });
      await area.dispatchEvent('drop', { dataTransfer: exe });
      await page.getByText('This type of file is not supported').waitFor();
      expect(await active()).toBe(false);

      const dt = await dragged(name, CENSUS, 'text/plain');
      await area.dispatchEvent('dragenter', { dataTransfer: dt });
      await area.dispatchEvent('dragover', { dataTransfer: dt });
      await expect.poll(active).toBe(true);
      await area.getByText('Drop the file here').waitFor();
      await screenshot(page, `viewer-upload-drag-${size}`);
      await area.dispatchEvent('dragleave', { dataTransfer: dt });
      await expect.poll(active).toBe(false);

      await area.dispatchEvent('dragenter', { dataTransfer: dt });
      await expect.poll(active).toBe(true);
      await area.dispatchEvent('drop', { dataTransfer: dt });
      await expect.poll(active).toBe(false);
      await area.getByText(name).waitFor();
      await page.getByRole('button', { name: 'Upload Document' }).click();
      await page.getByText('Document uploaded and processed successfully!').waitFor({ timeout: 120_000 });
      const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
      await card.getByText('Completed').waitFor();
      await card.getByText('John Smith').first().waitFor();
      await expectAccessible(page, `documents after drop ${size}`);
      await expectNoSidewaysScroll(page);
    }, 180_000);
  }
});
