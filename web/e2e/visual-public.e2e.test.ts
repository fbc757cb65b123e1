import type { Browser } from 'playwright-core';
import { describe, it } from 'vitest';
import { type Stack, withStackAndBrowser } from './harness';
import { checkOverlay, checkScreen, visit, visualPage, WIDTHS } from './visual-support';

/**
 * Tests that look (issue 30), part 1: the visitor's pages. Each is screenshotted at 1280 and
 * 375 px and compared with web/e2e/baselines/<name>.png (web/e2e/visual.ts), and axe runs on it.
 *
 * The routes and overlays the visual suite covers (web/src/routes.tsx, App.tsx):
 *
 * | route / overlay                          | file                        | baselines              |
 * | ---------------------------------------- | --------------------------- | ---------------------- |
 * | /  /login  /register  /about  /about-gene | visual-public               | public-<page>-<width>  |
 * | /pricing /resources /faq /tutorial       | visual-public               | public-<page>-<width>  |
 * | /terms /privacy, an unknown URL (404)    | visual-public               | public-<page>-<width>  |
 * | tutorial Contents dialog                 | visual-public               | overlay-tutorial-toc-* |
 * | mobile menu (visitor), 375 px only       | visual-public               | overlay-menu-visitor-* |
 * | /research /documents /people /people/:id | visual-member               | member-<page>-<width>  |
 * | /gallery /album-creator /account         | visual-member               | member-<page>-<width>  |
 * | /dashboard                               | visual-member               | member-<page>-<width>  |
 * | /people/:id/chart (pedigree)             | visual-member               | member-<page>-<width>  |
 * | document viewer, delete-document confirm | visual-overlays             | overlay-*              |
 * | research document picker (popover)       | visual-overlays             | overlay-*              |
 * | research search dialog, delete-conversation confirm | visual-overlays  | overlay-*              |
 * | cited-document dialog (a source in an answer)        | visual-overlays  | overlay-*              |
 * | photo viewer, merge-people dialog        | visual-overlays             | overlay-*              |
 * | revoke-access-token confirm              | visual-overlays             | overlay-*              |
 * | mobile menu (member), 375 px only        | visual-overlays             | overlay-menu-member-*  |
 * | /books (filled, empty) /books/:id        | books-visual                | books-<screen>-<width> |
 * | New book dialog                          | books-visual                | books-new-dialog-*     |
 *
 * The app has no toasts and no menus besides the mobile one: its notices are inline (role
 * status/alert) and appear in the page screenshots.
 */
const PAGES = [
  ['home', '/'],
  ['login', '/login'],
  ['register', '/register'],
  ['about', '/about'],
  ['about-gene', '/about-gene'],
  ['pricing', '/pricing'],
  ['resources', '/resources'],
  ['faq', '/faq'],
  ['tutorial', '/tutorial'],
  ['terms', '/terms'],
  ['privacy', '/privacy'],
  ['not-found', '/no-such-page'],
] as const;

let stack: Stack;
let browser: Browser;
withStackAndBrowser(
  (s, b) => {
    stack = s;
    browser = b;
  },
  { offline: true },
);

describe('the visitor pages look as their baselines', () => {
  for (const width of WIDTHS) {
    for (const [name, path] of PAGES) {
      it(`${path} at ${width} px`, async () => {
        const { context, page } = await visualPage(browser, stack, width);
        try {
          await visit(page, path);
          await checkScreen(page, `public-${name}-${width}`);
        } finally {
          await context.close();
        }
      });
    }

    it(`the tutorial's Contents dialog at ${width} px`, async () => {
      const { context, page } = await visualPage(browser, stack, width);
      try {
        await visit(page, '/tutorial');
        await page.getByRole('button', { name: 'Contents' }).click();
        await checkOverlay(
          page,
          page.getByRole('dialog', { name: 'Tutorial contents' }),
          `overlay-tutorial-toc-${width}`,
        );
        await page.keyboard.press('Escape');
        await page.getByRole('dialog').waitFor({ state: 'detached' });
      } finally {
        await context.close();
      }
    });
  }

  it('the visitor’s mobile menu at 375 px', async () => {
    const { context, page } = await visualPage(browser, stack, 375);
    try {
      await visit(page, '/');
      await page.getByRole('button', { name: 'Menu' }).click();
      const menu = page.locator('.topnav__menu--open');
      await checkOverlay(page, menu, 'overlay-menu-visitor-375');
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
  });
});
