import type { Browser, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  type createVerifiedUser,
  expectAccessible,
  expectNoSidewaysScroll,
  newPage,
  type Stack,
  screenshot,
  signInWithToken,
} from './harness';
import { withWhitfieldLibrary } from './research-support';

// Issue 13, "Gene's answers": with no model configured, Gene answers the question's form first,
// cites by file name and page (a link that opens the viewer), keeps an unrelated document out,
// and its tables neither break words nor widen the page.
let stack: Stack;
let browser: Browser;
let user: Awaited<ReturnType<typeof createVerifiedUser>>;
let certificateId: string;

const CERTIFICATE = 'whitfield-certificate.pdf';
const OBITUARY = 'sullivan-obituary.txt';

withWhitfieldLibrary(CERTIFICATE, OBITUARY, (library) => {
  ({ stack, browser, user, certificateId } = library);
});

/** Opens Research, selects both documents and asks; resolves with Gene's finished answer. */
async function ask(page: Page, question: string): Promise<Locator> {
  await page.goto('/research');
  await page.getByRole('button', { name: /Documents: 0 selected \/ 2 available/ }).click({ timeout: 20_000 });
  await page.getByRole('checkbox', { name: new RegExp(CERTIFICATE.replace('.', '\\.')) }).check();
  await page.getByRole('checkbox', { name: new RegExp(OBITUARY.replace('.', '\\.')) }).check();
  await page.keyboard.press('Escape');
  await page.getByLabel('Message to Gene').fill(question);
  await page.getByLabel('Message to Gene').press('Enter');
  const answer = page.locator('.msg--assistant .answer').last();
  await answer.getByRole('heading', { name: 'Records to search next' }).waitFor({ timeout: 30_000 });
  await page.getByText('Gene is writing…').waitFor({ state: 'detached', timeout: 30_000 });
  return answer;
}

/** Every word of every table cell sits on one line: a word broken mid-word has two line boxes. */
function brokenWords(table: Locator): Promise<string[]> {
  return table.evaluate((el) => {
    const broken: string[] = [];
    for (const cell of el.querySelectorAll('th, td')) {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.nodeValue ?? '';
        for (const m of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, m.index ?? 0);
          range.setEnd(node, (m.index ?? 0) + m[0].length);
          const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          if (lines.size > 1) broken.push(m[0]);
        }
      }
    }
    return broken;
  });
}

/** Each header cell's text is on one line: its height is one line height. */
function headerLines(table: Locator): Promise<number[]> {
  return table.locator('th').evaluateAll((cells) =>
    cells.map((th) => {
      const style = getComputedStyle(th);
      const content = th.clientHeight - Number.parseFloat(style.paddingTop) - Number.parseFloat(style.paddingBottom);
      return Math.round(content / Number.parseFloat(style.lineHeight));
    }),
  );
}

describe('Gene’s answers (offline engine)', () => {
  it('leads with the direct answer and its source, cites file and page, and opens the viewer at that page (1280 px)', async () => {
    const { context, page } = await newPage(browser, stack, 1280);
    await signInWithToken(context, user.token);
    const answer = await ask(page, 'Who were the parents of John Henry Whitfield and when did he marry?');

    const lead = await answer.locator('p').first().innerText();
    expect(lead).toBe(
      `John Henry Whitfield's parents were Thomas Whitfield and Mary Ann Whitfield (${CERTIFICATE}, p. 2); he married on 14 June 1887 in Raleigh (${CERTIFICATE}, p. 2).`,
    );
    const text = await answer.innerText();
    // The obituary of another family is selected too, and stays out of the answer.
    expect(text).not.toMatch(/Sullivan|Byrne|Boston/);
    // No bare document ids: sources are file names.
    expect(text).not.toMatch(/[0-9a-f]{24}/);
    const quotes = await answer.locator('h2:text("What your documents say") + ul > li').allInnerTexts();
    expect(quotes.length).toBeGreaterThan(1);
    expect(new Set(quotes).size).toBe(quotes.length);

    const citation = answer
      .locator('p')
      .first()
      .getByRole('link', { name: `${CERTIFICATE}, p. 2` })
      .first();
    expect(await citation.getAttribute('href')).toBe(`/documents?view=${certificateId}&page=2`);

    // The timeline's table: no word broken, each header on one line, no sideways scroll at this width.
    const table = answer.locator('.answer__table table');
    await table.waitFor();
    expect(await brokenWords(table)).toEqual([]);
    expect(await headerLines(table)).toEqual([1, 1, 1, 1, 1]);
    const box = answer.locator('.answer__table');
    expect(await box.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await expectNoSidewaysScroll(page);
    await answer.locator('p').first().scrollIntoViewIfNeeded();
    await screenshot(page, 'research-answers-direct-1280');
    await box.scrollIntoViewIfNeeded();
    await screenshot(page, 'research-answers-table-1280');
    await expectAccessible(page, 'research answer');

    // A click opens the document's viewer here, at the cited page.
    await citation.click();
    const viewer = page.getByRole('dialog', { name: CERTIFICATE });
    await viewer.getByText('Page 2 of 2').waitFor({ timeout: 20_000 });
    await screenshot(page, 'research-answers-viewer-1280');
    await viewer.getByRole('button', { name: 'Close' }).last().click();
    await viewer.waitFor({ state: 'detached' });

    // The link's address opens the viewer on the documents page too (a new tab, a copied link).
    await page.goto(`/documents?view=${certificateId}&page=2`);
    const documentsViewer = page.getByRole('dialog', { name: `Viewing ${CERTIFICATE}` });
    await documentsViewer.getByText('Page 2 of 2').waitFor({ timeout: 20_000 });
    await expect
      .poll(() => documentsViewer.getByRole('img', { name: `${CERTIFICATE}, page 2` }).count(), { timeout: 20_000 })
      .toBe(1);
    await screenshot(page, 'research-answers-documents-viewer-1280');
    await expectAccessible(page, 'documents viewer from a citation');
    await documentsViewer.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => new URL(page.url()).search, { timeout: 20_000 }).toBe('');
    await context.close();
  });

  it('answers where, attributes by sentence, and scrolls a wide table inside the message (375 px)', async () => {
    const { context, page } = await newPage(browser, stack, 375, 800);
    await signInWithToken(context, user.token);
    const answer = await ask(page, 'Where was Margaret Byrne born?');

    // The obituary's sentence about Michael Sullivan's wife gives her, not him, the 1843 birth.
    expect(await answer.locator('p').first().innerText()).toBe(
      `Margaret Byrne was born in 1843 in County Cork (${OBITUARY}).`,
    );
    const row = answer.locator('.answer__table tr', { hasText: '1843' });
    expect(await row.locator('td').nth(2).innerText()).toBe('Margaret Byrne');
    expect(await answer.innerText()).not.toMatch(/Whitfield/);

    const box = answer.locator('.answer__table');
    const table = box.locator('table');
    expect(await brokenWords(table)).toEqual([]);
    expect(await headerLines(table)).toEqual([1, 1, 1, 1, 1]);
    // Wider than the message: it scrolls sideways inside it, and the page does not.
    expect(await box.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await expectNoSidewaysScroll(page);
    await box.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => box.evaluate((el) => el.scrollLeft), { timeout: 20_000 }).toBeGreaterThan(0);
    await box.scrollIntoViewIfNeeded();
    await screenshot(page, 'research-answers-table-375');
    await answer.locator('p').first().scrollIntoViewIfNeeded();
    await screenshot(page, 'research-answers-direct-375');
    await expectAccessible(page, 'research answer at 375 px');
    await context.close();
  });
});
