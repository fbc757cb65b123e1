import type { Browser } from 'playwright-core';

/** One response of a page load as the network saw it. */
export interface Transfer {
  url: string;
  /** Bytes on the wire: headers and the (compressed) body, as Chromium counts them. */
  bytes: number;
  encoding: string | null;
  cacheControl: string | null;
}

/**
 * Loads `url` in a fresh browser context (an empty cache, as a first visitor has) and returns
 * every response with the bytes it took on the wire, read from Chromium's DevTools protocol
 * (Network.loadingFinished's encodedDataLength), once the page is rendered and quiet.
 */
export async function firstLoad(browser: Browser, url: string, width = 1280): Promise<Transfer[]> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const responses = new Map<string, { url: string; encoding: string | null; cacheControl: string | null }>();
    const transfers: Transfer[] = [];
    cdp.on('Network.responseReceived', (e) => {
      const headers = Object.fromEntries(
        Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]),
      );
      responses.set(e.requestId, {
        url: e.response.url,
        encoding: headers['content-encoding'] ?? null,
        cacheControl: headers['cache-control'] ?? null,
      });
    });
    cdp.on('Network.loadingFinished', (e) => {
      const r = responses.get(e.requestId);
      if (r) transfers.push({ ...r, bytes: e.encodedDataLength });
    });
    // Quiet means the page has rendered (its chunk ran: a heading is up), then fonts and late
    // requests are done; "networkidle" alone can fire while a loaded machine is still parsing.
    await page.goto(url);
    await page.locator('h1').first().waitFor({ timeout: 30_000 });
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    await page.waitForLoadState('networkidle');
    return transfers;
  } finally {
    await context.close();
  }
}

export const totalBytes = (transfers: Transfer[]) => transfers.reduce((sum, t) => sum + t.bytes, 0);
