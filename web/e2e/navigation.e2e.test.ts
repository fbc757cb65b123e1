import type { Browser, Page } from 'playwright-core';
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

/** A page in the product's frame: the site header and footer are there around it. */
async function expectInLayout(page: Page) {
  await expect.poll(() => page.getByRole('banner').count(), { timeout: 20_000 }).toBe(1);
  expect(await page.getByRole('contentinfo').count()).toBe(1);
  expect(await page.locator('body').textContent()).not.toContain('Hey developer');
}

describe('an unknown address (issue 13)', () => {
  for (const width of WIDTHS) {
    it(`shows the 404 page in the product's look, with a way home, at ${width} px`, async () => {
      const { context, page } = await newPage(browser, stack, width);
      await page.goto('/no-such-page');
      await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor({ timeout: 20_000 });
      await expectInLayout(page);
      await expect.poll(() => page.title()).toBe('Page not found | GNology');
      await expectAccessible(page, `404 at ${width}`);
      await expectNoSidewaysScroll(page);
      await screenshot(page, `not-found-visitor-${width}`);
      // A visitor has no dashboard: Home only.
      expect(await page.getByRole('link', { name: 'Dashboard' }).count()).toBe(0);
      await page.getByRole('main').getByRole('link', { name: 'Home' }).click();
      await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toBe('/');
      await context.close();
    });
  }

  it('a deep unknown address signed in offers Home and the dashboard', async () => {
    const { context, page } = await newPage(browser, stack, 1280);
    await signInWithToken(context, token);
    await page.goto('/documents/xyz/nonsense');
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor({ timeout: 20_000 });
    await expectInLayout(page);
    await expect.poll(() => page.getByRole('button', { name: 'Logout' }).isVisible(), { timeout: 20_000 }).toBe(true);
    await expectAccessible(page, '404 signed in');
    await screenshot(page, 'not-found-member-1280');
    expect(await page.getByRole('main').getByRole('link', { name: 'Home' }).count()).toBe(1);
    await page.getByRole('main').getByRole('link', { name: 'Dashboard' }).click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toBe('/dashboard');
    await context.close();
  });
});

describe('a page that fails to render (issue 13)', () => {
  for (const width of WIDTHS) {
    it(`shows the product's error page with Retry, which reloads into the working page, at ${width} px`, async () => {
      const { context, page } = await newPage(browser, stack, width);
      // The pricing page's code fails to arrive (as a chunk of an older deploy would): its lazy import throws while rendering.
      const block = (route: import('playwright-core').Route) => route.abort();
      await page.route(/\/assets\/PricingPage-[^/]+\.js$/, block);
      await page.goto('/pricing');
      await page.getByRole('heading', { level: 1, name: 'Something went wrong' }).waitFor({ timeout: 20_000 });
      await expectInLayout(page);
      expect(await page.locator('body').textContent()).not.toContain('PricingPage');
      await expectAccessible(page, `error page at ${width}`);
      await expectNoSidewaysScroll(page);
      await screenshot(page, `route-error-${width}`);
      await page.unroute(/\/assets\/PricingPage-[^/]+\.js$/, block);
      await page.getByRole('button', { name: 'Retry' }).click();
      await page.getByRole('heading', { level: 1, name: 'Pricing' }).waitFor({ timeout: 20_000 });
      await context.close();
    });
  }
});

describe('scroll position across navigation (issue 13)', () => {
  for (const width of WIDTHS) {
    it(`a new page opens at the top; back returns to where the reader was, at ${width} px`, async () => {
      const { context, page } = await newPage(browser, stack, width);
      await signInWithToken(context, token);
      await page.goto('/pricing');
      const subscribe = page.locator('a[href^="/account?subscribe="]').first();
      await subscribe.waitFor({ timeout: 20_000 });
      await subscribe.scrollIntoViewIfNeeded();
      // An instant scroll (a wheel scrolls smoothly, still moving when read).
      await page.evaluate(() => window.scrollBy({ top: 200, behavior: 'instant' }));
      await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 20_000 }).toBeGreaterThan(300);
      // Read once the page has stopped moving: two readings a frame apart agree.
      await expect
        .poll(
          () =>
            page.evaluate(
              () =>
                new Promise<boolean>((done) => {
                  const y = window.scrollY;
                  requestAnimationFrame(() => requestAnimationFrame(() => done(window.scrollY === y)));
                }),
            ),
          { timeout: 20_000 },
        )
        .toBe(true);
      const left = await page.evaluate(() => window.scrollY);
      await subscribe.click();
      await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toBe('/account');
      await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 20_000 });
      await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 20_000 }).toBe(0);
      await page.goBack();
      await page.getByRole('heading', { level: 1, name: 'Pricing' }).waitFor({ timeout: 20_000 });
      await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 20_000 }).toBeCloseTo(left, -1);
      await context.close();
    });
  }
});

describe('footer links on a phone (issue 13)', () => {
  it('are each at least 44 px tall at 375 px', async () => {
    const { context, page } = await newPage(browser, stack, 375);
    await page.goto('/terms');
    const links = page.getByRole('contentinfo').getByRole('link');
    await expect.poll(() => links.count(), { timeout: 20_000 }).toBe(3);
    const heights = await links.evaluateAll((all) => all.map((a) => a.getBoundingClientRect().height));
    for (const h of heights) expect(h).toBeGreaterThanOrEqual(44);
    await page
      .getByRole('contentinfo')
      .screenshot({ path: `${process.cwd()}/test-results/screenshots/footer-375.png` });
    await context.close();
  });
});

describe('a list that fails to load (issue 13)', () => {
  for (const width of WIDTHS) {
    it(`documents: the error offers Retry, which loads the list, at ${width} px`, async () => {
      const { context, page } = await newPage(browser, stack, width);
      await signInWithToken(context, token);
      let failing = true;
      await page.route(/\/api\/documents(\?.*)?$/, (route) =>
        failing
          ? route.fulfill({ status: 503, json: { error: 'The documents service is unavailable.' } })
          : route.fallback(),
      );
      await page.goto('/documents');
      const retry = page.getByRole('button', { name: 'Retry' });
      await retry.waitFor({ timeout: 30_000 });
      await expectAccessible(page, `documents load error at ${width}`);
      await expectNoSidewaysScroll(page);
      await screenshot(page, `documents-load-error-${width}`);
      failing = false;
      await retry.click();
      await page.getByText('No documents yet.', { exact: false }).waitFor({ timeout: 20_000 });
      expect(await retry.count()).toBe(0);
      await context.close();
    });
  }

  for (const width of WIDTHS) {
    it(`research: a failed conversation list says so with Retry, not "No conversations yet", at ${width} px`, async () => {
      const { context, page } = await newPage(browser, stack, width);
      await signInWithToken(context, token);
      let failing = true;
      await page.route(/\/api\/conversations\?limit=/, (route) =>
        failing ? route.fulfill({ status: 503, json: { error: 'unavailable' } }) : route.fallback(),
      );
      await page.goto('/research');
      const retry = page.getByRole('button', { name: 'Retry' });
      await retry.waitFor({ timeout: 30_000 });
      await page.getByText('Gene could not load your conversations.', { exact: false }).waitFor();
      expect(await page.getByText('No conversations yet', { exact: false }).count()).toBe(0);
      await expectAccessible(page, `research list error at ${width}`);
      await screenshot(page, `research-list-error-${width}`);
      failing = false;
      await retry.click();
      await page.getByText('No conversations yet', { exact: false }).waitFor({ timeout: 20_000 });
      expect(await retry.count()).toBe(0);
      await context.close();
    });
  }

  for (const width of WIDTHS) {
    it(`account: failed token usage offers Retry, which loads it, at ${width} px`, async () => {
      const { context, page } = await newPage(browser, stack, width);
      await signInWithToken(context, token);
      let failing = true;
      await page.route(/\/api\/users\/token-usage$/, (route) =>
        failing ? route.fulfill({ status: 503, json: { error: 'unavailable' } }) : route.fallback(),
      );
      await page.goto('/account');
      const retry = page.getByRole('button', { name: 'Retry' });
      await retry.waitFor({ timeout: 30_000 });
      await page.getByText('Could not load token usage data').waitFor();
      await expectAccessible(page, `token usage error at ${width}`);
      await expectNoSidewaysScroll(page);
      await retry.scrollIntoViewIfNeeded();
      await screenshot(page, `account-usage-error-${width}`);
      failing = false;
      await retry.click();
      await expect.poll(() => retry.count(), { timeout: 20_000 }).toBe(0);
      expect(await page.getByText('Could not load token usage data').count()).toBe(0);
      await context.close();
    });

    it(`pricing: plans that fail to load offer Retry, which shows them, at ${width} px`, async () => {
      const { context, page } = await newPage(browser, stack, width);
      let failing = true;
      await page.route(/\/api\/billing\/plans$/, (route) =>
        failing ? route.fulfill({ status: 503, json: { error: 'unavailable' } }) : route.fallback(),
      );
      await page.goto('/pricing');
      const retry = page.getByRole('button', { name: 'Retry' });
      await retry.waitFor({ timeout: 30_000 });
      await page.getByText('Could not load the plans.', { exact: false }).waitFor();
      await expectAccessible(page, `pricing error at ${width}`);
      await expectNoSidewaysScroll(page);
      await screenshot(page, `pricing-error-${width}`);
      failing = false;
      await retry.click();
      await page.getByRole('heading', { name: 'Overage pricing' }).waitFor({ timeout: 20_000 });
      expect(await retry.count()).toBe(0);
      await context.close();
    });
  }
});

describe('/pricing with billing off (issue 13)', () => {
  for (const width of WIDTHS) {
    it(`tells users the plans are free to try on this server, at ${width} px`, async () => {
      const { context, page } = await newPage(browser, stack, width);
      await page.goto('/pricing');
      const notice = page.getByText('Plans are free to try on this server', { exact: false });
      await notice.waitFor({ timeout: 30_000 });
      expect(await notice.isVisible()).toBe(true);
      // The user's words, not the operator's.
      expect(await page.locator('main').textContent()).not.toMatch(/billing is off|administrator/i);
      await expectAccessible(page, `pricing free to try at ${width}`);
      await expectNoSidewaysScroll(page);
      await screenshot(page, `pricing-free-to-try-${width}`);
      await context.close();
    });
  }
});
