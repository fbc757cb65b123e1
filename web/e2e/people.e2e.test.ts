import type { IndividualDetail, IndividualSummary } from '@gnology/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAMILY } from './fixtures/family';
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
import { call, downloadText, uploadText } from './research-support';

/**
 * Issue 16, "People index", tried as a new user would in Chromium: the records of one family are
 * uploaded; /people shows the family grouped with its evidence and the planted conflict (two
 * birth years for John Henry Whitfield); the user renames, splits a mention off the bride and merges
 * it back, exports GEDCOM and copies a document's citation.
 */
let stack: Stack;
let browser: Browser;
let token: string;
const ids: Record<string, string> = {};

const JOHN = 'John Henry Whitfield';
const people = async () => (await call<{ individuals: IndividualSummary[] }>(stack, token, '/api/people')).individuals;
const named = (list: IndividualSummary[], name: string) => list.find((p) => p.name === name);

/** Saved where the brief asks, to be looked at. */
const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/people-${name}.png`, fullPage: true });

beforeAll(async () => {
  // The offline engine, and the embedded job queue in this stack's own database.
  for (const k of ['ANTHROPIC_API_KEY', 'ANTHROPIC_BASE_URL', 'OPENAI_BASE_URL', 'LLM_PROVIDER', 'REDIS_URL'])
    delete process.env[k];
  stack = await startStack();
  browser = await openBrowser();
  token = (await createVerifiedUser(stack, { name: 'Wanda Whitfield' })).token;
  for (const doc of Object.values(FAMILY)) ids[doc.name] = await uploadText(stack, token, doc.name, doc.text);
  // The index is built on the worker from document.processed: wait until all four records are in it.
  const deadline = Date.now() + 60_000;
  let found = 0;
  while (Date.now() < deadline && found !== 4) {
    found = named(await people(), JOHN)?.documentCount ?? 0;
    if (found !== 4) await new Promise((r) => setTimeout(r, 500));
  }
  if (found !== 4)
    throw new Error(`${JOHN} is in ${found} documents of the index, not 4: ${JSON.stringify(await people())}`);
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

describe('the people page', () => {
  it('shows a new user the empty state with the way to Documents', async () => {
    const newcomer = await createVerifiedUser(stack, { name: 'Nora Newcomer' });
    const { context, page } = await newPage(browser, stack, 1280);
    await signInWithToken(context, newcomer.token);
    await page.goto('/people');
    await page
      .getByText('No people yet — upload a record and GNology will find the people in it')
      .waitFor({ timeout: 20_000 });
    expect(await page.getByRole('main').getByRole('link', { name: 'Go to Documents' }).getAttribute('href')).toBe(
      '/documents',
    );
    expect(await page.title()).toBe('People | GNology');
    await expectAccessible(page, 'people, empty');
    await shot(page, 'empty-1280');
    await context.close();
  });

  it('lists the family with life years, documents and the conflict badge, filters, at 1280, 768 and 400 px', async () => {
    const { context, page } = await newPage(browser, stack, 1280);
    await signInWithToken(context, token);
    await page.goto('/research');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'People', exact: true }).click();
    await page.waitForURL('**/people');
    const list = page.getByRole('list', { name: 'People' });
    await list.waitFor({ timeout: 20_000 });
    const john = list.getByRole('listitem').filter({ has: page.getByRole('link', { name: JOHN, exact: true }) });
    expect(await john.textContent()).toMatch(/4 documents/);
    expect(await john.textContent()).toMatch(/1 conflict/);
    // The bride's maiden name (certificate) and married name (obituary, "his wife") are one person:
    // the same husband, agreeing given names (issue 28), so she is listed once.
    for (const name of ['Thomas Whitfield', 'Mary Ann Whitfield', 'Sarah Elizabeth Cole', 'Robert Cole']) {
      expect(await list.getByRole('link', { name, exact: true }).count(), name).toBe(1);
    }
    await expectAccessible(page, 'people list');
    for (const width of [1280, 768, 400]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoSidewaysScroll(page);
      await shot(page, `list-${width}`);
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    // The filter asks the server, which knows the spellings; the others leave the list.
    await page.getByLabel('Filter people').fill('Cole');
    await expect.poll(() => list.getByRole('link', { name: JOHN, exact: true }).count(), { timeout: 10_000 }).toBe(0);
    expect(await list.getByRole('link', { name: 'Robert Cole', exact: true }).count()).toBe(1);
    await page.getByLabel('Filter people').fill('Zebulon');
    await page.getByText('No one in your documents matches “Zebulon”.').waitFor({ timeout: 10_000 });
    await context.close();
  });

  it("shows John Henry's evidence, timeline, relatives and the two documents that disagree on his birth", async () => {
    const { context, page } = await newPage(browser, stack, 1280);
    await signInWithToken(context, token);
    await page.goto('/people');
    await page.getByRole('link', { name: JOHN, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: JOHN }).waitFor({ timeout: 20_000 });
    expect(await page.title()).toBe(`${JOHN} | GNology`);
    expect(await page.getByText('Also written as:').locator('..').textContent()).toContain('John H. Whitfield');

    const conflicts = page.getByRole('region', { name: /Conflicts to resolve/ });
    expect(await conflicts.textContent()).toMatch(/Different birth years/);
    // The obituary's 1859 against 1862, which the baptism and the census (age 18 in 1880) both give.
    expect(await conflicts.textContent()).toMatch(/1859/);
    expect(await conflicts.getByRole('link').count()).toBe(2);
    expect(
      await conflicts
        .getByRole('link', { name: new RegExp(`^(${FAMILY.baptism.name}|${FAMILY.census.name})$`) })
        .count(),
    ).toBe(1);
    expect(await conflicts.getByRole('link', { name: FAMILY.obituary.name }).getAttribute('href')).toBe(
      `/documents?view=${ids[FAMILY.obituary.name]}`,
    );

    const evidence = page.getByRole('table');
    expect(await evidence.getByRole('row').count()).toBe(5);
    const baptism = evidence.getByRole('link', { name: `${FAMILY.baptism.name}, p. 1` });
    expect(await baptism.getAttribute('href')).toBe(
      `/documents?view=${ids[FAMILY.baptism.name]}&q=${encodeURIComponent(JOHN)}`,
    );
    const groom = evidence.getByRole('row').filter({ hasText: FAMILY.marriage.name });
    expect(await groom.textContent()).toMatch(/groom/);
    expect(await groom.textContent()).toMatch(/14 June 1887/);

    const timeline = page.getByRole('region', { name: 'Timeline' });
    for (const event of ['Birth', 'Baptism', 'Marriage', 'Residence', 'Death'])
      expect(await timeline.getByText(event, { exact: true }).count(), event).toBeGreaterThan(0);
    const relatives = page.getByRole('region', { name: 'Relatives' });
    const father = relatives.getByRole('link', { name: 'Thomas Whitfield' });
    expect(await father.locator('..').textContent()).toMatch(/Parent/);

    await expectAccessible(page, 'person detail');
    for (const width of [1280, 768, 400]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoSidewaysScroll(page);
      await shot(page, `person-${width}`);
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    // The source opens the viewer at the record, the name highlighted.
    await baptism.click();
    await page.getByRole('dialog', { name: `Viewing ${FAMILY.baptism.name}` }).waitFor({ timeout: 20_000 });

    // A relative's link goes to their own page.
    await page.goBack();
    await page.getByRole('region', { name: 'Relatives' }).getByRole('link', { name: 'Thomas Whitfield' }).click();
    await page.getByRole('heading', { level: 1, name: 'Thomas Whitfield' }).waitFor({ timeout: 20_000 });
    await context.close();
  });

  it('renames in place: Escape cancels, Enter saves, and the name is kept', async () => {
    const { context, page } = await newPage(browser, stack, 1280);
    await signInWithToken(context, token);
    const thomas = named(await people(), 'Thomas Whitfield');
    expect(thomas).toBeDefined();
    await page.goto(`/people/${thomas?.id}`);
    await page.getByRole('heading', { level: 1, name: 'Thomas Whitfield' }).waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Rename' }).click();
    const field = page.getByLabel(/^Name/);
    await field.fill('Somebody Else');
    await field.press('Escape');
    await page.getByRole('heading', { level: 1, name: 'Thomas Whitfield' }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Rename');

    await page.keyboard.press('Enter');
    await field.fill('Thomas Whitfield Sr.');
    await field.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Thomas Whitfield Sr.' }).waitFor({ timeout: 10_000 });
    const detail = await call<IndividualDetail>(stack, token, `/api/people/${thomas?.id}`);
    expect(detail.individual.name).toBe('Thomas Whitfield Sr.');
    expect(detail.individual.userEdited).toBe(true);
    await context.close();
  });

  it("splits the obituary's mention of the bride off, then merges her maiden and married names again", async () => {
    const { context, page } = await newPage(browser, stack, 1280);
    await signInWithToken(context, token);
    expect(named(await people(), 'Sarah Elizabeth Cole')?.documentCount).toBe(2);

    // The obituary's mention was someone else after all: split it into a new person.
    await page.goto('/people');
    const list = page.getByRole('list', { name: 'People' });
    await list.waitFor({ timeout: 20_000 });
    await list.getByRole('link', { name: 'Sarah Elizabeth Cole', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Sarah Elizabeth Cole' }).waitFor({ timeout: 20_000 });
    const split = page.getByRole('button', { name: 'Split into a new person' });
    expect(await split.isDisabled()).toBe(true);
    await page.getByRole('checkbox', { name: `Choose Sarah E. Whitfield in ${FAMILY.obituary.name}` }).check();
    await split.click();
    const notice = page.getByText('Split off into a new person:');
    await notice.waitFor({ timeout: 10_000 });
    await notice.getByRole('link', { name: 'Sarah E. Whitfield' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sarah E. Whitfield' }).waitFor({ timeout: 20_000 });
    const after = await people();
    expect(named(after, 'Sarah Elizabeth Cole')?.documentCount).toBe(1);
    expect(named(after, 'Sarah E. Whitfield')?.documentCount).toBe(1);

    // Found under two filters: the maiden name, then the married one. The first choice stays chosen.
    await page.goto('/people');
    await list.waitFor({ timeout: 20_000 });
    const filter = page.getByLabel('Filter people');
    await filter.fill('Cole');
    await expect.poll(() => list.getByRole('link', { name: JOHN, exact: true }).count(), { timeout: 10_000 }).toBe(0);
    await page.getByRole('checkbox', { name: 'Select Sarah Elizabeth Cole' }).check();
    await filter.fill('Sarah E. Whitfield');
    await expect
      .poll(() => list.getByRole('link', { name: 'Robert Cole', exact: true }).count(), { timeout: 10_000 })
      .toBe(0);
    await page.getByRole('checkbox', { name: 'Select Sarah E. Whitfield' }).check();
    await page.getByText(/· 2 selected/).waitFor();
    await page.getByRole('button', { name: 'Merge (2)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Merge 2 people?' });
    await dialog.waitFor();
    await dialog.getByRole('radio', { name: /Sarah Elizabeth Cole/ }).check();
    await expectAccessible(page, 'merge dialog');
    await shot(page, 'merge-1280');
    await dialog.getByRole('button', { name: 'Merge', exact: true }).click();
    await page.getByText('Merged into Sarah Elizabeth Cole.').waitFor({ timeout: 10_000 });
    await filter.fill('');
    await expect
      .poll(() => list.getByRole('link', { name: 'Sarah E. Whitfield', exact: true }).count(), { timeout: 10_000 })
      .toBe(0);
    const sarah = named(await people(), 'Sarah Elizabeth Cole');
    expect(sarah?.documentCount).toBe(2);
    expect(sarah?.userEdited).toBe(true);
    await context.close();
  });

  it('exports the index as GEDCOM 5.5.1 and GEDCOM 7', async () => {
    const { context, page } = await newPage(browser, stack, 1280);
    await signInWithToken(context, token);
    await page.goto('/people');
    await page.getByRole('list', { name: 'People' }).waitFor({ timeout: 20_000 });
    const old = await downloadText(page, () => page.getByRole('button', { name: 'Export GEDCOM 5.5.1' }).click());
    expect(old.name).toBe('gnology-people.ged');
    expect(old.text.replace(/^\uFEFF/, '')).toMatch(/^0 HEAD/);
    expect(old.text).toContain('1 CHAR UTF-8');
    expect(old.text).toContain('John Henry /Whitfield/');
    const seven = await downloadText(page, () => page.getByRole('button', { name: 'Export GEDCOM 7' }).click());
    expect(seven.text.replace(/^\uFEFF/, '')).toMatch(/^0 HEAD/);
    expect(seven.text).toMatch(/2 VERS 7\.0/);
    await context.close();
  });

  it('copies a document’s citation from the viewer', async () => {
    const { context, page } = await newPage(browser, stack, 1280);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.url });
    await signInWithToken(context, token);
    const id = ids[FAMILY.marriage.name];
    const { citation } = await call<{ citation: string }>(stack, token, `/api/documents/${id}/citation`);
    expect(citation).toContain(FAMILY.marriage.name);
    await page.goto(`/documents?view=${id}`);
    const dialog = page.getByRole('dialog', { name: `Viewing ${FAMILY.marriage.name}` });
    await dialog.getByRole('button', { name: 'Copy citation' }).click();
    await dialog.getByRole('button', { name: 'Copied' }).waitFor({ timeout: 10_000 });
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(citation);
    await expectAccessible(page, 'viewer with Copy citation');
    await shot(page, 'citation-1280');
    await page.setViewportSize({ width: 400, height: 900 });
    await shot(page, 'citation-400');
    await context.close();
  });

  it('says so when a person is not in the index', async () => {
    const { context, page } = await newPage(browser, stack, 400);
    await signInWithToken(context, token);
    await page.goto('/people/00000000-0000-4000-8000-000000000000');
    await page.getByText('This person is not in your people index.').waitFor({ timeout: 20_000 });
    await page.getByRole('link', { name: 'See all people' }).click();
    await page.waitForURL('**/people');
    await context.close();
  });
});
