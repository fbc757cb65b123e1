import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collection, endSession, PHOTO_NAMES, type PhotoSession, photoSession } from './fixtures/photos';
import { expectAccessible, expectNoSidewaysScroll, signInWithToken } from './harness';

/**
 * The gallery's full-size viewer (issue 30): an overlay over the whole viewport with Close,
 * Previous/Next, the arrow keys, Escape and swipe, a modal dialog that keeps the keyboard and
 * the page's scroll while it is open; and the people chips on the gallery cards. Checked by
 * geometry (what is where on the screen), not only by the DOM: the viewer used to exist in the
 * DOM below the footer, where nobody saw it.
 */
const PHOTOS = PHOTO_NAMES.slice(0, 4);
const PEOPLE = [
  { name: 'Łukasz Nowak', role: 'spouse' },
  { name: 'Margaret Anne Whitfield', role: 'other_relative' },
  { name: 'Zoë Turner', role: 'child' },
  { name: 'Søren Berg', role: 'parent' },
] as const;
const HEIGHT: Record<number, number> = { 1280: 900, 375: 800 };

describe('gallery viewer and tag chips', () => {
  let session: PhotoSession;
  let page: Page;
  let order: string[] = [];

  beforeAll(async () => {
    // The four drawn scenes: no record scans to OCR, the tests are about the viewer.
    const files = (await collection()).filter((f) => (PHOTOS as readonly string[]).includes(f.name));
    session = await photoSession(files);
    page = session.page;
    // Four people on the beach photo: three chips and "+1 more" on its card.
    const res = await fetch(`${session.stack.url}/api/documents/images`, {
      headers: { authorization: `Bearer ${session.token}` },
    });
    const { images } = (await res.json()) as { images: { _id: string; originalName: string }[] };
    const beach = images.find((i) => i.originalName === 'beach-1952.jpg');
    if (!beach) throw new Error('beach-1952.jpg was not uploaded');
    const put = await fetch(`${session.stack.url}/api/documents/${beach._id}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ peopleIdentified: PEOPLE }),
    });
    expect(put.status, await put.clone().text()).toBe(200);
  }, 400_000);
  afterAll(() => endSession(session));

  const viewer = (name: string, p: Page = page) => p.getByRole('dialog', { name: `Viewing ${name}` });
  const activeLabel = (p: Page = page) => p.evaluate(() => document.activeElement?.getAttribute('aria-label'));

  async function openGallery(width: number, p: Page = page) {
    await p.setViewportSize({ width, height: HEIGHT[width] ?? 800 });
    await p.goto('/gallery');
    await p.getByText(`${PHOTOS.length} images`).waitFor();
    order = await p.locator('.gallery-card__name').allTextContents();
  }

  /**
   * The overlay (the dialog's outermost ancestor under <body>) covers exactly the viewport and
   * is what the user sees: the element at the centre and near each corner belongs to it.
   */
  async function expectOverlayFillsViewport(dialog: Locator) {
    const geometry = await dialog.evaluate((el) => {
      let root: HTMLElement = el as HTMLElement;
      while (root.parentElement && root.parentElement !== document.body) root = root.parentElement;
      const r = root.getBoundingClientRect();
      const w = window.innerWidth;
      const h = window.innerHeight;
      const points = [
        [w / 2, h / 2],
        [2, 2],
        [w - 3, 2],
        [2, h - 3],
        [w - 3, h - 3],
      ];
      return {
        box: { x: r.x, y: r.y, width: r.width, height: r.height },
        viewport: { x: 0, y: 0, width: w, height: h },
        covered: points.map(([x, y]) => {
          const hit = document.elementFromPoint(x, y);
          return { x, y, inOverlay: !!hit && root.contains(hit) };
        }),
        centreInDialog: el.contains(document.elementFromPoint(w / 2, h / 2)),
        position: getComputedStyle(root).position,
      };
    });
    expect(geometry.box).toEqual(geometry.viewport);
    expect(geometry.position).toBe('fixed');
    for (const c of geometry.covered)
      expect(c, `point ${c.x},${c.y} is covered by the page`).toMatchObject({ inOverlay: true });
    expect(geometry.centreInDialog).toBe(true);
  }

  /** The control is wholly inside the viewport and nothing covers its centre: a pointer reaches it where it is. */
  async function expectOnScreen(target: Locator) {
    const where = await target.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
      return {
        inside:
          r.width > 0 && r.height > 0 && r.left >= 0 && r.top >= 0 && r.right <= innerWidth && r.bottom <= innerHeight,
        reachable: !!hit && (el === hit || el.contains(hit)),
        x: r.x + r.width / 2,
        y: r.y + r.height / 2,
      };
    });
    expect(where.inside, 'inside the viewport').toBe(true);
    expect(where.reachable, 'not covered').toBe(true);
    return { x: where.x, y: where.y };
  }

  /** Clicks where the control is on screen, without scrolling to it first (as a person would). */
  async function clickOnScreen(target: Locator) {
    const { x, y } = await expectOnScreen(target);
    await target.page().mouse.click(x, y);
  }

  async function openViewer(name: string, p: Page = page) {
    await p.getByRole('button', { name: `View ${name}` }).click();
    const dialog = viewer(name, p);
    await dialog.waitFor();
    await expectOverlayFillsViewport(dialog);
    return dialog;
  }

  for (const width of [1280, 375]) {
    it(`opens as a modal overlay that fills the viewport, with the photo and its controls on screen, at ${width} px`, async () => {
      await openGallery(width);
      // The page is taller than the screen: there is something for the viewer to keep still.
      expect(await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight)).toBe(true);
      const dialog = await openViewer(order[1]);
      // A modal dialog with a name.
      expect(await dialog.getAttribute('aria-modal')).toBe('true');
      const img = dialog.getByRole('img', { name: order[1] });
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
      await expectOnScreen(img);
      // The photo gets most of the width: at least half of the viewport's.
      const imgBox = await img.boundingBox();
      expect(imgBox?.width ?? 0).toBeGreaterThanOrEqual(width / 2);
      for (const name of ['Close', 'Previous', 'Next'])
        await expectOnScreen(dialog.getByRole('button', { name, exact: true }));
      await expectOnScreen(dialog.getByText(`2 of ${order.length}`));
      await expectNoSidewaysScroll(page);
      // The page underneath does not scroll while the viewer is open.
      const scrolledTo = await page.evaluate(() => window.scrollY);
      await page.mouse.move(width / 2, (HEIGHT[width] ?? 800) / 2);
      // Towards whichever end the page is not at.
      await page.mouse.wheel(0, scrolledTo > 0 ? -400 : 400);
      await page.waitForTimeout(200);
      expect(await page.evaluate(() => window.scrollY)).toBe(scrolledTo);
      expect(
        await page.evaluate(
          () =>
            getComputedStyle(document.documentElement).overflow === 'hidden' ||
            getComputedStyle(document.body).overflow === 'hidden',
        ),
      ).toBe(true);
      await page.screenshot({ path: `/tmp/gallery-viewer-${width}.png` });
      await expectAccessible(page, `viewer open at ${width} px`);
      await clickOnScreen(dialog.getByRole('button', { name: 'Close', exact: true }));
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => activeLabel()).toBe(`View ${order[1]}`);
      // Unlocked again.
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe('hidden');
    });
  }

  it('moves with the Previous and Next buttons, which stop at either end', async () => {
    await openGallery(1280);
    let dialog = await openViewer(order[0]);
    const button = (name: string) => dialog.getByRole('button', { name, exact: true });
    expect(await button('Previous').isDisabled()).toBe(true);
    for (let i = 1; i < order.length; i++) {
      await clickOnScreen(button('Next'));
      dialog = viewer(order[i]);
      await dialog.getByText(`${i + 1} of ${order.length}`).waitFor();
    }
    expect(await button('Next').isDisabled()).toBe(true);
    // Focus stays in the dialog when the pressed button turns disabled at the end.
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await clickOnScreen(button('Previous'));
    dialog = viewer(order[order.length - 2]);
    await dialog.waitFor();
    await expectOverlayFillsViewport(dialog);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('moves with ArrowLeft and ArrowRight, and Escape returns focus to the photo that opened it', async () => {
    await openGallery(1280);
    // Opened from the keyboard.
    await page.getByRole('button', { name: `View ${order[2]}` }).focus();
    await page.keyboard.press('Enter');
    const opened = viewer(order[2]);
    await opened.waitFor();
    await expectOverlayFillsViewport(opened);
    await page.keyboard.press('ArrowRight');
    await viewer(order[3]).waitFor();
    await page.keyboard.press('ArrowLeft');
    await viewer(order[2]).waitFor();
    await page.keyboard.press('ArrowLeft');
    await viewer(order[1]).waitFor();
    await page.keyboard.press('ArrowRight');
    await viewer(order[2]).waitFor();
    await page.keyboard.press('Escape');
    await opened.waitFor({ state: 'detached' });
    await expect.poll(() => activeLabel()).toBe(`View ${order[2]}`);
  });

  it('keeps the keyboard inside the dialog (Tab and Shift+Tab wrap around)', async () => {
    await openGallery(1280);
    const dialog = await openViewer(order[1]);
    for (const key of ['Tab', 'Shift+Tab']) {
      const seen = new Set<string>();
      for (let i = 0; i < 12; i++) {
        await page.keyboard.press(key);
        const inside = await dialog.evaluate((el) => {
          const a = document.activeElement;
          return { inside: !!a && el.contains(a), name: a?.getAttribute('aria-label') ?? a?.textContent ?? '' };
        });
        expect(inside.inside, `${key} #${i + 1} left the dialog for "${inside.name}"`).toBe(true);
        seen.add(inside.name);
      }
      // It went round: the same few controls again, not one stuck control.
      expect(seen.size).toBeGreaterThan(2);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  describe('on a touch screen at 375 px', () => {
    let context: BrowserContext;
    let phone: Page;
    beforeAll(async () => {
      context = await session.browser.newContext({
        baseURL: session.stack.url,
        viewport: { width: 375, height: 800 },
        hasTouch: true,
      });
      await signInWithToken(context, session.token);
      phone = await context.newPage();
    });
    afterAll(() => context?.close());

    /** A one-finger drag through Chromium's touch input (touch events and pointer events, as a phone sends them). */
    async function swipe(from: { x: number; y: number }, to: { x: number; y: number }) {
      const cdp = await context.newCDPSession(phone);
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [from] });
      for (let i = 1; i <= 8; i++)
        await cdp.send('Input.dispatchTouchEvent', {
          type: 'touchMove',
          touchPoints: [{ x: from.x + ((to.x - from.x) * i) / 8, y: from.y + ((to.y - from.y) * i) / 8 }],
        });
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      await cdp.detach();
    }

    it('a horizontal swipe over the photo moves to the next and the previous photo; a vertical one does not', async () => {
      await openGallery(375, phone);
      const first = await openViewer(order[0], phone);
      const img = first.getByRole('img', { name: order[0] });
      const { x, y } = await expectOnScreen(img);
      // Right to left: the next photo.
      await swipe({ x: x + 100, y }, { x: x - 100, y: y + 10 });
      const second = viewer(order[1], phone);
      await second.getByText(`2 of ${order.length}`).waitFor();
      await expectOverlayFillsViewport(second);
      // Up and down: no move.
      await swipe({ x, y: y - 80 }, { x: x + 20, y: y + 80 });
      await phone.waitForTimeout(300);
      expect(await second.count()).toBe(1);
      // Left to right: back to the previous photo.
      await swipe({ x: x - 100, y }, { x: x + 100, y });
      await viewer(order[0], phone).getByText(`1 of ${order.length}`).waitFor();
      await phone.screenshot({ path: '/tmp/gallery-viewer-375-touch.png' });
      await phone.keyboard.press('Escape');
      await viewer(order[0], phone).waitFor({ state: 'detached' });
    });
  });

  for (const width of [1280, 375]) {
    it(`shows the people on a card as chips, one line each, no bullets, wrapping as whole chips, at ${width} px`, async () => {
      await openGallery(width);
      const list = page.getByRole('list', { name: 'People in beach-1952.jpg' });
      await list.waitFor();
      const chips = await list.evaluate((ul) => {
        const card = ul.closest('li') as HTMLElement;
        const cardBox = card.getBoundingClientRect();
        const items = [...ul.children] as HTMLElement[];
        return {
          listStyle: getComputedStyle(ul).listStyleType,
          items: items.map((li) => {
            // The lines the chip's words sit on (the remove button aside).
            const walker = document.createTreeWalker(li, NodeFilter.SHOW_TEXT);
            const tops = new Set<number>();
            for (let n = walker.nextNode(); n; n = walker.nextNode()) {
              if (!n.textContent?.trim() || n.parentElement?.closest('button.chip__remove')) continue;
              const range = document.createRange();
              range.selectNodeContents(n);
              for (const r of range.getClientRects()) if (r.width > 0) tops.add(Math.round(r.top + r.height / 2));
            }
            const r = li.getBoundingClientRect();
            const marker = getComputedStyle(li, '::marker').content;
            return {
              text: li.textContent?.trim() ?? '',
              display: getComputedStyle(li).display,
              marker,
              lines: [...tops].sort((a, b) => a - b),
              box: { left: r.left, right: r.right, top: r.top, bottom: r.bottom },
            };
          }),
          card: { left: cardBox.left, right: cardBox.right },
          listRight: ul.getBoundingClientRect().right,
          gap: Number.parseFloat(getComputedStyle(ul).columnGap) || 0,
        };
      });
      expect(chips.items.map((c) => c.text)).toEqual([
        'Łukasz Nowak (Spouse)',
        'Margaret Anne Whitfield (Other relative)',
        'Zoë Turner (Child)',
        '+1 more',
      ]);
      expect(chips.listStyle).toBe('none');
      for (const chip of chips.items) {
        expect(chip.display, chip.text).not.toBe('list-item');
        // All of a chip's words on one line (a chip wider than the card is cut short, not broken up).
        const spread = chip.lines.length ? chip.lines[chip.lines.length - 1] - chip.lines[0] : 0;
        expect(spread, `${chip.text} is on ${chip.lines.length} lines`).toBeLessThanOrEqual(2);
        expect(chip.box.left).toBeGreaterThanOrEqual(chips.card.left);
        expect(chip.box.right).toBeLessThanOrEqual(chips.card.right);
      }
      // Whole chips flow: none overlaps another, and they share rows when there is room.
      for (let i = 0; i < chips.items.length; i++)
        for (let j = i + 1; j < chips.items.length; j++) {
          const a = chips.items[i].box;
          const b = chips.items[j].box;
          const overlap = a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
          expect(overlap, `${chips.items[i].text} overlaps ${chips.items[j].text}`).toBe(false);
        }
      // A chip starts a new row only when it would not have fitted after the one before it.
      for (let i = 1; i < chips.items.length; i++) {
        const before = chips.items[i - 1].box;
        const chip = chips.items[i].box;
        if (chip.top > before.top)
          expect(
            before.right + chips.gap + (chip.right - chip.left),
            `${chips.items[i].text} wrapped early`,
          ).toBeGreaterThan(chips.listRight);
        else expect(chip.left).toBeGreaterThan(before.right);
      }
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: `/tmp/gallery-chips-${width}.png`, fullPage: true });
      await expectAccessible(page, `gallery chips at ${width} px`);
    });
  }
});
