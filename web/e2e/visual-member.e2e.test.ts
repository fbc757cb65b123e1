import type { Locator, Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { FAMILY } from './fixtures/family';
import { fixServerTimes, type VisualWorld, withVisualWorld } from './visual-seed';
import { checkScreen, scrollThreadToEnd, visit, visualPage, WIDTHS } from './visual-support';

/**
 * Tests that look (issue 30), part 2: the signed-in pages of one seeded user (visual-seed.ts),
 * at 1280 and 375 px, against web/e2e/baselines/member-<page>-<width>.png, with axe on each.
 * The table of every route and overlay is in visual-public.e2e.test.ts.
 */
let world: VisualWorld;
withVisualWorld((w) => {
  world = w;
});

interface Screen {
  name: string;
  path: () => string;
  /** What shows the page has its data, not only its frame. */
  ready: (page: Page) => Locator;
  /** What still varies between runs. */
  mask?: (page: Page) => Locator[];
  /** Steps from `path` to the screen, when it is not reached by its address alone. */
  reach?: (page: Page) => Promise<void>;
}

const SCREENS: Screen[] = [
  {
    name: 'research',
    path: () => `/research?c=${world.conversationId}`,
    ready: (p) => p.getByText('married Sarah Elizabeth Cole on 14 June 1887'),
    reach: scrollThreadToEnd,
  },
  {
    name: 'documents',
    path: () => '/documents',
    ready: (p) => p.getByRole('button', { name: `View ${FAMILY.obituary.name}` }),
  },
  { name: 'gallery', path: () => '/gallery', ready: (p) => p.getByText('2 images') },
  {
    name: 'people',
    path: () => '/people',
    ready: (p) => p.getByRole('list', { name: 'People' }).getByRole('link', { name: 'John Henry Whitfield' }),
  },
  {
    name: 'person',
    path: () => `/people/${world.johnId}`,
    ready: (p) => p.getByRole('heading', { level: 1, name: 'John Henry Whitfield' }),
  },
  {
    // Issue 32: the pedigree drawn from the relatives the index found, fitted to the window.
    name: 'person-chart',
    path: () => `/people/${world.johnId}/chart?kind=pedigree&generations=4`,
    ready: (p) => p.locator('svg.family-chart, .chart-empty').first(),
  },
  {
    // Reached from the gallery with photos chosen (the page alone sends the user back there).
    name: 'album-creator',
    path: () => '/gallery',
    ready: (p) => p.getByRole('button', { name: 'Select all', exact: true }),
    reach: async (p) => {
      await p.getByRole('button', { name: 'Select all', exact: true }).click();
      await p.getByRole('button', { name: 'Create Album' }).click();
      await p.waitForURL('**/album-creator');
      await p.getByRole('heading', { level: 1 }).filter({ hasText: /album/i }).waitFor({ timeout: 20_000 });
    },
  },
  {
    name: 'account',
    path: () => '/account',
    ready: (p) => p.getByText('Family tree program'),
    // The token's first characters are random.
    mask: (p) => [p.locator('.access-tokens__meta code')],
  },
  {
    name: 'dashboard',
    path: () => '/dashboard',
    ready: (p) => p.getByText(FAMILY.obituary.name).first(),
  },
];

describe('the signed-in pages look as their baselines', () => {
  for (const width of WIDTHS) {
    for (const s of SCREENS) {
      it(`${s.name} at ${width} px`, async () => {
        const { context, page } = await visualPage(world.browser, world.stack, width, world.token);
        await fixServerTimes(page);
        try {
          await visit(page, s.path(), s.ready(page));
          await s.reach?.(page);
          await checkScreen(page, `member-${s.name}-${width}`, s.mask?.(page));
        } finally {
          await context.close();
        }
      });
    }
  }
});
