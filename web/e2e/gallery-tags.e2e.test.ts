import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bothWidths, collection, endSession, PORTRAIT, type PhotoSession, photoSession } from './fixtures/photos';
import { expectAccessible } from './harness';

/**
 * Issue 30: a photo's tags on its gallery card. A portrait (one large face) is tagged "portrait"
 * by the service and shows under Portraits; a tag is added with Enter (suggestions offer
 * "portrait" and the user's tags) and removed with its chip's button, and the Portraits filter
 * follows; a failed save says so. Keyboard only, axe-clean, at 1280 and 375 px.
 */
const BEACH = 'beach-1952.jpg';
const WEDDING = 'wedding-day.jpg';
const FILES = [BEACH, WEDDING, PORTRAIT];

describe('photo tags in the gallery', () => {
  let session: PhotoSession;
  let page: Page;

  beforeAll(async () => {
    session = await photoSession((await collection()).filter((f) => FILES.includes(f.name)));
    page = session.page;
  }, 400_000);
  afterAll(() => endSession(session));

  const card = (name: string) =>
    page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });
  const tagsOf = async (name: string) => {
    const list = page.getByRole('list', { name: `Tags of ${name}` });
    return (await list.count()) === 0 ? [] : list.getByRole('listitem').allTextContents();
  };
  const field = (name: string) => page.getByRole('combobox', { name: `Add a tag to ${name}` });
  const names = async () => (await page.locator('.gallery-card__name').allTextContents()).sort();
  const chooseFilter = (name: string) =>
    page
      .locator('.segmented__option')
      .filter({ hasText: new RegExp(`^${name}$`) })
      .click();

  it('shows the "portrait" the service set on a one-large-face photo, and the photo under Portraits', async () => {
    await page.goto('/gallery');
    await page.getByText(`${FILES.length} images`).waitFor();
    expect(await tagsOf(PORTRAIT)).toContain('portrait');
    expect(await tagsOf(BEACH)).not.toContain('portrait');
    await chooseFilter('Portraits');
    await expect.poll(names).toEqual([PORTRAIT]);
    await expectAccessible(page, 'gallery tags');
    await bothWidths(page, 'gallery-tags-auto-portrait');
    await chooseFilter('All');
  });

  it('adds a tag with Enter, offering "portrait" and the user\'s tags, and Portraits shows the photo', async () => {
    // The suggestions: "portrait" first, then the tags the user's photos already have.
    const offered = await page
      .locator(`datalist#${await field(BEACH).getAttribute('list')} option`)
      .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    expect(offered[0]).toBe('portrait');
    expect(offered).toContain('photo');

    await field(BEACH).focus();
    await page.keyboard.type('  portrait ');
    await page.keyboard.press('Enter');
    await expect.poll(() => tagsOf(BEACH)).toContain('portrait');
    await expect.poll(() => field(BEACH).inputValue()).toBe('');
    // A tag of the user's own, with Enter again: the field stays for the next one.
    await page.keyboard.type('Family  Reunion');
    await page.keyboard.press('Enter');
    await expect.poll(() => tagsOf(BEACH)).toContain('Family Reunion');
    // The same tag in another case adds nothing.
    await page.keyboard.type('family reunion');
    await page.keyboard.press('Enter');
    await expect.poll(() => field(BEACH).inputValue()).toBe('');
    expect((await tagsOf(BEACH)).filter((t) => t.toLowerCase() === 'family reunion')).toHaveLength(1);

    await chooseFilter('Portraits');
    await expect.poll(names).toEqual([BEACH, PORTRAIT].sort());
    // Saved on the server: still there after a reload, and the new tag is now offered.
    await page.reload();
    await page.getByText(`${FILES.length} images`).waitFor();
    await chooseFilter('Portraits');
    await expect.poll(names).toEqual([BEACH, PORTRAIT].sort());
    expect(await page.locator('datalist option[value="Family Reunion"]').count()).toBe(1);
    await page.getByRole('searchbox', { name: 'Search' }).fill('reunion');
    await expect.poll(names).toEqual([BEACH]);
    await page.getByRole('searchbox', { name: 'Search' }).fill('');
    await expectAccessible(page, 'gallery tags added');
    await bothWidths(page, 'gallery-tags-added');
  });

  it('removes "portrait" with its chip\'s button, by keyboard, and Portraits is empty again', async () => {
    await chooseFilter('All');
    await card(BEACH).getByRole('button', { name: 'Remove tag portrait' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => tagsOf(BEACH)).not.toContain('portrait');
    // The keyboard carries on in the card's tag field.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('placeholder'))).toBe('Add a tag');
    await card(PORTRAIT).getByRole('button', { name: 'Remove tag portrait' }).click();
    await expect.poll(() => tagsOf(PORTRAIT)).not.toContain('portrait');
    await chooseFilter('Portraits');
    await page.getByText('No images found matching your criteria.').waitFor();
    await page.reload();
    await page.getByText(`${FILES.length} images`).waitFor();
    await chooseFilter('Portraits');
    await page.getByText('No images found matching your criteria.').waitFor();
    await bothWidths(page, 'gallery-tags-portraits-empty');
    await chooseFilter('All');
  });

  it('says "Failed to save tags" when the save fails, and keeps what was typed', async () => {
    await page.route('**/api/documents/*', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' })
        : route.continue(),
    );
    try {
      await field(WEDDING).fill('honeymoon');
      await field(WEDDING).press('Enter');
      await card(WEDDING).getByRole('alert').filter({ hasText: 'Failed to save tags' }).waitFor();
      expect(await field(WEDDING).inputValue()).toBe('honeymoon');
      expect(await tagsOf(WEDDING)).not.toContain('honeymoon');
      await expectAccessible(page, 'gallery tags error');
      await bothWidths(page, 'gallery-tags-error');
    } finally {
      await page.unroute('**/api/documents/*');
    }
    // Tried again once the server answers: saved, and the message goes.
    await field(WEDDING).press('Enter');
    await expect.poll(() => tagsOf(WEDDING)).toContain('honeymoon');
    expect(await card(WEDDING).getByRole('alert').count()).toBe(0);
  });
});
