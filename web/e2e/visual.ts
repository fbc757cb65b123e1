import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Tests that look (issue 30): a screenshot compared with a committed baseline, and an overlay's
 * place on the screen. How to update a baseline: docs/testing.md.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
export const BASELINES = path.join(here, 'baselines');
const RESULTS = path.resolve(here, '../../test-results/visual');

/**
 * pixelmatch's per-pixel colour distance (0..1): below it two pixels count as the same. 0.1 is
 * its default; anti-aliasing differences are not counted at all (pixelmatch detects them).
 */
const THRESHOLD = 0.1;
/**
 * The share of pixels that may differ before a screenshot fails. Repeated runs, and runs beside
 * the unit suite, differ by 0 pixels (docs/decisions/0218-visual-baselines.md); 0.1 % still lets
 * a 1280x900 page through with a 1,100-pixel change (a word re-wrapped), which is then a real change.
 */
export const MAX_DIFF_RATIO = 0.001;

const updating = () => process.env.UPDATE_BASELINES === '1';

/** A magenta no page uses: a masked box is plain to see in a baseline. */
const MASK_COLOR = '#ff00ff';

/**
 * The page as a user sees it once it has settled: web fonts loaded, images decoded, no transition
 * running. Two screenshots in a row must agree (up to 5 tries), so a late re-render is waited for
 * rather than captured half-way.
 */
async function settledScreenshot(
  page: Page,
  opts: { mask: Locator[]; fullPage: boolean; clip?: Locator },
): Promise<Buffer> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all(
      Array.from(document.images)
        .filter((img) => img.complete === false)
        .map((img) => new Promise((resolve) => img.addEventListener('load', resolve, { once: true }))),
    );
  });
  const take = () =>
    (opts.clip ?? page).screenshot({
      animations: 'disabled',
      caret: 'hide',
      scale: 'css',
      mask: opts.mask,
      maskColor: MASK_COLOR,
      ...(opts.clip ? {} : { fullPage: opts.fullPage }),
    });
  let previous = await take();
  for (let i = 0; i < 5; i++) {
    await page.waitForTimeout(150);
    const next = await take();
    if (next.equals(previous)) return next;
    previous = next;
  }
  return previous;
}

export interface BaselineOptions {
  /** Whatever still varies between runs (times, generated ids, phone numbers) is painted over. */
  mask?: Locator[];
  /** The whole scrollable page (default) or only the viewport (an overlay is over the viewport). */
  fullPage?: boolean;
}

/**
 * The page looks as web/e2e/baselines/<name>.png does, to a small tolerance. A missing baseline
 * fails (baselines are committed and reviewed) unless UPDATE_BASELINES=1, which writes it; on a
 * difference the actual, expected and diff images land in test-results/visual/.
 */
export async function expectMatchesBaseline(page: Page, name: string, opts: BaselineOptions = {}): Promise<void> {
  const actual = await settledScreenshot(page, { mask: opts.mask ?? [], fullPage: opts.fullPage ?? true });
  const file = path.join(BASELINES, `${name}.png`);
  if (updating()) {
    mkdirSync(BASELINES, { recursive: true });
    const before = existsSync(file) ? compare(readFileSync(file), actual) : undefined;
    if (before?.differing === 0) return;
    writeFileSync(file, actual);
    console.warn(
      `visual: wrote ${name}.png (${before ? (before.sizeMismatch ?? `${before.differing} pixels differed`) : 'new'})`,
    );
    return;
  }
  if (!existsSync(file)) {
    const written = writeResult(name, 'actual', actual);
    throw new Error(
      `visual: no baseline ${path.relative(process.cwd(), file)}; the screenshot is ${written}. Run with UPDATE_BASELINES=1, look at it and commit it.`,
    );
  }
  const result = compare(readFileSync(file), actual);
  if (result.sizeMismatch) {
    const written = writeResult(name, 'actual', actual);
    throw new Error(`visual: ${name} is ${result.sizeMismatch}; the screenshot is ${written}`);
  }
  const ratio = result.differing / result.total;
  // Said even when it passes: how much a run differs is what the tolerance was chosen from.
  if (result.differing > 0) console.warn(`visual: ${name} differs in ${result.differing} pixels`);
  if (ratio > MAX_DIFF_RATIO) {
    writeResult(name, 'expected', readFileSync(file));
    writeResult(name, 'actual', actual);
    const diff = writeResult(name, 'diff', PNG.sync.write(result.diff));
    const where = result.box ? ` in x ${result.box.x0}..${result.box.x1}, y ${result.box.y0}..${result.box.y1}` : '';
    throw new Error(
      `visual: ${name} differs from its baseline in ${result.differing} pixels (${(ratio * 100).toFixed(3)} %, limit ${(MAX_DIFF_RATIO * 100).toFixed(3)} %)${where}; diff: ${diff}`,
    );
  }
}

interface Comparison {
  differing: number;
  total: number;
  diff: PNG;
  sizeMismatch?: string;
  box?: { x0: number; y0: number; x1: number; y1: number };
}

/** pixelmatch over two PNGs of the same size; the box around every differing pixel. */
export function compare(expectedPng: Buffer, actualPng: Buffer): Comparison {
  const expected = PNG.sync.read(expectedPng);
  const actual = PNG.sync.read(actualPng);
  const { width, height } = expected;
  const diff = new PNG({ width, height });
  if (actual.width !== width || actual.height !== height) {
    return {
      differing: width * height,
      total: width * height,
      diff,
      sizeMismatch: `${actual.width}x${actual.height} px, its baseline ${width}x${height} px`,
    };
  }
  const differing = pixelmatch(expected.data, actual.data, diff.data, width, height, { threshold: THRESHOLD });
  let box: Comparison['box'];
  if (differing > 0) {
    box = { x0: width, y0: height, x1: 0, y1: 0 };
    // pixelmatch paints a differing pixel red (255, 0, 0) in the diff; anti-aliasing yellow.
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        const i = (y * width + x) * 4;
        if (diff.data[i] === 255 && diff.data[i + 1] === 0 && diff.data[i + 2] === 0) {
          box.x0 = Math.min(box.x0, x);
          box.y0 = Math.min(box.y0, y);
          box.x1 = Math.max(box.x1, x);
          box.y1 = Math.max(box.y1, y);
        }
      }
  }
  return { differing, total: width * height, diff, box };
}

function writeResult(name: string, kind: 'actual' | 'expected' | 'diff', png: Buffer): string {
  mkdirSync(RESULTS, { recursive: true });
  const file = path.join(RESULTS, `${name}.${kind}.png`);
  writeFileSync(file, png);
  return path.relative(process.cwd(), file);
}

/**
 * An overlay (dialog, popover, menu) is where the user sees it: its box lies inside the viewport,
 * and at its centre and near its four corners the topmost element belongs to it (nothing of the
 * page lies above it, and it is not hidden below the footer). `inset` keeps the corner points
 * clear of rounded corners.
 */
export async function expectOverlayGeometry(overlay: Locator, what: string, inset = 8): Promise<void> {
  const g = await overlay.evaluate((el, d) => {
    const r = el.getBoundingClientRect();
    const points: [number, number][] = [
      [r.left + r.width / 2, r.top + r.height / 2],
      [r.left + d, r.top + d],
      [r.right - d, r.top + d],
      [r.left + d, r.bottom - d],
      [r.right - d, r.bottom - d],
    ];
    const describe = (n: Element | null) =>
      n
        ? `${n.tagName.toLowerCase()}${n.className && typeof n.className === 'string' ? `.${n.className}` : ''}`
        : 'nothing';
    return {
      box: { left: r.left, top: r.top, right: r.right, bottom: r.bottom },
      viewport: { width: window.innerWidth, height: window.innerHeight },
      outside: points
        .map(([x, y]) => ({ x: Math.round(x), y: Math.round(y), hit: document.elementFromPoint(x, y) }))
        .filter((p) => !(p.hit && el.contains(p.hit)))
        .map((p) => `(${p.x}, ${p.y}): ${describe(p.hit)}`),
    };
  }, inset);
  expect(g.box.right - g.box.left, `${what}: has a size`).toBeGreaterThan(0);
  const inside =
    g.box.left >= -0.5 &&
    g.box.top >= -0.5 &&
    g.box.right <= g.viewport.width + 0.5 &&
    g.box.bottom <= g.viewport.height + 0.5;
  expect(
    inside,
    `${what}: ${JSON.stringify(g.box)} lies within the ${g.viewport.width}x${g.viewport.height} viewport`,
  ).toBe(true);
  expect(g.outside, `${what}: the topmost element at these points is not the overlay's`).toEqual([]);
}
