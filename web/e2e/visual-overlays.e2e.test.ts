import type { Locator, Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { FAMILY } from './fixtures/family';
import { CONVERSATION, fixServerTimes, type VisualWorld, withVisualWorld } from './visual-seed';
import { checkOverlay, scrollThreadToEnd, visit, visualPage, WIDTHS, type Width } from './visual-support';

/**
 * Tests that look (issue 30), part 3: every overlay of the signed-in app, opened the way a user
 * opens it, at 1280 and 375 px. Each is checked for its place on the screen (inside the viewport,
 * on top of the page), with axe while it is open, and against
 * web/e2e/baselines/overlay-<name>-<width>.png; then Escape closes it. The table of every route and
 * overlay is in visual-public.e2e.test.ts.
 */
let world: VisualWorld;
withVisualWorld((w) => {
  world = w;
});

interface Overlay {
  name: string;
  /** Goes where the overlay lives and opens it; returns the overlay. */
  open: (page: Page, width: Width) => Promise<Locator>;
  /** Only at these widths (the mobile menu exists only on a narrow screen). */
  widths?: readonly Width[];
  mask?: (page: Page) => Locator[];
}

const marriage = FAMILY.marriage.name;

/** The research page with the seeded conversation open, its answer rendered. */
async function research(page: Page) {
  await visit(page, `/research?c=${world.conversationId}`, page.getByText('married Sarah Elizabeth Cole'));
  await scrollThreadToEnd(page);
}

const OVERLAYS: Overlay[] = [
  {
    name: 'document-viewer',
    open: async (page) => {
      const dialog = page.getByRole('dialog', { name: `Viewing ${marriage}` });
      await visit(page, `/documents?view=${world.ids[marriage]}`, dialog);
      await dialog.getByText('John Henry Whitfield married Sarah Elizabeth Cole').waitFor({ timeout: 20_000 });
      return dialog;
    },
  },
  {
    name: 'delete-document',
    open: async (page) => {
      await visit(page, '/documents', page.getByRole('button', { name: `Delete ${marriage}` }));
      await page.getByRole('button', { name: `Delete ${marriage}` }).click();
      return page.getByRole('dialog', { name: 'Delete document?' });
    },
  },
  {
    name: 'research-document-picker',
    open: async (page) => {
      await research(page);
      await page.getByRole('button', { name: /^Documents: 2 selected/ }).click();
      return page.getByRole('dialog', { name: 'Select documents for Gene to analyse' });
    },
  },
  {
    name: 'research-search',
    open: async (page, width) => {
      await research(page);
      // On a phone the conversation list (and its Search button) is behind its button.
      if (width === 375) await page.getByRole('button', { name: 'Conversations', exact: true }).click();
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Search conversations' });
      await dialog.getByRole('searchbox', { name: 'Search your conversations' }).fill('Raleigh');
      await dialog.getByRole('searchbox').press('Enter');
      await dialog.getByRole('heading', { name: CONVERSATION }).waitFor({ timeout: 20_000 });
      return dialog;
    },
  },
  {
    name: 'delete-conversation',
    open: async (page, width) => {
      await research(page);
      // On a phone the conversation list is behind its button.
      if (width === 375) await page.getByRole('button', { name: 'Conversations', exact: true }).click();
      await page.getByRole('button', { name: `Delete ${CONVERSATION}` }).click();
      return page.getByRole('dialog', { name: 'Delete conversation?' });
    },
  },
  {
    name: 'cited-document',
    open: async (page) => {
      await research(page);
      await page.getByRole('link', { name: `${marriage}, p. 1` }).click();
      const dialog = page.getByRole('dialog', { name: marriage });
      await dialog.getByText('John Henry Whitfield married Sarah Elizabeth Cole').waitFor({ timeout: 20_000 });
      return dialog;
    },
  },
  {
    name: 'photo-viewer',
    open: async (page) => {
      await visit(page, '/gallery', page.getByRole('button', { name: 'View beach-1952.jpg' }));
      await page.getByRole('button', { name: 'View beach-1952.jpg' }).click();
      const dialog = page.getByRole('dialog', { name: 'Viewing beach-1952.jpg' });
      await dialog.getByRole('img').first().waitFor({ timeout: 20_000 });
      return dialog;
    },
  },
  {
    name: 'merge-people',
    open: async (page) => {
      await visit(page, '/people', page.getByRole('checkbox', { name: 'Select Robert Cole' }));
      await page.getByRole('checkbox', { name: 'Select Robert Cole' }).check();
      await page.getByRole('checkbox', { name: 'Select Robert Whitfield' }).check();
      await page.getByRole('button', { name: 'Merge (2)' }).click();
      return page.getByRole('dialog', { name: 'Merge 2 people?' });
    },
  },
  {
    name: 'revoke-token',
    open: async (page) => {
      await visit(page, '/account', page.getByRole('button', { name: 'Revoke Family tree program' }));
      await page.getByRole('button', { name: 'Revoke Family tree program' }).click();
      return page.getByRole('dialog', { name: 'Revoke access token?' });
    },
    // The token's first characters (random) show through the backdrop.
    mask: (page) => [page.locator('.access-tokens__meta code')],
  },
  {
    name: 'menu-member',
    widths: [375],
    open: async (page) => {
      await research(page);
      await page.getByRole('button', { name: 'Menu' }).click();
      return page.locator('.topnav__menu--open');
    },
  },
];

describe('the signed-in overlays look as their baselines', () => {
  for (const width of WIDTHS) {
    for (const o of OVERLAYS.filter((o) => !o.widths || o.widths.includes(width))) {
      it(`${o.name} at ${width} px`, async () => {
        const { context, page } = await visualPage(world.browser, world.stack, width, world.token);
        await fixServerTimes(page);
        try {
          const overlay = await o.open(page, width);
          await checkOverlay(page, overlay, `overlay-${o.name}-${width}`, o.mask?.(page));
          await page.keyboard.press('Escape');
          await overlay.waitFor({ state: 'detached', timeout: 10_000 });
        } finally {
          await context.close();
        }
      });
    }
  }
});
