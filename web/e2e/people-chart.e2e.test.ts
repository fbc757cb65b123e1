import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHART_FAMILY_GED } from '../../shared/genealogy/test/fixtures/gedcom-chart-family';
import {
  createVerifiedUser,
  expectAccessible,
  expectNoSidewaysScroll,
  newPage,
  openBrowser,
  type Stack,
  screenshot,
  signInWithToken,
  startStack,
} from './harness';
import { importTree } from './tree-support';

/**
 * Issue 32, family charts, as a user meets them in Chromium: "Family chart" on a tree person's
 * page, the pedigree drawn with names, years and places; generations and kind chosen; the chart
 * moved by dragging and the arrow keys, zoomed with the buttons, the keys and the wheel; a person
 * clicked opens their page; SVG and PDF downloads; the empty state, an error with Retry; at 1280,
 * 768, 400 and 375 px, axe clean.
 */
let stack: Stack;
let browser: Browser;
let token: string;
let ids = new Map<string, string>();

beforeAll(async () => {
  for (const k of ['ANTHROPIC_API_KEY', 'ANTHROPIC_BASE_URL', 'OPENAI_BASE_URL', 'LLM_PROVIDER', 'REDIS_URL'])
    delete process.env[k];
  stack = await startStack();
  browser = await openBrowser();
  token = (await createVerifiedUser(stack, { name: 'Rose Charts' })).token;
  ids = await importTree(stack, token, CHART_FAMILY_GED);
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

const chartWindow = (page: Page, title: string) =>
  page.getByRole('region', { name: `${title}: drag or use the arrow keys to move, + and − to zoom` });
const drawing = (page: Page) => page.locator('.chart-view__drawing');
/** The drawing's offset and scale, from its CSS transform. */
async function placement(page: Page) {
  const t = (await drawing(page).getAttribute('style')) ?? '';
  const m = /translate\(([-\d.e]+)px, ([-\d.e]+)px\) scale\(([-\d.e]+)\)/.exec(t);
  if (!m) throw new Error(`no transform in ${t}`);
  return { x: Number(m[1]), y: Number(m[2]), scale: Number(m[3]) };
}
const zoomShown = async (page: Page) =>
  Number(((await page.getByRole('status', { name: 'Zoom' }).textContent()) ?? '').replace('%', ''));

describe('family charts on the web', () => {
  it('opens a pedigree from the person page, moves and zooms it, opens a person, downloads SVG and PDF (1280 px)', async () => {
    const { context, page } = await newPage(browser, stack, 1280, 900);
    await signInWithToken(context, token);
    await page.goto(`/people/${ids.get('Rose Whitfield')}`);
    await page.getByRole('link', { name: 'Family chart' }).click();
    await page.waitForURL(`**/people/${ids.get('Rose Whitfield')}/chart`);
    await page.getByRole('heading', { level: 1, name: 'Family chart of Rose Whitfield' }).waitFor({ timeout: 20_000 });
    const window4 = chartWindow(page, 'Pedigree of Rose Whitfield');
    await window4.waitFor({ timeout: 20_000 });
    // Names, years and places; four generations by default (great-grandparents, no Jacob).
    await window4.getByRole('link', { name: 'Thomas Whitfield, 1920–1990, Durham, North Carolina' }).waitFor();
    expect(await window4.getByRole('link', { name: /^Samuel Whitfield, 1860–1930/ }).count()).toBe(1);
    expect(await window4.getByRole('link', { name: /Jacob/ }).count()).toBe(0);
    // The pedigree collapse: Josiah Dunn twice, the second said to be shown again.
    expect(await window4.getByRole('link', { name: /^Josiah Dunn/ }).count()).toBe(2);
    await expectAccessible(page, 'pedigree, 4 generations');
    await screenshot(page, 'people-chart-pedigree-1280');

    await page.getByLabel('Generations', { exact: true }).selectOption('5');
    await page.waitForURL(/generations=5/);
    await window4.getByRole('link', { name: /^Jacob E/ }).waitFor({ timeout: 20_000 });
    expect(await page.locator('svg.family-chart').getAttribute('data-generations')).toBe('5');

    // Zoom: the buttons, the keys (+ and -), the wheel; 0 fits again.
    const fitted = await zoomShown(page);
    await page.getByRole('button', { name: 'Zoom in' }).click();
    expect(await zoomShown(page)).toBeGreaterThan(fitted);
    await window4.focus();
    await page.keyboard.press('-');
    await page.keyboard.press('-');
    expect(await zoomShown(page)).toBeLessThan(fitted);
    const box = (await window4.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const beforeWheel = (await placement(page)).scale;
    await page.mouse.wheel(0, -400);
    await expect.poll(async () => (await placement(page)).scale).toBeGreaterThan(beforeWheel);
    await page.keyboard.press('0');
    expect(await zoomShown(page)).toBe(fitted);

    // Pan: drag (which opens nobody, even when it starts on a person), then the arrow keys.
    const start = await placement(page);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2 + 30, { steps: 6 });
    await page.mouse.move(box.x + box.width / 2 + 120, box.y + box.height / 2 + 60, { steps: 6 });
    await page.mouse.up();
    const dragged = await placement(page);
    expect(dragged.x - start.x).toBeCloseTo(120, 0);
    expect(dragged.y - start.y).toBeCloseTo(60, 0);
    expect(page.url()).toContain('/chart');
    await window4.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    const keyed = await placement(page);
    expect(keyed.x).toBeCloseTo(dragged.x - 48, 0);
    expect(keyed.y).toBeCloseTo(dragged.y - 48, 0);
    await page.keyboard.press('0');

    // Tab through the people of a zoomed-in chart: each one reached is moved into the window.
    for (let i = 0; i < 4; i++) await page.keyboard.press('+');
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => {
        const a = document.activeElement as Element;
        const r = a.getBoundingClientRect();
        const w = document.querySelector('.chart-view__window')!.getBoundingClientRect();
        return {
          person: a.matches('a.chart-person'),
          inside: r.left >= w.left && r.right <= w.right && r.top >= w.top && r.bottom <= w.bottom,
        };
      });
      expect(focused).toEqual({ person: true, inside: true });
    }
    // Enter on the focused person opens their page, as a click does.
    const focusedHref = await page.evaluate(() => document.activeElement?.getAttribute('href'));
    await page.keyboard.press('Enter');
    await page.waitForURL(`**${focusedHref}`);
    await page.goBack();
    await window4.waitFor({ timeout: 20_000 });
    await window4.focus();
    await page.keyboard.press('0');

    // Downloads, named by the service's file names.
    const [svgFile] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download SVG' }).click(),
    ]);
    expect(svgFile.suggestedFilename()).toBe('Rose Whitfield pedigree (5 generations).svg');
    const svg = readFileSync((await svgFile.path())!, 'utf8');
    expect(svg).toMatch(/^<svg [^>]*viewBox=/);
    expect(svg).toContain('>Rose Whitfield<');
    const [pdfFile] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    expect(pdfFile.suggestedFilename()).toBe('Rose Whitfield pedigree (5 generations).pdf');
    expect(
      readFileSync((await pdfFile.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    // The list of the people shown, for those who do not use the drawing.
    await page.getByText(/^People in this chart \(\d+\)$/).click();
    expect(await page.locator('.chart-people li').count()).toBe(13); // Josiah and Eliza once each
    await expectAccessible(page, 'pedigree, 5 generations, list open');

    // Click-through: a person opens their page, in the app.
    await window4.getByRole('link', { name: 'Thomas Whitfield, 1920–1990, Durham, North Carolina' }).click();
    await page.waitForURL(`**/people/${ids.get('Thomas Whitfield')}`);
    await page.getByRole('heading', { level: 1, name: 'Thomas Whitfield' }).waitFor({ timeout: 20_000 });
    await page.goBack();
    await window4.waitFor({ timeout: 20_000 });

    // The fan and the descendants, from the same controls.
    await page.getByRole('radio', { name: 'Fan' }).click();
    const fan = chartWindow(page, 'Fan of Rose Whitfield');
    await fan.getByRole('link', { name: 'Walter Ellis, 1891–1950, Cary, North Carolina' }).waitFor({ timeout: 20_000 });
    await expectAccessible(page, 'fan chart');
    await screenshot(page, 'people-chart-fan-1280');
    await page.getByRole('radio', { name: 'Descendants' }).click();
    const desc = chartWindow(page, 'Descendants of Rose Whitfield');
    await desc.getByRole('link', { name: /^Emma Parker, b\. 1975/ }).waitFor({ timeout: 20_000 });
    await desc.getByRole('link', { name: /^David Parker/ }).waitFor();
    await context.close();
  }, 180_000);

  it('says when there is nothing to draw, offers Retry when the chart fails, and gives the reason when it is too big', async () => {
    const { context, page } = await newPage(browser, stack, 1280, 900);
    await signInWithToken(context, token);
    await page.goto(`/people/${ids.get('Walter Ellis')}/chart?kind=fan&generations=4`);
    await page.getByText('No parents recorded for Walter Ellis.').waitFor({ timeout: 20_000 });
    expect(await page.getByRole('button', { name: 'Download PDF' }).isDisabled()).toBe(true);
    await expectAccessible(page, 'chart, empty');
    await screenshot(page, 'people-chart-empty-1280');
    await page.getByRole('link', { name: 'the descendants' }).click();
    await chartWindow(page, 'Descendants of Walter Ellis').waitFor({ timeout: 20_000 });

    // Two failures: the page asks again once by itself before it shows the error.
    let failures = 2;
    await page.route('**/api/people/*/chart?*', (route) =>
      failures-- > 0 ? route.fulfill({ status: 503, json: { error: 'Service unavailable' } }) : route.continue(),
    );
    await page.goto(`/people/${ids.get('Henry Whitfield')}/chart?kind=descendants&generations=4`);
    await page.getByText('The chart could not be drawn. Please try again.').waitFor({ timeout: 20_000 });
    await expectAccessible(page, 'chart, failed');
    await page.getByRole('button', { name: 'Retry' }).click();
    const desc = chartWindow(page, 'Descendants of Henry Whitfield');
    await desc.getByRole('link', { name: /^Louisa Grant/ }).waitFor({ timeout: 20_000 });
    await desc.getByRole('link', { name: /^Arthur Whitfield/ }).waitFor();

    // Too big to draw (422): the service's reason, and no Retry (asking again would not help).
    await page.unrouteAll();
    const tooBig = 'This chart would draw 5,461 people; one chart holds at most 2,000. Choose fewer generations.';
    await page.route('**/api/people/*/chart?*', (route) => route.fulfill({ status: 422, json: { error: tooBig } }));
    await page.getByLabel('Generations', { exact: true }).selectOption('8');
    await page.getByText(tooBig).waitFor({ timeout: 20_000 });
    expect(await page.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Download PDF' }).isDisabled()).toBe(true);
    await expectAccessible(page, 'chart, too big');
    await screenshot(page, 'people-chart-too-big-1280');
    // Drawn, but too big to print: the PDF's reason under the buttons, cleared by the next choice.
    await page.unrouteAll();
    const tooManySheets =
      'This chart would print on 52 sheets; a PDF holds at most 40. Choose fewer generations, or download the SVG.';
    await page.route('**/api/people/*/chart?*format=pdf*', (route) =>
      route.fulfill({ status: 422, json: { error: tooManySheets } }),
    );
    await page.getByLabel('Generations', { exact: true }).selectOption('3');
    await chartWindow(page, 'Descendants of Henry Whitfield').waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Download PDF' }).click();
    await page.getByText(tooManySheets).waitFor({ timeout: 20_000 });
    await page.getByLabel('Generations', { exact: true }).selectOption('4');
    await expect.poll(() => page.getByText(tooManySheets).count()).toBe(0);
    await context.close();
  }, 120_000);

  it('fits a phone (375 px) and the 768 and 400 px layouts: nothing sideways, pinch and buttons zoom, a tap opens a person, axe clean', async () => {
    // A phone: touch, so a pinch is two fingers.
    const context = await browser.newContext({
      baseURL: stack.url,
      viewport: { width: 375, height: 800 },
      hasTouch: true,
      isMobile: true,
      acceptDownloads: true,
    });
    const page = await context.newPage();
    await signInWithToken(context, token);
    await page.goto(`/people/${ids.get('Rose Whitfield')}/chart?kind=pedigree&generations=4`);
    const chart = chartWindow(page, 'Pedigree of Rose Whitfield');
    await chart.waitFor({ timeout: 20_000 });
    await chart.getByRole('link', { name: /^Margaret Ellis/ }).waitFor();
    await expectNoSidewaysScroll(page);
    const box = (await chart.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    expect(box.height).toBeGreaterThanOrEqual(320);
    await expectAccessible(page, 'pedigree at 375 px');
    await screenshot(page, 'people-chart-pedigree-375');
    // Pinch out: two fingers moving apart around the window's middle zoom in.
    const cdp = await context.newCDPSession(page);
    await chart.scrollIntoViewIfNeeded();
    const shown = (await chart.boundingBox())!;
    const mid = { x: shown.x + shown.width / 2, y: shown.y + shown.height / 2 };
    const fingers = (d: number) => [
      { x: mid.x - d, y: mid.y, id: 1 },
      { x: mid.x + d, y: mid.y, id: 2 },
    ];
    const pinchedFrom = (await placement(page)).scale;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(20) });
    for (let d = 30; d <= 90; d += 10)
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: fingers(d) });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    expect(await page.evaluate(() => window.visualViewport?.scale)).toBe(1); // the page itself did not zoom
    await expect.poll(async () => (await placement(page)).scale / pinchedFrom).toBeGreaterThan(2.5);
    expect(page.url()).toContain('/chart');
    // Zoomed in around the middle, then a person opened with a tap-sized click.
    await page.getByRole('button', { name: 'Zoom in' }).tap();
    expect(await zoomShown(page)).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Fit' }).tap();
    await chart.getByRole('link', { name: /^Margaret Ellis/ }).tap();
    await page.waitForURL(`**/people/${ids.get('Margaret Ellis')}`);
    await page.goBack();
    await chart.waitFor({ timeout: 20_000 });
    // Fitted again when the window grows (nobody moved it since it was fitted).
    const narrow = await placement(page);
    await page.setViewportSize({ width: 768, height: 900 });
    await expect.poll(async () => (await placement(page)).scale).toBeGreaterThan(narrow.scale * 1.5);
    for (const width of [768, 400]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoSidewaysScroll(page);
      await screenshot(page, `people-chart-pedigree-${width}`);
    }
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByRole('radio', { name: 'Fan' }).tap();
    await chartWindow(page, 'Fan of Rose Whitfield').waitFor({ timeout: 20_000 });
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, 'fan at 375 px');
    await screenshot(page, 'people-chart-fan-375');
    await context.close();
  }, 120_000);
});
