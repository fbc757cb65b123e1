import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { albumFileName } from '@gnology/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bothWidths, collection, endSession, type PhotoSession, photoSession } from './fixtures/photos';
import { expectAccessible, expectNoSidewaysScroll, screenshot } from './harness';

/**
 * /album-creator in Chromium: reached from the gallery with three photos chosen; captions,
 * reordering, excluding, the album's settings, the states without photos, and Cancel.
 */
describe('album creator', () => {
  let session: PhotoSession;
  let page: Page;

  beforeAll(async () => {
    session = await photoSession(
      (await collection()).filter((f) => ['beach-1952.jpg', 'wedding-day.jpg', 'eileen-portrait.jpg'].includes(f.name)),
    );
    page = session.page;
  }, 400_000);
  afterAll(() => endSession(session));

  const captions = () =>
    page.getByRole('textbox', { name: 'Caption' }).evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));

  /** Gallery → select these photos → Create Album. */
  const openCreator = async (names: string[]) => {
    await page.goto('/gallery');
    await page.getByText('3 images').waitFor();
    for (const name of names) await page.getByRole('checkbox', { name: `Select ${name}` }).check();
    await page.getByRole('button', { name: `Create Album (${names.length})` }).click();
    await page.waitForURL('**/album-creator');
    await page.getByText(`(${names.length} of ${names.length} included)`).waitFor();
  };

  it('sends a visit without chosen photos back to the gallery', async () => {
    await page.goto('/album-creator');
    await page.waitForURL('**/gallery');
    await page.getByRole('heading', { name: 'Photo Gallery' }).waitFor();
  });

  it('lists the chosen photos in gallery order with captions from their file names and the album defaults', async () => {
    const order = await (async () => {
      await page.goto('/gallery');
      await page.getByText('3 images').waitFor();
      return page.locator('.gallery-card__name').allTextContents();
    })();
    await openCreator(['eileen-portrait.jpg', 'beach-1952.jpg', 'wedding-day.jpg']);
    expect(await captions()).toEqual(order.map((n) => n.replace(/\.[^.]+$/, '')));
    expect(await page.getByRole('textbox', { name: 'Title' }).inputValue()).toBe('My Family Photo Album');
    expect(await page.getByRole('radio', { name: /Classic/ }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Include people, dates and places' }).isChecked()).toBe(true);
    for (const style of ['Classic', 'Modern', 'Vintage', 'Minimal'])
      expect(await page.getByRole('radio', { name: new RegExp(style) }).count()).toBe(1);
    const thumb = page.locator('.album-photo__thumb img').first();
    await expect.poll(() => thumb.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    await expectAccessible(page, 'album creator');
    await bothWidths(page, 'album-creator');
  });

  it('moves photos up and down by swapping with the neighbour, keeping the keyboard on the moved photo', async () => {
    const before = await captions();
    await page.getByRole('button', { name: `Move ${before[0]} down` }).click();
    await expect.poll(captions).toEqual([before[1], before[0], before[2]]);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      `Move ${before[0]} down`,
    );
    await page.keyboard.press('Enter');
    await expect.poll(captions).toEqual([before[1], before[2], before[0]]);
    // At the bottom its Down button is disabled: the keyboard moves to Up.
    expect(await page.getByRole('button', { name: `Move ${before[0]} down` }).isDisabled()).toBe(true);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe(`Move ${before[0]} up`);
    expect(await page.getByRole('button', { name: `Move ${before[1]} up` }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: `Move ${before[2]} up` }).click();
    await expect.poll(captions).toEqual([before[2], before[1], before[0]]);
  });

  it('edits captions and descriptions, excludes photos, and will not generate an empty album', async () => {
    const first = page.getByRole('textbox', { name: 'Caption' }).first();
    await first.fill('Cousins at the shore');
    await page.getByRole('textbox', { name: 'Description' }).first().fill('Summer, the year the pier was rebuilt.');
    await page.getByRole('button', { name: 'Move Cousins at the shore down' }).waitFor();
    const include = page.getByRole('checkbox', { name: 'Include in album' });
    await include.nth(1).uncheck();
    await page.getByText('(2 of 3 included)').waitFor();
    await bothWidths(page, 'album-creator-one-excluded');
    await include.nth(0).uncheck();
    await include.nth(2).uncheck();
    await page.getByText('(0 of 3 included)').waitFor();
    expect(await page.getByRole('button', { name: 'Generate Album' }).isDisabled()).toBe(true);
    await page.getByText('Please select images for your album').waitFor();
    await expectAccessible(page, 'album creator, nothing included');
    await bothWidths(page, 'album-creator-none-included');
    await include.nth(0).check();
    await include.nth(2).check();
    await page.getByText('(2 of 3 included)').waitFor();
    expect(await page.getByRole('button', { name: 'Generate Album' }).isDisabled()).toBe(false);
  });

  it('chooses a style by keyboard', async () => {
    await page.getByRole('radio', { name: /Classic/ }).focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('radio', { name: /Modern/ }).isChecked()).toBe(true);
    await page.locator('.style-option').filter({ hasText: 'Vintage' }).click();
    expect(await page.getByRole('radio', { name: /Vintage/ }).isChecked()).toBe(true);
  });

  it('says "Failed to generate album. Please try again." when generation fails, and keeps the edits', async () => {
    await page.route('**/api/albums/generate', (route) => route.fulfill({ status: 500, body: '{"error":"down"}' }));
    await page.getByRole('button', { name: 'Generate Album' }).click();
    await page.getByRole('alert').filter({ hasText: 'Failed to generate album. Please try again.' }).waitFor();
    await page.unroute('**/api/albums/generate');
    await page.getByText('(2 of 3 included)').waitFor();
    expect(await captions()).toContain('Cousins at the shore');
    await screenshot(page, 'album-creator-failed-1280');
  });

  it('generates the album in each style with progress, saves it under the title and returns to the gallery', async () => {
    const outDir = path.join(process.cwd(), 'test-results/albums');
    mkdirSync(outDir, { recursive: true });
    const styles = ['Vintage', 'Classic', 'Modern', 'Minimal'];
    for (const [i, style] of styles.entries()) {
      if (i > 0) {
        await openCreator(['eileen-portrait.jpg', 'beach-1952.jpg', 'wedding-day.jpg']);
        await page.getByRole('checkbox', { name: 'Include in album' }).nth(1).uncheck();
        await page.getByRole('button', { name: `Move ${(await captions())[2]} up` }).click();
      }
      await page.locator('.style-option').filter({ hasText: style }).click();
      const title = `Collins Family — ${style} (1962)`;
      await page.getByRole('textbox', { name: 'Title' }).fill(title);
      // The first album's progress is held for a moment to photograph the generating state.
      let release = () => {};
      const held = new Promise<void>((r) => {
        release = r;
      });
      const poll = /\/api\/albums\/[0-9a-f]{24}$/;
      if (i === 0)
        await page.route(poll, async (route) => {
          await held;
          await route.continue();
        });
      const download = page.waitForEvent('download', { timeout: 180_000 });
      await page.getByRole('button', { name: 'Generate Album' }).click();
      await page
        .locator('.album-progress')
        .getByText(/Waiting to start|Placing photo \d of 2|Finishing/)
        .waitFor();
      if (i === 0) {
        expect(await page.getByRole('progressbar', { name: 'Album progress' }).count()).toBe(1);
        await expectAccessible(page, 'album generating');
        await bothWidths(page, 'album-generating');
        // The route stays: with the promise settled it lets every later poll through at once
        // (unrouting would answer the held request behind its back).
        release();
      }
      const file = await download;
      expect(file.suggestedFilename()).toBe(albumFileName(title));
      const saved = path.join(outDir, `${style.toLowerCase()}.pdf`);
      await file.saveAs(saved);
      expect(readFileSync(saved).subarray(0, 5).toString()).toBe('%PDF-');
      await page.getByText('Album generated successfully!').first().waitFor();
      await page.waitForURL('**/gallery', { timeout: 10_000 });
      await page.getByRole('status').filter({ hasText: 'Album generated successfully!' }).waitFor();
    }
    await page.getByRole('heading', { name: 'Your albums' }).waitFor();
    await expect.poll(() => page.locator('.album-history__item').count()).toBe(4);
    // Newest first; downloaded again under its file name.
    expect(await page.locator('.album-history__title').first().textContent()).toBe('Collins Family — Minimal (1962)');
    const again = page.waitForEvent('download');
    await page.getByRole('button', { name: /^Download Collins Family — Minimal \(1962\)/ }).click();
    expect((await again).suggestedFilename()).toBe('Collins_Family___Minimal__1962_.pdf');
    await expectAccessible(page, 'gallery with albums');
    await bothWidths(page, 'gallery-albums');
  }, 600_000);

  for (const width of [1280, 375]) {
    it(`a failed album list says so with Retry, which lists the albums, at ${width} px`, async () => {
      await page.setViewportSize({ width, height: width === 375 ? 800 : 900 });
      let failing = true;
      const albums = /\/api\/albums$/;
      await page.route(albums, (route) =>
        failing ? route.fulfill({ status: 503, json: { error: 'unavailable' } }) : route.fallback(),
      );
      try {
        await page.goto('/gallery');
        const history = page.locator('.album-history');
        await history.getByText('Your earlier albums could not be loaded.').waitFor({ timeout: 20_000 });
        const retry = history.getByRole('button', { name: 'Retry' });
        await expectAccessible(page, `album list error at ${width}`);
        await expectNoSidewaysScroll(page);
        await history.scrollIntoViewIfNeeded();
        await screenshot(page, `gallery-albums-error-${width}`);
        failing = false;
        await retry.click();
        await expect.poll(() => page.locator('.album-history__item').count(), { timeout: 20_000 }).toBe(4);
        expect(await history.getByRole('button', { name: 'Retry' }).count()).toBe(0);
      } finally {
        await page.unroute(albums);
        await page.setViewportSize({ width: 1280, height: 900 });
      }
    });
  }

  it('Cancel returns to the gallery', async () => {
    await openCreator(['beach-1952.jpg']);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL('**/gallery');
  });

  it('says "Failed to load selected photos" when the photos cannot be loaded', async () => {
    await page.getByText('3 images').waitFor();
    await page.getByRole('checkbox', { name: 'Select beach-1952.jpg' }).check();
    await page.getByRole('button', { name: 'Create Album (1)' }).click();
    await page.waitForURL('**/album-creator');
    // A reload keeps the navigation state (the chosen ids) but not the gallery's copy of the list.
    await page.route('**/api/documents/images', (route) => route.fulfill({ status: 500, body: '{"error":"down"}' }));
    await page.reload();
    await page.getByRole('alert').filter({ hasText: 'Failed to load selected photos' }).waitFor({ timeout: 20_000 });
    await expectAccessible(page, 'album creator error');
    await bothWidths(page, 'album-creator-error');
    await page.unroute('**/api/documents/images');
    expect(await page.getByRole('link', { name: 'Back to the gallery' }).getAttribute('href')).toBe('/gallery');
    // Retry asks again (the chosen photos are still in the navigation state) and the creator opens.
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByText('(1 of 1 included)').waitFor({ timeout: 20_000 });
    expect(await page.getByText('Failed to load selected photos').count()).toBe(0);
  });

  it('at 375 px, a failed photo list offers Retry, which opens the creator', async () => {
    await page.setViewportSize({ width: 375, height: 800 });
    try {
      await page.goto('/gallery');
      await page.getByText('3 images').waitFor({ timeout: 20_000 });
      await page.getByRole('checkbox', { name: 'Select beach-1952.jpg' }).check();
      await page.getByRole('button', { name: 'Create Album (1)' }).click();
      await page.waitForURL('**/album-creator');
      await page.getByText('(1 of 1 included)').waitFor({ timeout: 20_000 });
      let failing = true;
      await page.route('**/api/documents/images', (route) =>
        failing ? route.fulfill({ status: 500, json: { error: 'down' } }) : route.fallback(),
      );
      await page.reload();
      const retry = page.getByRole('button', { name: 'Retry' });
      await retry.waitFor({ timeout: 30_000 });
      await expectAccessible(page, 'album creator error at 375');
      await expectNoSidewaysScroll(page);
      failing = false;
      await retry.click();
      await page.getByText('(1 of 1 included)').waitFor({ timeout: 20_000 });
      await page.unroute('**/api/documents/images');
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });
});
