import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  createVerifiedUser,
  expectAccessible,
  expectNoSidewaysScroll,
  newPage,
  type Stack,
  screenshot,
  signInWithToken,
  withStackAndBrowser,
} from './harness';

let stack: Stack;
let browser: Browser;
let token: string;

withStackAndBrowser(async (s, b) => {
  stack = s;
  browser = b;
  ({ token } = await createVerifiedUser(stack, { name: 'Eleanor Whitcombe' }));
});

const WIDTHS = [1280, 375] as const;

/** Each content page: its path, its h1, its <title>, words its description holds and a passage of its content. */
const PAGES = [
  {
    path: '/',
    h1: 'Your family’s records, read closely and written into a book',
    title: 'GNology — family history research with Gene',
    description: 'family history book',
    text: [
      '$2,500–$3,500',
      '100–150 pages',
      '$3,500–$5,000',
      '200–300 pages',
      '200%–500% return',
      '3–4 weeks',
      '1–2 hours',
      'Users are solely responsible for verifying all results',
    ],
  },
  {
    path: '/about',
    h1: 'About GNology',
    title: 'About GNology',
    description: 'Genealogical Proof Standard',
    text: ['Our research framework', 'generation 1 is the earliest known ancestor'],
  },
  {
    path: '/about-gene',
    h1: 'About Gene',
    title: 'About Gene | GNology',
    description: 'research assistant',
    text: ['How Gene works with your documents', 'up to 200 MB each', 'about 200,000 tokens'],
  },
  {
    path: '/resources',
    h1: 'Research Resources',
    title: 'Research Resources | GNology',
    description: 'GNology Journal',
    text: ['Download the GNology Journal', 'FamilySearch', 'FreeBMD', 'Library and Archives Canada'],
  },
  {
    path: '/faq',
    h1: 'Frequently Asked Questions',
    title: 'Frequently Asked Questions | GNology',
    description: 'tokens and pricing',
    text: [
      'Getting started',
      'Token usage and pricing',
      'Research and AI features',
      'Document management',
      'Gallery and examples',
      'Privacy and security',
      'Account management',
    ],
  },
  {
    path: '/tutorial',
    h1: 'Tutorial',
    title: 'Tutorial | GNology',
    description: 'five ancestors',
    text: [
      'Quick start',
      'Part 1: Prepare and begin',
      'Generation 1 is the earliest known ancestor',
      '40,000–80,000 words',
    ],
  },
  {
    path: '/terms',
    h1: 'Terms of Service',
    title: 'Terms of Service | GNology',
    description: 'acceptable use',
    text: [
      '1. Acceptance of Terms',
      '15. Contact Information',
      'at least 18 years old',
      'non-refundable except as required by law',
      'North Carolina',
    ],
  },
  {
    path: '/privacy',
    h1: 'Privacy Policy',
    title: 'Privacy Policy | GNology',
    description: 'GDPR',
    text: [
      '1. Information We Collect',
      '14. Contact Us',
      'anonymized queries',
      'does not currently honour Do Not Track',
    ],
  },
] as const;

const TUTORIAL_IDS = [
  'what-is-gene',
  'getting-started',
  'building-family-tree',
  'gnology-research-journal',
  'forensic-genealogy',
  'document-analysis',
  'document-photo-integration',
  'family-history-book-writing',
  'research-guidance',
  'generation-counting',
  'best-practices',
  'troubleshooting',
];

/** A page whose console errors and uncaught exceptions are collected (the suites expect none). */
async function open(
  width: number,
  signedIn = false,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const { context, page } = await newPage(browser, stack, width);
  if (signedIn) await signInWithToken(context, token);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  return { context, page, errors };
}

async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(250);
  await screenshot(page, `pages-${name}-${page.viewportSize()?.width ?? 0}`);
}

/**
 * The element's top edge settles within the viewport, just below the sticky navigation. Polled as
 * a whole: the page scrolls on the frame after it renders, so one early reading sees it unscrolled.
 */
async function landedOn(page: Page, id: string) {
  await expect
    .poll(async () => {
      const top = await page.evaluate((i) => Math.round(document.getElementById(i)!.getBoundingClientRect().top), id);
      return top >= 40 && top < 140 ? 'landed' : `top at ${top}px`;
    })
    .toBe('landed');
}

describe('content pages (Chromium, built product)', () => {
  for (const width of WIDTHS) {
    it(`every page shows its content, title and description, is accessible and fits at ${width} px`, async () => {
      const { context, page, errors } = await open(width);
      for (const p of PAGES) {
        await page.goto(p.path);
        await page.getByRole('heading', { level: 1, name: p.h1 }).waitFor();
        for (const t of p.text) await page.getByText(t, { exact: false }).first().waitFor();
        await expect.poll(() => page.title()).toBe(p.title);
        const meta = await page.evaluate(() => ({
          descriptions: [...document.querySelectorAll('meta[name="description"]')].map((m) =>
            m.getAttribute('content'),
          ),
          ogTitle: document.querySelector('meta[property="og:title"]')?.getAttribute('content'),
          ogDescription: document.querySelector('meta[property="og:description"]')?.getAttribute('content'),
        }));
        expect(meta.descriptions, p.path).toHaveLength(1);
        expect(meta.descriptions[0], p.path).toContain(p.description);
        expect(meta.ogTitle).toBe(p.title);
        expect(meta.ogDescription).toBe(meta.descriptions[0]);
        await expectAccessible(page, p.path);
        if (width === 375) await expectNoSidewaysScroll(page);
        await shot(page, p.path === '/' ? 'landing' : p.path.slice(1));
      }
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('sends a signed-in user from / to /research', async () => {
    const { context, page } = await open(1280, true);
    await page.goto('/');
    await page.waitForURL('**/research');
    await context.close();
  });

  it('the legal pages show today as "Last Updated" and link back to Research and across', async () => {
    const { context, page } = await open(1280);
    const today = new Date().toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
    for (const [path, count] of [
      ['/terms', 15],
      ['/privacy', 14],
    ] as const) {
      await page.goto(path);
      await page.getByText(`Last Updated: ${today}`).waitFor();
      expect(await page.locator('main h2').count()).toBe(count);
      expect(await page.getByRole('link', { name: 'Return to Research' }).getAttribute('href')).toBe('/research');
    }
    // The GDPR legal basis is a real table with headers.
    expect(await page.getByRole('table').getByRole('columnheader').allTextContents()).toEqual([
      'Purpose',
      'Legal basis',
    ]);
    expect(
      await page.getByRole('main').getByRole('link', { name: 'Terms of Service' }).first().getAttribute('href'),
    ).toBe('/terms');
    await context.close();
  });
});

describe('tutorial', () => {
  for (const width of WIDTHS) {
    it(`the contents dialog scrolls to a section and closes by Close, Escape and a click outside, focus back on its button (${width} px)`, async () => {
      const { context, page, errors } = await open(width);
      await page.goto('/tutorial');
      await page.getByRole('heading', { level: 1, name: 'Tutorial' }).waitFor();
      expect(await page.evaluate((ids) => ids.filter((id) => !document.getElementById(id)), TUTORIAL_IDS)).toEqual([]);
      const button = page.getByRole('button', { name: 'Contents' });
      const dialog = page.getByRole('dialog', { name: 'Tutorial contents' });

      // An item: the dialog closes, the page lands on the section, focus is back on the button.
      await button.click();
      await dialog.waitFor();
      expect(await dialog.getByRole('navigation').getByRole('button').count()).toBe(12);
      await shot(page, 'tutorial-contents');
      await expectAccessible(page, 'tutorial contents dialog');
      await dialog.getByRole('button', { name: 'Counting generations' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await landedOn(page, 'generation-counting');
      await expect.poll(() => button.evaluate((b) => b === document.activeElement)).toBe(true);

      // Close
      await button.click();
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Close' }).last().click();
      await dialog.waitFor({ state: 'hidden' });
      await expect.poll(() => button.evaluate((b) => b === document.activeElement)).toBe(true);

      // Escape
      await button.click();
      await dialog.waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await expect.poll(() => button.evaluate((b) => b === document.activeElement)).toBe(true);

      // A click outside
      await button.click();
      await dialog.waitFor();
      await page.mouse.click(5, 5);
      await dialog.waitFor({ state: 'hidden' });
      await expect.poll(() => button.evaluate((b) => b === document.activeElement)).toBe(true);

      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('/tutorial#forensic-genealogy lands on its section', async () => {
    const { context, page, errors } = await open(1280);
    await page.goto('/tutorial#forensic-genealogy');
    await page.getByRole('heading', { name: 'Forensic genealogy' }).waitFor();
    await landedOn(page, 'forensic-genealogy');
    await page.getByText('You are solely responsible for verifying every result').waitFor();
    // From another page by link, too.
    await page.goto('/');
    await page.getByRole('link', { name: 'Read the forensic genealogy guide' }).click();
    await page.waitForURL('**/tutorial#forensic-genealogy');
    await landedOn(page, 'forensic-genealogy');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sections collapse and open with the keyboard', async () => {
    const { context, page } = await open(1280);
    await page.goto('/tutorial');
    await page.getByRole('heading', { level: 1, name: 'Tutorial' }).waitFor();
    const trigger = page.getByRole('button', { name: 'Troubleshooting' });
    expect(await trigger.getAttribute('aria-expanded')).toBe('true');
    await trigger.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => trigger.getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.press('Space');
    await expect.poll(() => trigger.getAttribute('aria-expanded')).toBe('true');
    await page.getByText('Convert the file to PDF', { exact: false }).waitFor();
    await context.close();
  });

  it('start buttons say Login and go to /login for a visitor; they start the project for a signed-in user', async () => {
    const visitor = await open(1280);
    await visitor.page.goto('/tutorial');
    const book = visitor.page.getByRole('link', { name: 'Login to Start Your Book Project' }).first();
    expect(await book.getAttribute('href')).toBe('/login');
    expect(
      await visitor.page
        .getByRole('link', { name: 'Login to Start Your Conversation with Gene' })
        .first()
        .getAttribute('href'),
    ).toBe('/login');
    expect(await visitor.page.getByRole('link', { name: 'Research Resources' }).getAttribute('href')).toBe(
      '/resources',
    );
    expect(
      await visitor.page.getByRole('link', { name: 'Download GNology Journal' }).first().getAttribute('href'),
    ).toBe('/api/resources/gnology-journal.pdf');
    await book.click();
    await visitor.page.waitForURL('**/login');
    await visitor.context.close();

    const member = await open(1280, true);
    await member.page.goto('/tutorial');
    const start = member.page.getByRole('link', { name: 'Start Your Book Project Now' }).first();
    await start.waitFor();
    expect(await start.getAttribute('href')).toBe('/research');
    expect(
      await member.page.getByRole('link', { name: 'Start Your Conversation with Gene' }).first().getAttribute('href'),
    ).toBe('/research');
    expect(await member.page.getByRole('link', { name: /^Login to Start/ }).count()).toBe(0);
    await start.click();
    await member.page.waitForURL('**/research');
    await member.context.close();
  });
});

describe('FAQ', () => {
  it('sections open with the keyboard and a deep link opens and scrolls to its section', async () => {
    const { context, page, errors } = await open(1280);
    await page.goto('/faq');
    await page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' }).waitFor();
    const triggers = page.getByRole('main').getByRole('button');
    expect(await triggers.count()).toBe(7);
    expect(await triggers.evaluateAll((b) => b.map((x) => x.getAttribute('aria-expanded')))).toEqual(
      Array(7).fill('false'),
    );

    // Tab from the page heading into the first section, then Enter; Space on the next.
    await page.getByRole('heading', { level: 1 }).click();
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Getting started');
    await page.keyboard.press('Enter');
    await expect.poll(() => triggers.first().getAttribute('aria-expanded')).toBe('true');
    await page.getByText('How do I start?').waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await expect.poll(() => triggers.nth(1).getAttribute('aria-expanded')).toBe('true');
    await page.getByText('$5.00 per 100,000 tokens', { exact: false }).waitFor();
    await shot(page, 'faq-open');

    // A fresh load (going from /faq to /faq#... would only move within the page).
    await page.goto('/about');
    await page.goto('/faq#token-usage');
    const tokens = page.getByRole('button', { name: 'Token usage and pricing' });
    await expect.poll(() => tokens.getAttribute('aria-expanded')).toBe('true');
    expect(await page.getByRole('button', { name: 'Getting started' }).getAttribute('aria-expanded')).toBe('false');
    await landedOn(page, 'token-usage');
    expect(await page.getByRole('link', { name: 'tutorial', exact: true }).getAttribute('href')).toBe('/tutorial');
    expect(await page.getByRole('main').getByRole('link', { name: 'support@gnology.com' }).getAttribute('href')).toBe(
      'mailto:support@gnology.com',
    );
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('resources: the journal', () => {
  it('the download button sends a visitor to /login', async () => {
    const { context, page } = await open(1280);
    await page.goto('/resources');
    await page.getByRole('button', { name: 'Download the GNology Journal' }).click();
    await page.waitForURL('**/login');
    await context.close();
  });

  it('offers Letter and A4 links to the public journal and opens record sites in a new tab', async () => {
    const { context, page } = await open(1280);
    await page.goto('/resources');
    expect(await page.getByRole('link', { name: 'PDF, US Letter' }).getAttribute('href')).toBe(
      '/api/resources/gnology-journal.pdf',
    );
    expect(await page.getByRole('link', { name: 'PDF, A4' }).getAttribute('href')).toBe(
      '/api/resources/gnology-journal.pdf?paper=a4',
    );
    expect(await page.getByRole('link', { name: 'Read the Tutorial' }).getAttribute('href')).toBe('/tutorial');
    const external = page.locator('main a[target="_blank"]');
    expect(await external.count()).toBeGreaterThanOrEqual(8);
    for (const a of await external.all()) {
      expect(await a.getAttribute('rel')).toBe('noopener noreferrer');
      expect(await a.textContent()).toContain('(opens in a new tab)');
    }
    await page.getByRole('link', { name: /FamilySearch/ }).waitFor();
    await context.close();
  });

  it('saves the download as GNology-Journal.pdf, sent with the bearer token', async () => {
    const { context, page, errors } = await open(1280, true);
    const sent = page.waitForRequest('**/api/journal/pdf/download');
    await page.goto('/resources');
    await page.getByRole('banner').getByText('Welcome, Eleanor Whitcombe').waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download the GNology Journal' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('GNology-Journal.pdf');
    expect(
      readFileSync((await download.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    expect((await sent).headers().authorization).toBe(`Bearer ${token}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an expired session signs out to /login with the message', async () => {
    const { context, page } = await open(1280, true);
    await page.goto('/resources');
    await page.getByRole('banner').getByText('Welcome, Eleanor Whitcombe').waitFor();
    // The stored token goes bad while the page is open (as when it expires): the server answers 401.
    await page.evaluate(() => localStorage.setItem('token', 'expired.session.token'));
    await page.getByRole('button', { name: 'Download the GNology Journal' }).click();
    await page.waitForURL('**/login');
    await page.getByText('Session expired. Please log in again.').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await context.close();
  });

  // The service does not fail on demand: the browser's request routing gives the failure.
  it('a failed download says so and keeps the user signed in', async () => {
    const { context, page } = await open(1280, true);
    await page.route('**/api/journal/pdf/download', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: 'unavailable' }) }),
    );
    await page.goto('/resources');
    await page.getByRole('banner').getByText('Welcome, Eleanor Whitcombe').waitFor();
    await page.getByRole('button', { name: 'Download the GNology Journal' }).click();
    await page.getByRole('alert').getByText('Error downloading journal. Please try again.').waitFor();
    expect(page.url()).toContain('/resources');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(token);
    await shot(page, 'resources-error');
    await context.close();
  });
});

describe('links', () => {
  /** Every same-site link inside the given regions of the page now shown. */
  async function internalLinks(page: Page, selectors: string[]): Promise<string[]> {
    const hrefs = await page.evaluate(
      (sel) =>
        sel.flatMap((s) =>
          [...document.querySelectorAll<HTMLAnchorElement>(`${s} a[href]`)].map((a) => a.getAttribute('href')!),
        ),
      selectors,
    );
    return hrefs.filter((h) => h.startsWith('/') && !h.startsWith('/api/'));
  }

  it('no link in the navigation, footer, dashboard or pricing page leads to an empty page', async () => {
    const { context, page, errors } = await open(1280, true);
    const hrefs = new Set<string>();
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Welcome, Eleanor Whitcombe' }).waitFor();
    for (const h of await internalLinks(page, ['header', 'footer', 'main'])) hrefs.add(h);
    await page.goto('/pricing');
    await page.getByRole('heading', { level: 1, name: 'Pricing' }).waitFor();
    for (const h of await internalLinks(page, ['main'])) hrefs.add(h);
    // What a visitor's navigation adds (Login, Sign Up).
    const visitor = await open(1280);
    await visitor.page.goto('/faq');
    await visitor.page.getByRole('link', { name: 'Sign Up' }).waitFor();
    for (const h of await internalLinks(visitor.page, ['header', 'footer'])) hrefs.add(h);
    await visitor.context.close();

    expect([...hrefs]).toEqual(
      expect.arrayContaining([
        '/',
        '/resources',
        '/tutorial',
        '/faq',
        '/terms',
        '/privacy',
        '/documents',
        '/gallery',
        '/research',
        '/account',
      ]),
    );
    for (const href of hrefs) {
      // The visitor-only pages send a member on; check them as a visitor would see them.
      const viewer = ['/', '/login', '/register'].includes(href.split('?')[0]!)
        ? await open(1280)
        : { page, context: null, errors };
      await viewer.page.goto(href);
      await viewer.page.getByRole('heading', { level: 1 }).first().waitFor();
      const text = await viewer.page.locator('#content').innerText();
      expect(text.length, href).toBeGreaterThan(80);
      expect(text, href).not.toContain('Unexpected Application Error');
      await viewer.context?.close();
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
