import type { IndividualSummary, PeopleHint } from '@gnology/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KENNEDY_CERTIFICATE, KENNEDY_GED } from '../../services/documents/test/fixtures/gedcom/kennedy';
import {
  createVerifiedUser,
  expectAccessible,
  expectNoSidewaysScroll,
  newPage,
  openBrowser,
  type Stack,
  signInWithToken,
  startStack,
} from './harness';
import { call, uploadText } from './research-support';

/**
 * Issue 32, hints, as a user would meet them in Chromium: a family tree imported on the People
 * page (a third-party file, the Kennedys of pres2020.ged), then a death certificate uploaded that
 * names the President and his father. A "Hints" list appears with the reasons; the President's
 * page shows his hint; Accept makes him one person with the certificate as evidence beside the
 * tree's claims; Reject (with the keyboard) takes the father's hint away, still gone after a reload.
 */
let stack: Stack;
let browser: Browser;
let token: string;

const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/people-hints-${name}.png`, fullPage: true });
const hints = async () => (await call<{ hints: PeopleHint[] }>(stack, token, '/api/people/hints')).hints;

beforeAll(async () => {
  for (const k of ['ANTHROPIC_API_KEY', 'ANTHROPIC_BASE_URL', 'OPENAI_BASE_URL', 'LLM_PROVIDER', 'REDIS_URL'])
    delete process.env[k];
  stack = await startStack();
  browser = await openBrowser();
  token = (await createVerifiedUser(stack, { name: 'Kay Kennedy' })).token;
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

describe('hints on the People page and a person page', () => {
  it('a certificate naming people of the tree: hints with reasons, accept adds the evidence, reject is remembered', async () => {
    const { context, page } = await newPage(browser, stack, 1280);
    await signInWithToken(context, token);
    await page.goto('/people');
    await page.getByText('Already have a family tree?').waitFor({ timeout: 20_000 });

    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByRole('button', { name: 'Import GEDCOM' }).click(),
    ]);
    await chooser.setFiles({ name: 'kennedy-pres2020.ged', mimeType: 'application/octet-stream', buffer: KENNEDY_GED });
    await page.getByRole('region', { name: 'Import finished' }).waitFor({ timeout: 60_000 });
    // With a tree and no documents yet: the empty state of the hints.
    const section = page.getByRole('region', { name: /^Hints/ });
    await section.getByText(/No hints yet/).waitFor({ timeout: 20_000 });

    await uploadText(stack, token, 'kennedy-death-1963.txt', KENNEDY_CERTIFICATE);
    // The worker matches the certificate's people to the tree once the index has them.
    await expect.poll(async () => (await hints()).length, { timeout: 60_000, interval: 500 }).toBe(2);

    await page.reload();
    await section.getByRole('heading', { name: 'Hints (2)' }).waitFor({ timeout: 20_000 });
    const president = section.getByRole('listitem').filter({ hasText: /^John Fitzgerald Kennedy in/ });
    const text = (await president.textContent()) ?? '';
    expect(text).toMatch(/may be John Fitzgerald Kennedy of your tree/);
    expect(text).toMatch(/Strong match/);
    for (const reason of ['Born 1917 in both', 'Died 1963 in both', 'Father Joseph Patrick Kennedy in both'])
      expect(text).toContain(reason);
    await expectAccessible(page, 'people with hints');
    for (const width of [1280, 768, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoSidewaysScroll(page);
      await shot(page, `list-${width}`);
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    // The page of the certificate's Joseph Patrick Kennedy (a person of the documents) shows his hint.
    const fromDocuments = (
      await call<{ individuals: IndividualSummary[] }>(stack, token, '/api/people')
    ).individuals.find((p) => p.origin === 'documents' && p.name === 'Joseph Patrick Kennedy');
    await page.goto(`/people/${fromDocuments?.id}`);
    const his = page.getByRole('region', { name: '1 hint from your documents' });
    await his.waitFor({ timeout: 20_000 });
    expect(await his.textContent()).toMatch(/may be Joseph Patrick Kennedy I of your tree/);
    await page.goto('/people');

    // The President's page: his hint with its reasons; Accept.
    await president.getByRole('link', { name: 'John Fitzgerald Kennedy' }).click();
    await page.getByRole('heading', { level: 1, name: 'John Fitzgerald Kennedy' }).waitFor({ timeout: 20_000 });
    const own = page.getByRole('region', { name: '1 hint from your documents' });
    expect(await own.textContent()).toMatch(/John Fitzgerald Kennedy in kennedy-death-1963\.txt may be this person/);
    await expectAccessible(page, 'tree person with a hint');
    await page.setViewportSize({ width: 375, height: 900 });
    await expectNoSidewaysScroll(page);
    await shot(page, 'person-hint-375');
    await page.setViewportSize({ width: 1280, height: 900 });
    await own.getByRole('button', { name: 'Accept' }).click();
    // One person now: the tree's claims and the certificate as evidence, apart.
    await page.getByText('In your tree and your documents').waitFor({ timeout: 20_000 });
    expect(await own.count()).toBe(0);
    expect(await page.getByRole('region', { name: 'What your tree says' }).textContent()).toMatch(/Brookline/);
    await page
      .getByRole('link', { name: /kennedy-death-1963\.txt/ })
      .first()
      .waitFor();
    await expectAccessible(page, 'person from tree and documents');
    await shot(page, 'person-both-1280');
    const listed = (await call<{ individuals: IndividualSummary[] }>(stack, token, '/api/people')).individuals.filter(
      (p) => p.name === 'John Fitzgerald Kennedy',
    );
    expect(listed.map((p) => [p.origin, p.documentCount])).toEqual([['both', 1]]);

    // Back on the list: the father's hint, rejected with the keyboard; still gone after a reload.
    await page.goto('/people');
    await section.getByRole('heading', { name: 'Hints (1)' }).waitFor({ timeout: 20_000 });
    const father = section.getByRole('listitem').filter({ hasText: /^Joseph Patrick Kennedy in/ });
    expect(await father.textContent()).toMatch(/Son John Fitzgerald Kennedy in both/);
    await father.getByRole('button', { name: 'Reject' }).focus();
    await page.keyboard.press('Enter');
    await section.getByRole('heading', { name: 'Hints (0)' }).waitFor({ timeout: 20_000 });
    await page.reload();
    await section.getByText(/No hints yet/).waitFor({ timeout: 20_000 });
    expect(await hints()).toEqual([]);
    await expectAccessible(page, 'people, hints decided');
    await page.setViewportSize({ width: 375, height: 900 });
    await shot(page, 'decided-375');
    await context.close();
  }, 240_000);
});
