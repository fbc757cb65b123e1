import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scannedPagePng } from '../../services/documents/test/fixtures/generate';
import { MARRIAGE } from '../../services/documents/test/fixtures/texts';
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
 * Issue 30, four layout faults a paying user trips over, each checked by geometry (where things
 * are on the screen) at 1280 and 375 px, with axe on each page:
 * 1. the tutorial's floating Contents button covered text on a phone;
 * 2. the greeting was cut ("Welcome, Eliza Whitfi…") at 1280 px;
 * 3. the viewer's title broke inside a word ("marriage.pn / g");
 * 4. an empty beige bar sat under the upload form's language picker on Documents.
 */
const NAME = 'Eliza Whitfield-Montgomery';
const SHORT_FILE = 'marriage.png';
const LONG_FILE = 'Whitfield-Montgomery family bible, page 12, marriage of Eliza and Thomas.png';
const WIDTHS = [1280, 375] as const;
const HEIGHT: Record<number, number> = { 1280: 900, 375: 800 };

describe('layout faults (issue 30)', () => {
  let stack: Stack;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    // The embedded job queue, in this stack's own database (as documents.e2e does).
    delete process.env.REDIS_URL;
    stack = await startStack();
    browser = await openBrowser();
    const eliza = await createVerifiedUser(stack, { name: NAME });
    const scan = await scannedPagePng(MARRIAGE, { dpi: 100, fontPt: 14 });
    await uploadAll(stack, eliza.token, [
      { name: SHORT_FILE, type: 'image/png', data: scan },
      { name: LONG_FILE, type: 'image/png', data: scan },
    ]);
    const listed = (await (
      await fetch(`${stack.url}/api/documents`, { headers: { authorization: `Bearer ${eliza.token}` } })
    ).json()) as { _id: string; originalName: string }[];
    for (const d of listed) ids[d.originalName] = d._id;
    context = await browser.newContext({ baseURL: stack.url, viewport: { width: 1280, height: 900 } });
    await signInWithToken(context, eliza.token);
    page = await context.newPage();
  }, 400_000);
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  const atWidth = (width: number) => page.setViewportSize({ width, height: HEIGHT[width] ?? 800 });

  describe('1. the tutorial’s Contents button', () => {
    /**
     * Scrolls the page from top to bottom in steps of a third of the viewport and, at each
     * stop, looks for a line of text (any text node in <main> outside the button) whose box
     * meets the Contents button's box. Returns the overlaps found (none is right).
     */
    async function overlapsWhileScrolling() {
      return page.evaluate(() => {
        const fab = [...document.querySelectorAll('main button')].find((b) => b.textContent?.trim() === 'Contents');
        if (!fab) throw new Error('no Contents button');
        const main = document.querySelector('main');
        if (!main) throw new Error('no main');
        const texts: Text[] = [];
        const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
        for (let n = walker.nextNode(); n; n = walker.nextNode())
          if (n.textContent?.trim() && !fab.contains(n)) texts.push(n as Text);
        const found: { scrollY: number; text: string }[] = [];
        const step = Math.round(window.innerHeight / 3);
        const end = document.documentElement.scrollHeight - window.innerHeight;
        for (let y = 0; ; y = Math.min(end, y + step)) {
          window.scrollTo({ top: y, behavior: 'instant' });
          const b = fab.getBoundingClientRect();
          for (const t of texts) {
            const range = document.createRange();
            range.selectNodeContents(t);
            for (const r of range.getClientRects()) {
              if (r.width === 0 || r.height === 0) continue;
              const meets = r.left < b.right && r.right > b.left && r.top < b.bottom && r.bottom > b.top;
              if (meets)
                found.push({ scrollY: Math.round(window.scrollY), text: t.textContent?.trim().slice(0, 60) ?? '' });
            }
          }
          if (y >= end) break;
        }
        window.scrollTo({ top: 0, behavior: 'instant' });
        return found;
      });
    }

    for (const width of WIDTHS) {
      it(`covers no text anywhere on the page, and still opens the contents, at ${width} px`, async () => {
        await atWidth(width);
        await page.goto('/tutorial');
        const button = page.getByRole('button', { name: 'Contents' });
        await button.waitFor();
        // Every section open (as the page starts) and the page scrolled through top to bottom.
        const overlaps = await overlapsWhileScrolling();
        expect(overlaps, JSON.stringify(overlaps.slice(0, 5), null, 2)).toEqual([]);
        await expectNoSidewaysScroll(page);
        await screenshot(page, `layout-tutorial-${width}`);
        await expectAccessible(page, `tutorial at ${width} px`);
        // It still works: the dialog opens and a section chosen scrolls into view.
        await button.click();
        const dialog = page.getByRole('dialog', { name: 'Tutorial contents' });
        await dialog.waitFor();
        await expectAccessible(page, `tutorial contents at ${width} px`);
        const items = dialog.locator('.toc-list__item');
        const last = items.last();
        const title = ((await last.textContent()) ?? '').replace(/^\d+/, '').trim();
        await last.click();
        await dialog.waitFor({ state: 'detached' });
        const heading = page.getByRole('button', { name: title, exact: true });
        await expect
          .poll(() =>
            heading.evaluate((el) => {
              const r = el.getBoundingClientRect();
              return r.top >= 0 && r.bottom <= window.innerHeight;
            }),
          )
          .toBe(true);
        await screenshot(page, `layout-tutorial-section-${width}`);
      });
    }
  });

  describe('2. the greeting', () => {
    /** The element shows its whole text: nothing clipped sideways or below. */
    const whole = (el: Locator) =>
      el.evaluate((e) => ({
        text: e.textContent,
        clippedSideways: e.scrollWidth > e.clientWidth,
        clippedBelow: e.scrollHeight > e.clientHeight,
      }));

    // 1240 px: the narrowest width at which the nine links still share the greeting's row.
    for (const width of [1280, 1240])
      it(`shows "Welcome, ${NAME}" whole in the top bar at ${width} px, with the nine links on one row`, async () => {
        await page.setViewportSize({ width, height: 900 });
        await page.goto('/dashboard');
        const greeting = page.locator('.topnav__welcome');
        await greeting.waitFor();
        expect(await whole(greeting)).toEqual({
          text: `Welcome, ${NAME}`,
          clippedSideways: false,
          clippedBelow: false,
        });
        // Nothing in the bar runs into anything else: brand, links, greeting and Logout side by side.
        const boxes = await page.evaluate(() =>
          [
            '.topnav__brand',
            ...[...document.querySelectorAll('.topnav__links li')].map(
              (_, i) => `.topnav__links li:nth-child(${i + 1})`,
            ),
            '.topnav__welcome',
            '.topnav__logout',
          ].map((sel) => {
            const r = document.querySelector(sel)?.getBoundingClientRect();
            return { sel, left: r?.left ?? 0, right: r?.right ?? 0, top: r?.top ?? 0, bottom: r?.bottom ?? 0 };
          }),
        );
        for (let i = 0; i < boxes.length; i++)
          for (let j = i + 1; j < boxes.length; j++) {
            const a = boxes[i];
            const b = boxes[j];
            const meet =
              a.left < b.right - 0.5 && a.right > b.left + 0.5 && a.top < b.bottom - 0.5 && a.bottom > b.top + 0.5;
            expect(meet, `${a.sel} overlaps ${b.sel}`).toBe(false);
          }
        // The links on one row, as decision 0066 keeps them from 1240 px.
        const linkTops = new Set(boxes.filter((b) => b.sel.startsWith('.topnav__links')).map((b) => Math.round(b.top)));
        expect(linkTops.size).toBe(1);
        // All of it inside the viewport.
        for (const b of boxes) expect(b.right, b.sel).toBeLessThanOrEqual(width);
        await expectNoSidewaysScroll(page);
        const title = page.getByRole('heading', { level: 1 });
        expect(await title.textContent()).toBe(`Welcome, ${NAME}`);
        expect(await whole(title)).toMatchObject({ clippedSideways: false });
        await screenshot(page, `layout-greeting-${width}`);
        await expectAccessible(page, `dashboard at ${width} px`);
      });

    it('shows the greeting whole in the opened menu at 375 px', async () => {
      await atWidth(375);
      await page.goto('/dashboard');
      await page.getByRole('button', { name: 'Menu' }).click();
      const greeting = page.locator('.topnav__welcome');
      await greeting.waitFor();
      expect(await whole(greeting)).toEqual({ text: `Welcome, ${NAME}`, clippedSideways: false, clippedBelow: false });
      expect(await whole(page.getByRole('heading', { level: 1 }))).toMatchObject({ clippedSideways: false });
      await expectNoSidewaysScroll(page);
      await screenshot(page, 'layout-greeting-375');
      await expectAccessible(page, 'dashboard with the menu open at 375 px');
    });
  });

  describe('3. the viewer’s title', () => {
    /**
     * Where the title's lines break: for each word (split at spaces) the number of line boxes
     * it spans. A word broken inside spans two; only a word wider than the line may do that.
     */
    const wordLines = (title: Locator) =>
      title.evaluate((el) => {
        const text = el.firstChild;
        if (!text || text.nodeType !== Node.TEXT_NODE) throw new Error('the title is not one text node');
        const content = text.textContent ?? '';
        const lineWidth = el.getBoundingClientRect().width;
        const words: { word: string; lines: number; widerThanLine: boolean }[] = [];
        let at = 0;
        for (const word of content.split(' ')) {
          const range = document.createRange();
          range.setStart(text, at);
          range.setEnd(text, at + word.length);
          const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          words.push({ word, lines: tops.size, widerThanLine: range.getBoundingClientRect().width > lineWidth });
          at += word.length + 1;
        }
        return words;
      });

    for (const width of WIDTHS)
      for (const name of [SHORT_FILE, LONG_FILE]) {
        it(`"${name.slice(0, 30)}…" breaks only between words at ${width} px`, async () => {
          await atWidth(width);
          await page.goto(`/documents?view=${ids[name]}`);
          const dialog = page.getByRole('dialog', { name: `Viewing ${name}` });
          await dialog.waitFor();
          const title = dialog.getByRole('heading', { name });
          await title.waitFor();
          // The whole name is there, on the screen.
          expect(await title.textContent()).toBe(name);
          const words = await wordLines(title);
          for (const w of words)
            if (!w.widerThanLine) expect(w, `"${w.word}" is broken inside`).toMatchObject({ lines: 1 });
          if (name === SHORT_FILE) expect(await title.evaluate((el) => el.getClientRects().length)).toBe(1);
          if (name === SHORT_FILE) {
            // One line: the heading is as tall as one line of its text.
            const { height, lineHeight } = await title.evaluate((el) => ({
              height: el.getBoundingClientRect().height,
              lineHeight: Number.parseFloat(getComputedStyle(el).lineHeight),
            }));
            expect(height).toBeLessThan(lineHeight * 1.5);
          }
          // Copy citation and Close stay together on one row, on screen and clear of the title.
          const titleBox = await title.boundingBox();
          const tops = await Promise.all(
            ['Copy citation', 'Close'].map(async (label) =>
              Math.round((await dialog.getByRole('button', { name: label, exact: true }).boundingBox())?.y ?? -1),
            ),
          );
          expect(tops[0]).toBe(tops[1]);
          for (const label of ['Copy citation', 'Close']) {
            const box = await dialog.getByRole('button', { name: label, exact: true }).boundingBox();
            expect(box && titleBox).toBeTruthy();
            if (!box || !titleBox) continue;
            expect(box.x + box.width).toBeLessThanOrEqual(width);
            const meet =
              box.x < titleBox.x + titleBox.width &&
              box.x + box.width > titleBox.x &&
              box.y < titleBox.y + titleBox.height &&
              box.y + box.height > titleBox.y;
            expect(meet, `${label} overlaps the title`).toBe(false);
          }
          await expectNoSidewaysScroll(page);
          await screenshot(page, `layout-viewer-${name === SHORT_FILE ? 'short' : 'long'}-${width}`);
          await expectAccessible(page, `viewer of ${name} at ${width} px`);
          await page.keyboard.press('Escape');
          await dialog.waitFor({ state: 'detached' });
        });
      }
  });

  describe('4. under the language picker on Documents', () => {
    /**
     * Boxes in the upload form that show nothing (no line of text and no control, image or icon
     * drawn inside them) yet have a height and a background or border of their own: an empty
     * bar. What is drawn counts, not what is in the DOM: a collapsed panel keeps its text in the
     * DOM (hidden="until-found") while its box may still be painted.
     */
    const emptyBars = () =>
      page.evaluate(() => {
        const form = document.querySelector('.upload-lang')?.closest('form');
        if (!form) throw new Error('no upload form with the language picker');
        const drawn = (r: DOMRect) => r.width > 0 && r.height > 0;
        // Geometry alone does not say: Chromium lays out a content-visibility:hidden subtree when
        // asked for its boxes. checkVisibility() is false inside one, and under visibility:hidden.
        const visible = (e: Element | null) => !!e?.checkVisibility({ visibilityProperty: true });
        const showsSomething = (el: Element) => {
          const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
          for (let n = walker.nextNode(); n; n = walker.nextNode()) {
            if (!n.textContent?.trim() || !visible(n.parentElement)) continue;
            const range = document.createRange();
            range.selectNodeContents(n);
            if ([...range.getClientRects()].some(drawn)) return true;
          }
          return [...el.querySelectorAll('input, select, textarea, button, img, svg, progress, canvas, video')].some(
            (c) => visible(c) && drawn(c.getBoundingClientRect()),
          );
        };
        const found: { tag: string; className: string; height: number; background: string }[] = [];
        for (const el of form.querySelectorAll<HTMLElement>('*')) {
          if (el.matches('input, select, textarea, button, img, svg, svg *, progress, canvas, video, hr')) continue;
          const r = el.getBoundingClientRect();
          if (!drawn(r)) continue;
          if (!visible(el)) continue;
          const s = getComputedStyle(el);
          const background = s.backgroundColor;
          const transparent = background === 'transparent' || /rgba\(.*,\s*0\)$/.test(background);
          if (transparent && s.backgroundImage === 'none' && s.borderTopWidth === '0px') continue;
          if (showsSomething(el)) continue;
          found.push({ tag: el.tagName, className: String(el.className), height: r.height, background });
        }
        return found;
      });

    for (const width of WIDTHS)
      it(`has no empty bar with a background, closed, opened and closed again, at ${width} px`, async () => {
        await atWidth(width);
        await page.goto('/documents');
        const trigger = page.getByRole('button', { name: /Language of the document/ });
        await trigger.waitFor();
        expect(await emptyBars()).toEqual([]);
        await screenshot(page, `layout-documents-${width}`);
        await expectAccessible(page, `documents at ${width} px`);
        await trigger.click();
        await page.getByRole('group', { name: 'Language of the document', exact: true }).waitFor();
        expect(await emptyBars()).toEqual([]);
        await screenshot(page, `layout-documents-open-${width}`);
        await expectAccessible(page, `documents with the languages open at ${width} px`);
        await trigger.click();
        await page.getByRole('group', { name: 'Language of the document', exact: true }).waitFor({ state: 'hidden' });
        expect(await emptyBars()).toEqual([]);
        await expectNoSidewaysScroll(page);
      });
  });
});
