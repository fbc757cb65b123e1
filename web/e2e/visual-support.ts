import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { expectAccessible, expectNoSidewaysScroll, newPage, type Stack, signInWithToken } from './harness';
import { expectMatchesBaseline, expectOverlayGeometry } from './visual';

/** The two widths every screen is looked at (issue 30): a laptop and a small phone. */
export const WIDTHS = [1280, 375] as const;
export type Width = (typeof WIDTHS)[number];
const HEIGHT: Record<Width, number> = { 1280: 900, 375: 812 };

/**
 * The browser's clock for every visual test: the footer's year, "today" and anything else the
 * page computes from the time read the same on every run. Timers still run (setFixedTime, not
 * install): react-query and react-aria keep working.
 */
export const FIXED_NOW = new Date('2026-03-14T10:00:00Z');

/** A fresh context at `width`, on the fixed clock, with reduced motion; signed in when given a token. */
export async function visualPage(
  browser: Browser,
  stack: Stack,
  width: Width,
  token?: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await newPage(browser, stack, width, HEIGHT[width]);
  await page.clock.setFixedTime(FIXED_NOW);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  if (token) await signInWithToken(context, token);
  return { context, page };
}

/** Goes to `path` and waits until the page has rendered: its heading is up and the network is quiet. */
export async function visit(page: Page, path: string, ready: Locator = page.locator('h1').first()): Promise<void> {
  await page.goto(path);
  await ready.waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  await page.locator('.page-loading, .spinner').first().waitFor({ state: 'detached', timeout: 30_000 });
}

/** A whole page: axe, nothing sideways, and its look against the baseline. */
export async function checkScreen(page: Page, name: string, mask: Locator[] = []): Promise<void> {
  await restMouse(page);
  await expectAccessible(page, name);
  await expectNoSidewaysScroll(page);
  await expectMatchesBaseline(page, name, { mask });
}

/**
 * An overlay once open: where it is on the screen, axe with it open (what is behind it is inert
 * and hidden from assistive technology), and the viewport's look against the baseline.
 */
export async function checkOverlay(page: Page, overlay: Locator, name: string, mask: Locator[] = []): Promise<void> {
  await overlay.waitFor({ timeout: 20_000 });
  await restMouse(page);
  await expectOverlayGeometry(overlay, name);
  await expectAccessible(page, `${name} (open)`);
  await expectMatchesBaseline(page, name, { mask, fullPage: false });
}

/** The pointer off every control: a hover colour where the last click was would be in the picture. */
async function restMouse(page: Page): Promise<void> {
  await page.mouse.move(0, 0);
}

/**
 * The research thread scrolled to its end once the web fonts are in. The page scrolls it there
 * when messages arrive, but a font that loads after that makes the messages taller, and the
 * thread then rests wherever the timing left it (a different picture on a 375 px screen).
 */
export async function scrollThreadToEnd(page: Page): Promise<void> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.getByRole('region', { name: 'Messages' }).evaluate((el) => {
    el.scrollTop = el.scrollHeight;
  });
}
