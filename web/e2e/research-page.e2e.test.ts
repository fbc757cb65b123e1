import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createVerifiedUser,
  expectAccessible,
  expectNoSidewaysScroll,
  newPage,
  openBrowser,
  type Stack,
  screenshot,
  signInWithToken,
  startStack,
} from './harness';
import { call, uploadText } from './research-support';

// Issue 13, "The research page": layout pinned to the viewport, conversations titled from their
// first question, the document selection kept with the conversation, and the search dialog,
// Fullscreen and focus details. No model is configured: the offline engine answers.
let stack: Stack;
let browser: Browser;
let user: Awaited<ReturnType<typeof createVerifiedUser>>;
let registerId: string;
let letterId: string;

const REGISTER =
  'Parish register of St Martin, Kassel. Johann Weber, son of Heinrich Weber, miller, was baptised on 3 May 1850.';
const LETTER = 'Letter from Anna Weber to her sister, Kassel, 1874: Johann and I were married in St Martin on 12 June.';
const ANSWER = [
  '## What the record shows',
  '',
  'The register records **Johann Weber**, son of *Heinrich Weber*, baptised on 3 May 1850.',
  '',
  '| Year | Event |',
  '|---|---|',
  '| 1850 | Baptism of Johann Weber |',
  '',
  '- Census returns for Kassel, 1855–1867',
].join('\n');

beforeAll(async () => {
  for (const k of ['ANTHROPIC_API_KEY', 'ANTHROPIC_BASE_URL', 'OPENAI_BASE_URL', 'LLM_PROVIDER']) delete process.env[k];
  process.env.GENERATION_FLUSH_MS = '200';
  stack = await startStack();
  browser = await openBrowser();
  user = await createVerifiedUser(stack, { name: 'Paula Page' });
  registerId = await uploadText(stack, user.token, 'st-martin-register.txt', REGISTER);
  letterId = await uploadText(stack, user.token, 'anna-letter.txt', LETTER);
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

/** A conversation saved through the API, with `exchanges` questions and long Markdown answers. */
async function seedConversation(token: string, title: string, exchanges: number): Promise<string> {
  const c = await call<{ id: string }>(stack, token, '/api/conversations', { body: { title } });
  for (let i = 0; i < exchanges; i++) {
    await call(stack, token, `/api/conversations/${c.id}/messages`, {
      body: { type: 'user', content: `Question ${i + 1}: when was Johann Weber baptised?` },
    });
    await call(stack, token, `/api/conversations/${c.id}/messages`, {
      body: { type: 'assistant', content: `${ANSWER}\n\nAnswer ${i + 1}.` },
    });
  }
  return c.id;
}

const box = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => el.getBoundingClientRect().toJSON() as DOMRect);

describe('the research page (issue 13)', () => {
  let longId: string;
  beforeAll(async () => {
    longId = await seedConversation(user.token, 'Weber baptism, long', 12);
  });

  for (const width of [1280, 375]) {
    it(`fits the viewport at ${width}x800: the list scrolls, the composer stays at the bottom, Send is visible`, async () => {
      const { context, page } = await newPage(browser, stack, width, 800);
      await signInWithToken(context, user.token);
      await page.goto(`/research?c=${longId}`);
      await page.getByText('Answer 12.').waitFor({ timeout: 20_000 });

      // The page is the viewport: nothing below it, nothing beside it.
      const size = await page.evaluate(() => ({
        page: document.documentElement.scrollHeight,
        viewport: window.innerHeight,
      }));
      expect(size.page).toBeLessThanOrEqual(size.viewport);
      await expectNoSidewaysScroll(page);

      // The message list scrolls on its own, inside the page.
      const thread = page.getByRole('region', { name: 'Messages' });
      const scroll = await thread.evaluate((el) => ({ scrollHeight: el.scrollHeight, clientHeight: el.clientHeight }));
      expect(scroll.scrollHeight).toBeGreaterThan(scroll.clientHeight);

      // Send and the composer sit at the bottom of the viewport, wherever the list is scrolled.
      const send = page.getByRole('button', { name: 'Send' });
      for (const to of ['top', 'bottom'] as const) {
        await thread.evaluate((el, where) => el.scrollTo({ top: where === 'top' ? 0 : el.scrollHeight }), to);
        const sendBox = (await send.boundingBox())!;
        expect(sendBox.y).toBeGreaterThan(0);
        expect(sendBox.y + sendBox.height).toBeLessThanOrEqual(800);
        const footer = await box(page, '.research__footer');
        expect(Math.abs(footer.bottom - 800)).toBeLessThanOrEqual(1);
      }

      // The box starts at one line (two where the hint wraps on a phone) and grows with the text,
      // then scrolls; the reading area keeps its room.
      const input = page.getByLabel('Message to Gene');
      const empty = (await input.boundingBox())!.height;
      expect(empty).toBeLessThan(width === 1280 ? 60 : 80);
      await input.fill('Line one\nLine two\nLine three\nLine four\nLine five');
      await expect
        .poll(async () => (await input.boundingBox())!.height, { timeout: 20_000 })
        .toBeGreaterThan(empty + 30);
      await input.fill(Array.from({ length: 30 }, (_, i) => `Line ${i + 1}`).join('\n'));
      await expect
        .poll(() => input.evaluate((el) => el.scrollHeight > el.clientHeight), { timeout: 20_000 })
        .toBe(true);
      const grown = (await input.boundingBox())!.height;
      expect(grown).toBeLessThanOrEqual(200);
      expect((await send.boundingBox())!.y + 40).toBeLessThanOrEqual(800);
      const footerHeight = (await box(page, '.research__footer')).height;
      expect(footerHeight).toBeLessThan(width === 1280 ? 330 : 360);
      await input.fill('');
      await expect
        .poll(async () => (await input.boundingBox())!.height, { timeout: 20_000 })
        .toBeLessThanOrEqual(empty + 1);
      // The composer at rest: well under the 235 px it took before.
      const emptyFooter = (await box(page, '.research__footer')).height;
      expect(emptyFooter).toBeLessThan(width === 1280 ? 190 : 215);

      // One main landmark; the scrolling list is reachable by keyboard; axe is clean.
      expect(await page.locator('main, [role="main"]').count()).toBe(1);
      expect(await thread.getAttribute('tabindex')).toBe('0');
      await screenshot(page, `research-page-viewport-${width}`);
      await expectAccessible(page, `research page at ${width}`);

      // On a phone with a notch and a home indicator: the page uses the whole screen
      // (viewport-fit=cover), the composer's padding clears the home indicator and the header
      // clears the status bar, and Send is still on screen.
      expect(await page.locator('meta[name="viewport"]').getAttribute('content')).toMatch(
        /(^|,)\s*viewport-fit=cover\s*(,|$)/,
      );
      const padding = () =>
        page.evaluate(() => ({
          composer: Number.parseFloat(getComputedStyle(document.querySelector('.research__footer')!).paddingBottom),
          header: Number.parseFloat(getComputedStyle(document.querySelector('.topnav')!).paddingTop),
        }));
      const plain = await padding();
      expect(plain.header).toBe(0);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setSafeAreaInsetsOverride', { insets: { top: 47, bottom: 34, left: 0, right: 0 } });
      await expect.poll(padding, { timeout: 20_000 }).toEqual({ composer: plain.composer + 34, header: 47 });
      const sendBox = (await send.boundingBox())!;
      expect(sendBox.y + sendBox.height).toBeLessThanOrEqual(800 - 34);
      await screenshot(page, `research-page-safe-area-${width}`);
      await context.close();
    });
  }

  it('titles a new conversation from its first question, still editable', async () => {
    const { context, page } = await newPage(browser, stack, 1280, 800);
    await signInWithToken(context, user.token);
    await page.goto('/research');
    const input = page.getByLabel('Message to Gene');
    await input.fill('  Who were the parents of Johann Weber, and when and where was he baptised in Kassel?  ');
    await input.press('Enter');
    const expected = 'Who were the parents of Johann Weber, and when and where was…';
    await page.locator('.conv-row--active .conv-row__title', { hasText: expected }).waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText(), { timeout: 20_000 }).toBe(expected);
    await screenshot(page, 'research-page-titled-1280');

    const row = page.locator('.conv-row--active');
    await row.getByRole('button', { name: /^Rename/ }).click();
    await page.getByLabel('Conversation title').fill('Weber parents');
    await page.getByLabel('Conversation title').press('Enter');
    await page.locator('.conv-row--active .conv-row__title', { hasText: 'Weber parents' }).waitFor();
    const id = new URL(page.url()).searchParams.get('c')!;
    await expect
      .poll(async () => (await call<{ title: string }>(stack, user.token, `/api/conversations/${id}`)).title, {
        timeout: 20_000,
      })
      .toBe('Weber parents');
    await context.close();
  });

  it('shows the title the first question gives a conversation started with New conversation, in the header as in the sidebar (issue 30, point 2)', async () => {
    const { context, page } = await newPage(browser, stack, 1280, 800);
    await signInWithToken(context, user.token);
    await page.goto('/research');
    await page.getByRole('button', { name: 'New conversation' }).click();
    const heading = page.getByRole('heading', { level: 1 });
    await expect.poll(() => heading.innerText(), { timeout: 20_000 }).toMatch(/^Research Session /);
    await expect
      .poll(() => page.locator('.conv-row--active .conv-row__title').innerText())
      .toMatch(/^Research Session /);

    const input = page.getByLabel('Message to Gene');
    await input.fill('Where was Heinrich Weber the miller born?');
    await input.press('Enter');
    const expected = 'Where was Heinrich Weber the miller born?';
    await page.locator('.conv-row--active .conv-row__title', { hasText: expected }).waitFor({ timeout: 30_000 });
    await expect.poll(() => heading.innerText(), { timeout: 20_000 }).toBe(expected);

    // A rename in the sidebar shows in the header at once, and stays after the list reloads.
    const row = page.locator('.conv-row--active');
    await row.getByRole('button', { name: /^Rename/ }).click();
    await page.getByLabel('Conversation title').fill('Heinrich Weber, miller');
    await page.getByLabel('Conversation title').press('Enter');
    await expect.poll(() => heading.innerText()).toBe('Heinrich Weber, miller');
    await page.reload();
    await expect.poll(() => heading.innerText(), { timeout: 20_000 }).toBe('Heinrich Weber, miller');
    await context.close();
  });

  for (const width of [1280, 375]) {
    it(`keeps the documents selected for a conversation across a reload, and moves focus sensibly off removed chips (${width} px)`, async () => {
      const id = await seedConversation(user.token, `Selection at ${width}`, 1);
      const { context, page } = await newPage(browser, stack, width, 800);
      await signInWithToken(context, user.token);
      await page.goto(`/research?c=${id}`);
      await page.getByText('Answer 1.').waitFor({ timeout: 20_000 });
      await page.getByRole('button', { name: /Documents: 0 selected \/ 2 available/ }).click();
      await page.getByRole('checkbox', { name: /st-martin-register\.txt/ }).check();
      await page.getByRole('checkbox', { name: /anna-letter\.txt/ }).check();
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: /Documents: 2 selected \/ 2 available/ }).waitFor();
      await expect
        .poll(
          async () =>
            (await call<{ selectedDocuments: string[] }>(stack, user.token, `/api/conversations/${id}`))
              .selectedDocuments,
          { timeout: 20_000 },
        )
        .toEqual([registerId, letterId]);

      await page.reload();
      await page.getByText('Answer 1.').waitFor({ timeout: 20_000 });
      await page.getByRole('button', { name: /Documents: 2 selected \/ 2 available/ }).waitFor({ timeout: 20_000 });
      await page.getByRole('button', { name: 'Remove anna-letter.txt' }).waitFor();
      await screenshot(page, `research-page-selection-restored-${width}`);
      await expectAccessible(page, `selection at ${width}`);

      // Removing the first chip moves focus to the next chip; removing the last, to the picker.
      await page.getByRole('button', { name: 'Remove st-martin-register.txt' }).click();
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')), { timeout: 20_000 })
        .toBe('Remove anna-letter.txt');
      await page.keyboard.press('Enter');
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''), { timeout: 20_000 })
        .toMatch(/Documents: 0 selected \/ 2 available/);
      await expect
        .poll(
          async () =>
            (await call<{ selectedDocuments: string[] }>(stack, user.token, `/api/conversations/${id}`))
              .selectedDocuments,
          { timeout: 20_000 },
        )
        .toEqual([]);
      await page.reload();
      await page.getByText('Answer 1.').waitFor({ timeout: 20_000 });
      await page.getByRole('button', { name: /Documents: 0 selected \/ 2 available/ }).waitFor();
      await context.close();
    });
  }

  for (const width of [1280, 375]) {
    it(`search focuses its box, is wide enough, and shows text, not Markdown (${width} px)`, async () => {
      const searcher = await createVerifiedUser(stack, { name: `Sam Search ${width}` });
      await seedConversation(searcher.token, 'Weber baptism', 1);
      const { context, page } = await newPage(browser, stack, width, 800);
      await signInWithToken(context, searcher.token);
      await page.goto('/research');
      if (width < 768) await page.getByRole('button', { name: 'Conversations' }).click();
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      const searchBox = page.getByLabel('Search your conversations');
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.id), { timeout: 20_000 })
        .toBe('conversation-search');
      expect((await searchBox.boundingBox())!.width).toBeGreaterThan(width === 1280 ? 400 : 250);
      await page.keyboard.type('Weber');
      await page.keyboard.press('Enter');
      await page.locator('.search-hit mark').first().waitFor({ timeout: 20_000 });
      const previews = await page.locator('.search-hit__preview').allInnerTexts();
      expect(previews.length).toBeGreaterThan(0);
      const text = previews.join('\n');
      expect(text).toContain('Weber');
      for (const mark of ['##', '**', '|---', '| Year']) expect(text).not.toContain(mark);
      await screenshot(page, `research-page-search-${width}`);
      await expectAccessible(page, `search at ${width}`);
      await context.close();
    });
  }

  it('leaves Fullscreen with Escape', async () => {
    const { context, page } = await newPage(browser, stack, 1280, 800);
    await signInWithToken(context, user.token);
    await page.goto(`/research?c=${longId}`);
    await page.getByText('Answer 12.').waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Fullscreen' }).click();
    await page.getByRole('button', { name: 'Exit Fullscreen' }).waitFor();
    await page.locator('.research--fullscreen').waitFor();
    await screenshot(page, 'research-page-fullscreen-1280');
    await page.keyboard.press('Escape');
    await page.locator('.research--fullscreen').waitFor({ state: 'detached', timeout: 20_000 });
    expect(await page.getByRole('button', { name: 'Fullscreen' }).getAttribute('aria-pressed')).toBe('false');
    await context.close();
  });

  for (const width of [1280, 375]) {
    it(`after deleting a conversation focus goes to the next one, then to New conversation (${width} px)`, async () => {
      const owner = await createVerifiedUser(stack, { name: `Dora Delete ${width}` });
      // Listed newest first: Third, Second, First.
      for (const title of ['First', 'Second', 'Third'])
        await call(stack, owner.token, '/api/conversations', { body: { title } });
      const { context, page } = await newPage(browser, stack, width, 800);
      await signInWithToken(context, owner.token);
      await page.goto('/research');
      if (width < 768) await page.getByRole('button', { name: 'Conversations' }).click();
      await page.locator('.conv-row__open', { hasText: 'First' }).waitFor({ timeout: 20_000 });
      const focusedText = () => page.evaluate(() => document.activeElement?.textContent ?? '');
      const remove = async (title: string) => {
        await page.getByRole('button', { name: `Delete ${title}` }).click();
        await page
          .getByRole('dialog', { name: 'Delete conversation?' })
          .getByRole('button', { name: 'Delete' })
          .click();
        await page.locator('.conv-row__open', { hasText: title }).waitFor({ state: 'detached', timeout: 20_000 });
      };
      await remove('Second');
      await expect.poll(focusedText, { timeout: 20_000 }).toMatch(/^First/);
      await remove('First');
      // The last row deleted: the one before it.
      await expect.poll(focusedText, { timeout: 20_000 }).toMatch(/^Third/);
      await remove('Third');
      await expect.poll(focusedText, { timeout: 20_000 }).toBe('New conversation');
      await screenshot(page, `research-page-deleted-all-${width}`);
      await expectAccessible(page, `empty list at ${width}`);
      await context.close();
    });
  }
});
