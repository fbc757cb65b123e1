import type { Browser } from 'playwright-core';
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

// Issue 16, "Retrieval" (decision 0170): a new user uploads a marriage certificate and asks about
// it without selecting anything; Gene finds it in the library, answers with the citation, and
// lists it under "Sources used", where it can be pinned or dropped.
let stack: Stack;
let browser: Browser;
let user: Awaited<ReturnType<typeof createVerifiedUser>>;
let certificateId: string;

const CERTIFICATE = 'marriage.pdf';
const OBITUARY = 'sullivan-obituary.txt';

withWhitfieldLibrary(CERTIFICATE, OBITUARY, (library) => {
  ({ stack, browser, user, certificateId } = library);
});

describe('Gene searches the library (offline engine)', () => {
  it('answers without a selection, cites the certificate and page, and lists it under Sources used (1280 px)', async () => {
    const { context, page } = await newPage(browser, stack, 1280);
    await signInWithToken(context, user.token);
    await page.goto('/research');
    await page.getByRole('button', { name: /Documents: 0 selected \/ 2 available/ }).waitFor({ timeout: 20_000 });
    await page
      .getByLabel('Message to Gene')
      .fill('Who were the parents of John Henry Whitfield and when did he marry?');
    await page.getByLabel('Message to Gene').press('Enter');
    const answer = page.locator('.msg--assistant .answer').last();
    await answer.getByRole('heading', { name: 'Records to search next' }).waitFor({ timeout: 30_000 });
    await page.getByText('Gene is writing…').waitFor({ state: 'detached', timeout: 30_000 });

    const lead = await answer.locator('p').first().innerText();
    expect(lead).toBe(
      `John Henry Whitfield's parents were Thomas Whitfield and Mary Ann Whitfield (${CERTIFICATE}, p. 2); he married on 14 June 1887 in Raleigh (${CERTIFICATE}, p. 2).`,
    );
    expect(await answer.innerText()).not.toMatch(/No documents selected|You have not selected any documents|Sullivan/);
    const citation = answer
      .locator('p')
      .first()
      .getByRole('link', { name: `${CERTIFICATE}, p. 2` })
      .first();
    expect(await citation.getAttribute('href')).toBe(
      `/documents?view=${certificateId}&page=2&q=John%20Henry%20Whitfield`,
    );

    const sources = page.getByRole('list', { name: 'Sources used' }).last();
    await sources.waitFor();
    expect(await sources.getByRole('link').first().innerText()).toMatch(
      new RegExp(`^${CERTIFICATE.replace('.', '\\.')}, p\\. .*2`),
    );
    await expectNoSidewaysScroll(page);
    await sources.scrollIntoViewIfNeeded();
    await screenshot(page, 'research-retrieval-sources-1280');
    await expectAccessible(page, 'research answer with sources used');

    // Pin: the certificate joins the selection.
    await sources.getByRole('button', { name: `Pin ${CERTIFICATE}: add it to the selected documents` }).click();
    await page.getByRole('button', { name: /Documents: 1 selected \/ 2 available/ }).waitFor({ timeout: 10_000 });
    expect(await sources.getByText('pinned').count()).toBe(1);

    // The sources are saved with the answer: the conversation reopened still lists them.
    await page.reload();
    const reopened = page.getByRole('list', { name: 'Sources used' }).last();
    await reopened.waitFor({ timeout: 20_000 });
    expect(await reopened.getByRole('link').first().innerText()).toMatch(
      new RegExp(`^${CERTIFICATE.replace('.', '\\.')}, p\\. .*2`),
    );
    await context.close();
  });

  it('drops a found document from the next question only', async () => {
    const { context, page } = await newPage(browser, stack, 1280);
    await signInWithToken(context, user.token);
    await page.goto('/research');
    const message = page.getByLabel('Message to Gene');
    await message.waitFor({ timeout: 20_000 });
    const askAndWait = async (q: string) => {
      await message.fill(q);
      await message.press('Enter');
      await page
        .getByText('Gene is writing…')
        .waitFor({ state: 'attached', timeout: 30_000 })
        .catch(() => {});
      await page.getByText('Gene is writing…').waitFor({ state: 'detached', timeout: 30_000 });
    };
    await askAndWait('When did John Henry Whitfield marry?');
    const first = page.getByRole('list', { name: 'Sources used' }).last();
    await first.getByRole('button', { name: `Drop ${CERTIFICATE} from the next question's search` }).click();
    await first.getByText('dropped from the next question').waitFor();
    await askAndWait('When did John Henry Whitfield marry?');
    const last = page.locator('.msg--assistant').last();
    expect(await last.innerText()).not.toContain(`${CERTIFICATE}, p. 2`);
    await context.close();
  });

  it('lists the selected document first under Sources used, then what the search found (issue 30, point 1)', async () => {
    const { context, page } = await newPage(browser, stack, 1280);
    await signInWithToken(context, user.token);
    await page.goto('/research');
    await page.getByRole('button', { name: 'New conversation' }).click();
    const picker = page.getByRole('button', { name: /Documents: 0 selected \/ 2 available/ });
    await picker.waitFor({ timeout: 20_000 });
    await picker.click();
    await page.getByRole('checkbox', { name: new RegExp(`^${OBITUARY.replace('.', '\\.')}`) }).check();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /Documents: 1 selected \/ 2 available/ }).waitFor({ timeout: 10_000 });

    const message = page.getByLabel('Message to Gene');
    await message.fill('Who were the parents of John Henry Whitfield and when did he marry?');
    await message.press('Enter');
    const sources = page.getByRole('list', { name: 'Sources used' }).last();
    await sources.waitFor({ timeout: 30_000 });
    await page.getByText('Gene is writing…').waitFor({ state: 'detached', timeout: 30_000 });

    // The selection first (read whole: no pages, marked selected, neither pinned nor droppable), then the certificate found.
    const items = sources.getByRole('listitem');
    expect(await items.first().getByRole('link').innerText()).toBe(OBITUARY);
    expect(await items.first().locator('.sources-used__state').innerText()).toBe('selected');
    expect(await items.first().getByRole('button').count()).toBe(0);
    expect(await items.nth(1).getByRole('link').innerText()).toMatch(
      new RegExp(`^${CERTIFICATE.replace('.', '\\.')}, p\\. .*2`),
    );
    expect(await sources.getByRole('link', { name: new RegExp(`^${OBITUARY.replace('.', '\\.')}`) }).count()).toBe(1);
    await expectAccessible(page, 'research answer with a selected source');

    // Saved so with the answer: the conversation reopened lists them in the same order.
    await page.reload();
    const reopened = page.getByRole('list', { name: 'Sources used' }).last();
    await reopened.waitFor({ timeout: 20_000 });
    expect(await reopened.getByRole('listitem').first().getByRole('link').innerText()).toBe(OBITUARY);
    await context.close();
  });
});
