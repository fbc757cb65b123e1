import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type Stack, withStackAndBrowser } from './harness';
import { firstLoad, totalBytes } from './transfer';

let stack: Stack;
let browser: Browser;

withStackAndBrowser((s, b) => {
  stack = s;
  browser = b;
});

/** The budget of issue 13 for a first visit to /login, on the wire. */
const LOGIN_BUDGET = 200 * 1024;

describe('static assets (issue 13)', () => {
  it('a first load of /login transfers under 200 KB: scripts and styles brotli-encoded, hashed assets immutable for a year', async () => {
    const transfers = await firstLoad(browser, `${stack.url}/login`);
    const total = totalBytes(transfers);
    expect(total, JSON.stringify(transfers, null, 1)).toBeLessThan(LOGIN_BUDGET);

    const assets = transfers.filter((t) => new URL(t.url).pathname.startsWith('/assets/'));
    const code = assets.filter((t) => /\.(js|css)$/.test(new URL(t.url).pathname));
    expect(code.length).toBeGreaterThan(1); // the entry and the login page's own chunk at least
    // A file of a few hundred bytes that brotli cannot shrink (an icon) is sent as it is.
    for (const t of code) if (t.bytes > 1024) expect(t.encoding, t.url).toBe('br');
    expect(code.filter((t) => t.encoding === 'br').length).toBeGreaterThan(code.length / 2);
    for (const t of assets) expect(t.cacheControl, t.url).toBe('public, max-age=31536000, immutable');

    const document = transfers.find((t) => new URL(t.url).pathname === '/login');
    expect(document?.cacheControl).toBe('no-cache');
  });

  it('the page from a first load works: the login form is there', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${stack.url}/login`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 20_000 })
      .toBe('Welcome back');
    await context.close();
  });
});
