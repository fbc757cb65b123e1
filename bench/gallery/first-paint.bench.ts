// The gallery with 2,000 images in Chromium: time to the first painted thumbnail and to the
// complete first page of cards, and the long tasks while scrolling through all of them. The
// whole built product runs (node scripts/build.mjs first) on a fresh database; one real photo is
// uploaded, and the browser's GET /api/documents/images answer is that record repeated 2,000
// times with distinct ids (thumbnails answered with the real photo's thumbnail), so what is
// measured is the web page, not the listing query.
//   source /work/infra-shared/env.sh && npx vitest run -c bench/gallery/vitest.config.ts
import type { DocumentRecord } from '@gnology/contracts';
import { it } from 'vitest';
import { collection, uploadAll } from '../../web/e2e/fixtures/photos';
import {
  createVerifiedUser,
  newPage,
  openBrowser,
  signInWithToken,
  type Stack,
  startStack,
} from '../../web/e2e/harness';

const COUNT = 2000;
const RUNS = 5;

it('measures the gallery with 2,000 images', async () => {
  delete process.env.REDIS_URL; // the stack's own embedded queue, see web/e2e/documents.e2e.test.ts
  let stack: Stack | undefined;
  const browser = await openBrowser();
  try {
    stack = await startStack();
    const user = await createVerifiedUser(stack);
    const photo = (await collection())[0]!;
    await uploadAll(stack, user.token, [photo]);
    const auth = { authorization: `Bearer ${user.token}` };
    const [real] = (
      (await (await fetch(`${stack.url}/api/documents/images`, { headers: auth })).json()) as {
        images: DocumentRecord[];
      }
    ).images;
    const thumb = Buffer.from(
      await (
        await fetch(
          `${stack.url}/api/documents/${real!._id}/view?variant=thumbnail&token=${encodeURIComponent(real!.viewToken)}`,
        )
      ).arrayBuffer(),
    );
    const images = Array.from({ length: COUNT }, (_, i) => ({
      ...real!,
      _id: i.toString(16).padStart(24, '0'),
      originalName: `family-photo-${i + 1}.jpg`,
    }));
    const body = JSON.stringify({ images });

    const { context, page } = await newPage(browser, stack, 1280, 900);
    await signInWithToken(context, user.token);
    await page.route('**/api/documents/images', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body }),
    );
    await page.route('**/api/documents/*/view?variant=thumbnail*', (route) =>
      route.fulfill({ status: 200, contentType: 'image/jpeg', body: thumb }),
    );
    await page.goto('/gallery'); // warm the HTTP cache for the app's own files, as a returning user has it

    const firstImage: number[] = [];
    const firstPage: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      await page.reload();
      await page.waitForFunction(() =>
        [...document.querySelectorAll<HTMLImageElement>('.gallery-card img')].some(
          (i) => i.complete && i.naturalWidth > 0,
        ),
      );
      firstImage.push(await page.evaluate(() => performance.now()));
      await page.getByText(`${COUNT.toLocaleString('en-US')} images`).waitFor();
      firstPage.push(await page.evaluate(() => performance.now()));
    }
    // Scroll to the end: every page of 60 is added on the way; long tasks (> 50 ms) are counted.
    await page.evaluate(() => {
      (window as unknown as { longTasks: number[] }).longTasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) (window as unknown as { longTasks: number[] }).longTasks.push(e.duration);
      }).observe({ type: 'longtask', buffered: false });
    });
    const started = Date.now();
    while ((await page.locator('.gallery-card').count()) < COUNT) {
      await page.mouse.wheel(0, 3000);
      await page.waitForTimeout(50);
      if (Date.now() - started > 120_000) throw new Error('did not reach the end');
    }
    const scrollMs = Date.now() - started;
    const longTasks = await page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks);
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    console.log(`images: ${COUNT}, runs: ${RUNS}`);
    console.log(
      `first thumbnail painted (ms since navigation): median ${median(firstImage).toFixed(0)}, all ${firstImage.map((x) => x.toFixed(0)).join(', ')}`,
    );
    console.log(
      `first page of cards and count shown (ms): median ${median(firstPage).toFixed(0)}, all ${firstPage.map((x) => x.toFixed(0)).join(', ')}`,
    );
    console.log(
      `scrolled through all ${COUNT} cards in ${scrollMs} ms; long tasks: ${longTasks.length}, longest ${Math.max(0, ...longTasks).toFixed(0)} ms`,
    );
  } finally {
    await browser.close();
    await stack?.stop();
  }
});
