import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bothWidths, collection, endSession, type PhotoSession, photoSession } from './fixtures/photos';
import { expectAccessible } from './harness';

/**
 * /album-creator in Chromium: reached from the gallery with three photos chosen; captions,
 * reordering, excluding, the album's settings, the states without photos, and Cancel.
 */
describe('album creator', () => {
  let session: PhotoSession;
  let page: Page;

  beforeAll(async () => {
    session = await photoSession((await collection()).filter((f) => ['beach-1952.jpg', 'wedding-day.jpg', 'picnic.png'].includes(f.name)));
    page = session.page;
  }, 400_000);
  afterAll(() => endSession(session));

  const captions = () => page.getByRole('textbox', { name: 'Caption' }).evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));

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
    await openCreator(['picnic.png', 'beach-1952.jpg', 'wedding-day.jpg']);
    expect(await captions()).toEqual(order.map((n) => n.replace(/\.[^.]+$/, '')));
    expect(await page.getByRole('textbox', { name: 'Title' }).inputValue()).toBe('My Family Photo Album');
    expect(await page.getByRole('radio', { name: /Classic/ }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Include people, dates and places' }).isChecked()).toBe(true);
    for (const style of ['Classic', 'Modern', 'Vintage', 'Minimal']) expect(await page.getByRole('radio', { name: new RegExp(style) }).count()).toBe(1);
    const thumb = page.locator('.album-photo__thumb img').first();
    await expect.poll(() => thumb.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    await expectAccessible(page, 'album creator');
    await bothWidths(page, 'album-creator');
  });

  it('moves photos up and down by swapping with the neighbour, keeping the keyboard on the moved photo', async () => {
    const before = await captions();
    await page.getByRole('button', { name: `Move ${before[0]} down` }).click();
    await expect.poll(captions).toEqual([before[1], before[0], before[2]]);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`Move ${before[0]} down`);
    await page.keyboard.press('Enter');
    await expect.poll(captions).toEqual([before[1], before[2], before[0]]);
    // At the bottom its Down button is disabled: the keyboard moves to Up.
    expect(await page.getByRole('button', { name: `Move ${before[0]} down` }).isDisabled()).toBe(true);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`Move ${before[0]} up`);
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
    expect(await page.getByRole('button', { name: 'Generate Album' }).isDisabled()).toBe(false);
  });

  it('chooses a style by keyboard', async () => {
    await page.getByRole('radio', { name: /Classic/ }).focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('radio', { name: /Modern/ }).isChecked()).toBe(true);
    await page.locator('.style-option').filter({ hasText: 'Vintage' }).click();
    expect(await page.getByRole('radio', { name: /Vintage/ }).isChecked()).toBe(true);
  });

  it('Cancel returns to the gallery', async () => {
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL('**/gallery');
  });

  it('says "Failed to load selected photos" when the photos cannot be loaded', async () => {
    await page.getByText('3 images').waitFor();
    await page.getByRole('checkbox', { name: 'Select picnic.png' }).check();
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
  });
});
