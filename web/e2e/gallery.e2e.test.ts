import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bothWidths,
  collection,
  endSession,
  GROUP,
  PHOTO_NAMES,
  PORTRAIT,
  type PhotoSession,
  photoSession,
  SCAN_NAMES,
  secondPortrait,
  uploadAll,
} from './fixtures/photos';
import { expectAccessible, screenshot } from './harness';

/**
 * /gallery in Chromium for a user with six photos and two record scans: search, filters, tagging
 * people, the viewer by keyboard, selection and the hand-over to the album creator, the empty and
 * error states, at 1280 and 375 px.
 */
describe('photo gallery', () => {
  let session: PhotoSession;
  let page: Page;

  beforeAll(async () => {
    session = await photoSession(await collection());
    page = session.page;
  }, 400_000);
  afterAll(() => endSession(session));

  const cards = () => page.locator('.gallery-card');
  const card = (name: string) =>
    page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });
  const names = async () => (await page.locator('.gallery-card__name').allTextContents()).sort();
  const search = () => page.getByRole('searchbox', { name: 'Search' });
  const filter = (name: string) => page.getByRole('radio', { name });
  // The radio's label is what a pointer presses (react-aria keeps the input visually hidden).
  const chooseFilter = (name: string) =>
    page
      .locator('.segmented__option')
      .filter({ hasText: new RegExp(`^${name}$`) })
      .click();

  it('shows every image with its thumbnail, lazily loaded', async () => {
    await page.goto('/gallery');
    await page.getByRole('heading', { name: 'Photo Gallery' }).waitFor();
    await page.getByText('8 images').waitFor();
    expect(await names()).toEqual([...PHOTO_NAMES, ...SCAN_NAMES].sort());
    const img = card('beach-1952.jpg').locator('img');
    expect(await img.getAttribute('loading')).toBe('lazy');
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    await expectAccessible(page, 'gallery filled');
    await bothWidths(page, 'gallery-filled');
  });

  it('tags a person: one form at a time, name required, Enter submits, and the tag is kept', async () => {
    await card('beach-1952.jpg').getByRole('button', { name: 'Tag person in beach-1952.jpg' }).click();
    const beachForm = page.getByRole('form', { name: 'Tag a person in beach-1952.jpg' });
    await beachForm.waitFor();
    // Opening another card's form closes the first.
    await card('wedding-day.jpg').getByRole('button', { name: 'Tag person in wedding-day.jpg' }).click();
    const weddingForm = page.getByRole('form', { name: 'Tag a person in wedding-day.jpg' });
    await weddingForm.waitFor();
    expect(await page.locator('.tag-form').count()).toBe(1);
    // Cancel closes it and gives the keyboard back to "Tag person".
    await weddingForm.getByRole('button', { name: 'Cancel' }).click();
    await weddingForm.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Tag person in wedding-day.jpg',
    );

    await card('beach-1952.jpg').getByRole('button', { name: 'Tag person in beach-1952.jpg' }).click();
    // A blank (spaces only) name is not saved.
    await beachForm.getByRole('textbox', { name: 'Name' }).fill('   ');
    await beachForm.getByRole('button', { name: 'Add' }).click();
    await beachForm.getByText("Enter the person's name").waitFor();
    await expectAccessible(page, 'tag form open');
    await bothWidths(page, 'gallery-tag-form');
    await beachForm.getByRole('textbox', { name: 'Name' }).fill('  Łukasz Nowak ');
    await beachForm.getByRole('combobox', { name: 'Role' }).selectOption({ label: 'Spouse' });
    expect(await beachForm.getByRole('combobox', { name: 'Role' }).locator('option').allTextContents()).toEqual([
      'Primary subject',
      'Spouse',
      'Child',
      'Parent',
      'Sibling',
      'Other relative',
    ]);
    await beachForm.getByRole('textbox', { name: 'Name' }).press('Enter');
    await beachForm.waitFor({ state: 'detached' });
    await card('beach-1952.jpg').getByText('Łukasz Nowak').waitFor();
    await card('beach-1952.jpg').getByText('(Spouse)').waitFor();

    // A second person with the Add button.
    await card('wedding-day.jpg').getByRole('button', { name: 'Tag person in wedding-day.jpg' }).click();
    await weddingForm.getByRole('textbox', { name: 'Name' }).fill('Zoë Turner');
    await weddingForm.getByRole('button', { name: 'Add' }).click();
    await card('wedding-day.jpg').getByText('Zoë Turner').waitFor();

    // Saved on the server: still there after a reload.
    await page.reload();
    await card('beach-1952.jpg').getByText('Łukasz Nowak').waitFor();
    await bothWidths(page, 'gallery-tagged');
  });

  it('searches file names, tagged people and tags, ignoring case', async () => {
    await search().fill('BEACH');
    await expect.poll(names).toEqual(['beach-1952.jpg']);
    await search().fill('łukasz');
    await expect.poll(names).toEqual(['beach-1952.jpg']);
    await search().fill('zoë');
    await expect.poll(names).toEqual(['wedding-day.jpg']);
    // "census" is a tag the service gave the census scan (its name also says so); "obituary" likewise.
    await search().fill('census');
    await expect.poll(names).toEqual(['census-1880-scan.png']);
    await page.getByText('1 of 8 images').waitFor();
    await bothWidths(page, 'gallery-search');
    await search().fill('');
    await expect.poll(() => cards().count()).toBe(8);
  });

  it('filters untagged photos and documents, and shows the empty state when nothing matches', async () => {
    await chooseFilter('Untagged');
    await expect
      .poll(names)
      .toEqual(PHOTO_NAMES.filter((n) => n !== 'beach-1952.jpg' && n !== 'wedding-day.jpg').sort());
    await expectAccessible(page, 'untagged filter');
    await bothWidths(page, 'gallery-untagged');
    await chooseFilter('Documents');
    await expect.poll(names).toEqual([...SCAN_NAMES].sort());
    // Arrow keys move within the filter group (a radio group).
    await page.keyboard.press('ArrowLeft');
    expect(await filter('Portraits').isChecked()).toBe(true);
    // The portrait tag is the service's: one face as the photo's main subject.
    await expect.poll(names).toEqual([PORTRAIT]);
    await bothWidths(page, 'gallery-portraits');
    await search().fill('nobody by this name');
    await page.getByText('No images found matching your criteria.').waitFor();
    const upload = page.locator('.empty-state').getByRole('link', { name: 'Upload Photos' });
    expect(await upload.getAttribute('href')).toBe('/documents');
    await expectAccessible(page, 'gallery empty');
    await bothWidths(page, 'gallery-empty');
    await search().fill('');
    await chooseFilter('All');
    await expect.poll(() => cards().count()).toBe(8);
  });

  it('removes a tag with its remove button', async () => {
    await card('wedding-day.jpg').getByRole('button', { name: 'Remove Zoë Turner from wedding-day.jpg' }).click();
    await expect.poll(() => card('wedding-day.jpg').getByText('Zoë Turner').count()).toBe(0);
    await page.reload();
    await card('wedding-day.jpg').getByRole('heading').waitFor();
    expect(await card('wedding-day.jpg').getByText('Zoë Turner').count()).toBe(0);
    expect(await card('beach-1952.jpg').getByText('Łukasz Nowak').count()).toBe(1);
  });

  it('says "Failed to save person tag" in the form when the save fails', async () => {
    await page.route('**/api/documents/*', (route) =>
      route.request().method() === 'PUT' ? route.fulfill({ status: 500, body: '{"error":"boom"}' }) : route.continue(),
    );
    await card('picnic.png').getByRole('button', { name: 'Tag person in picnic.png' }).click();
    const form = page.getByRole('form', { name: 'Tag a person in picnic.png' });
    await form.getByRole('textbox', { name: 'Name' }).fill('Søren Berg');
    await form.getByRole('button', { name: 'Add' }).click();
    await form.getByRole('alert').filter({ hasText: 'Failed to save person tag' }).waitFor();
    await screenshot(page, 'gallery-tag-failed-1280');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await page.unroute('**/api/documents/*');
    expect(await card('picnic.png').getByText('Søren Berg').count()).toBe(0);
  });

  it('opens the viewer, moves with the arrow keys, closes with Escape and returns focus to the card', async () => {
    const order = await page.locator('.gallery-card__name').allTextContents();
    await page.getByRole('button', { name: `View ${order[0]}` }).click();
    const viewer = (name: string) => page.getByRole('dialog', { name: `Viewing ${name}` });
    await viewer(order[0]).waitFor();
    const img = viewer(order[0]).getByRole('img', { name: order[0] });
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    await viewer(order[0]).getByText(`1 of ${order.length}`).waitFor();
    await expectAccessible(page, 'viewer');
    await bothWidths(page, 'gallery-viewer');
    await page.keyboard.press('ArrowRight');
    await viewer(order[1]).waitFor();
    await page.keyboard.press('ArrowRight');
    await viewer(order[2]).waitFor();
    await page.keyboard.press('ArrowLeft');
    await viewer(order[1]).waitFor();
    // At the first photo, Left stays there.
    await page.keyboard.press('ArrowLeft');
    await viewer(order[0]).waitFor();
    await page.keyboard.press('ArrowLeft');
    await viewer(order[0]).waitFor();
    await page.keyboard.press('ArrowRight');
    await viewer(order[1]).waitFor();
    await page.keyboard.press('Escape');
    await viewer(order[1]).waitFor({ state: 'detached' });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe(`View ${order[1]}`);
  });

  it('selects all and none, refuses an empty album, and hands the chosen photos to the album creator', async () => {
    const boxes = page.getByRole('checkbox', { name: /^Select / });
    await page.getByRole('button', { name: 'Select all', exact: true }).click();
    await expect
      .poll(() => boxes.evaluateAll((els) => els.filter((e) => (e as HTMLInputElement).checked).length))
      .toBe(8);
    await page.getByText('8 selected', { exact: false }).waitFor();
    await bothWidths(page, 'gallery-all-selected');
    await page.getByRole('button', { name: 'Deselect all' }).click();
    await expect
      .poll(() => boxes.evaluateAll((els) => els.filter((e) => (e as HTMLInputElement).checked).length))
      .toBe(0);
    await page.getByRole('button', { name: /^Create Album/ }).click();
    await page.getByRole('alert').filter({ hasText: 'Please select images for your album' }).waitFor();
    // Select all within a filter selects what is shown.
    await chooseFilter('Documents');
    await page.getByRole('button', { name: 'Select all', exact: true }).click();
    await page.getByText('2 selected', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Deselect all' }).click();
    await chooseFilter('All');
    for (const name of ['picnic.png', 'beach-1952.jpg', 'garden-party.jpg'])
      await page.getByRole('checkbox', { name: `Select ${name}` }).check();
    await page.getByRole('button', { name: 'Create Album (3)' }).click();
    await page.waitForURL('**/album-creator');
    await page.getByRole('heading', { name: 'Album Creator' }).waitFor();
    await page.getByText('(3 of 3 included)').waitFor();
    const state = await page.evaluate(
      () => (window.history.state as { usr?: { selectedImages?: string[] } }).usr?.selectedImages,
    );
    expect(state).toHaveLength(3);
  });

  it('says "Failed to load photo gallery" with a Retry that works', async () => {
    await page.route('**/api/documents/images', (route) => route.fulfill({ status: 500, body: '{"error":"down"}' }));
    await page.goto('/gallery');
    await page.getByRole('alert').filter({ hasText: 'Failed to load photo gallery' }).waitFor({ timeout: 20_000 });
    await expectAccessible(page, 'gallery error');
    await bothWidths(page, 'gallery-error');
    await page.unroute('**/api/documents/images');
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByText('8 images').waitFor();
  });

  it('shows a loading state while the images arrive', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    await page.route('**/api/documents/images', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/gallery');
    await page.getByText('Loading your photos...').waitFor();
    await bothWidths(page, 'gallery-loading');
    release();
    await page.getByText('8 images').waitFor();
    await page.unroute('**/api/documents/images');
  });

  it('outlines the faces in the viewer and tags one from its box', async () => {
    await page.goto('/gallery');
    await page.getByText('8 images').waitFor();
    await page.getByRole('button', { name: `View ${GROUP}` }).click();
    const group = page.getByRole('dialog', { name: `Viewing ${GROUP}` });
    await group.getByRole('img', { name: GROUP }).waitFor();
    for (const n of [1, 2, 3])
      await group
        .getByRole('button', { name: `Tag face ${n}` })
        .first()
        .waitFor();
    await bothWidths(page, 'gallery-viewer-faces');
    await page.keyboard.press('Escape');
    await group.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: `View ${PORTRAIT}` }).click();
    const viewer = page.getByRole('dialog', { name: `Viewing ${PORTRAIT}` });
    // The box over the face (the list beside it has a "Tag face 1" button too).
    await viewer.locator('.face-box').first().click();
    const form = viewer.getByRole('form', { name: 'Tag face 1' });
    await form.getByRole('textbox', { name: 'Name' }).fill('Eileen Collins');
    // Arrow keys while typing move the caret, not the viewer.
    await form.getByRole('textbox', { name: 'Name' }).press('ArrowLeft');
    await viewer.waitFor();
    await expectAccessible(page, 'viewer tag form');
    await form.getByRole('textbox', { name: 'Name' }).press('Enter');
    await form.waitFor({ state: 'detached' });
    await viewer.getByRole('button', { name: 'Face 1: Eileen Collins' }).waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Change face 1');
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
    await card(PORTRAIT).getByText('Eileen Collins').waitFor();
  });

  it('suggests "May be Eileen Collins" on another photo of her and confirms it in one click', async () => {
    await uploadAll(session.stack, session.token, [await secondPortrait()], 9);
    await page.reload();
    await page.getByText('9 images').waitFor();
    await page.getByRole('button', { name: 'View eileen-again.jpg' }).click();
    const viewer = page.getByRole('dialog', { name: 'Viewing eileen-again.jpg' });
    await viewer.getByText('May be Eileen Collins').waitFor();
    await bothWidths(page, 'gallery-viewer-suggestion');
    await viewer.getByRole('button', { name: 'Confirm face 1 is Eileen Collins' }).click();
    await viewer.getByRole('button', { name: 'Face 1: Eileen Collins' }).waitFor();
    // The Confirm button is gone: focus moves to the face's Change button, so Escape still closes the viewer.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Change face 1');
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
    await card('eileen-again.jpg').getByText('Eileen Collins').waitFor();
    // With the role she has on the face the suggestion came from.
    await card('eileen-again.jpg').getByText('(Primary subject)').waitFor();
    await search().fill('eileen collins');
    await expect.poll(names).toEqual(['eileen-again.jpg', PORTRAIT].sort());
  });
});
