import type { IndividualSummary } from '@gnology/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REMARRIAGE_551 } from '../../shared/genealogy/test/fixtures/gedcom-samples';
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
import { call, downloadText } from './research-support';

/**
 * Issue 32, GEDCOM import, as a user would do it in Chromium: "Import GEDCOM" on the People page,
 * a file chosen, the job's progress, the counts and notes, the tree's people marked "From your
 * tree" with their claims apart on their page, the GEDCOM export holding them; a file that is not
 * GEDCOM gets a clear error; "Undo import" (confirmed) takes the whole tree out again.
 */
let stack: Stack;
let browser: Browser;
let token: string;

const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/people-import-${name}.png`, fullPage: true });

async function chooseFile(page: Page, name: string, content: string) {
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('button', { name: 'Import GEDCOM' }).click(),
  ]);
  await chooser.setFiles({ name, mimeType: 'application/octet-stream', buffer: Buffer.from(content, 'utf8') });
}

beforeAll(async () => {
  for (const k of ['ANTHROPIC_API_KEY', 'ANTHROPIC_BASE_URL', 'OPENAI_BASE_URL', 'LLM_PROVIDER', 'REDIS_URL'])
    delete process.env[k];
  stack = await startStack();
  browser = await openBrowser();
  token = (await createVerifiedUser(stack, { name: 'Tessa Tree' })).token;
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

describe('GEDCOM import on the People page', () => {
  it('imports a tree, shows its people and their claims, refuses a non-GEDCOM file, and undoes the import', async () => {
    const { context, page } = await newPage(browser, stack, 1280);
    await signInWithToken(context, token);
    await page.goto('/people');
    await page.getByText('Already have a family tree?').waitFor({ timeout: 20_000 });

    await chooseFile(page, 'whitfield.ged', REMARRIAGE_551);
    // Progress while the job runs (it may already be done: the job is quick).
    await shot(page, 'progress-1280');
    const done = page.getByRole('region', { name: 'Import finished' });
    await done.waitFor({ timeout: 60_000 });
    expect(await done.textContent()).toMatch(/Imported whitfield\.ged: 5 people, 2 families and 2 sources\./);
    await done.getByText(/notes? on the import/).click();
    expect(await done.textContent()).toMatch(/_MILT/);

    const list = page.getByRole('list', { name: 'People' });
    await list.waitFor({ timeout: 20_000 });
    await expect.poll(() => list.getByText('From your tree').count(), { timeout: 10_000 }).toBe(5);
    const thomas = list.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Thomas Whitfield' }) });
    expect(await thomas.textContent()).toMatch(/1820–1890|1820-1890/);
    await expectAccessible(page, 'people after import');
    for (const width of [1280, 768, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoSidewaysScroll(page);
      await shot(page, `list-${width}`);
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    // With only a tree (no documents yet) the export buttons work and the file holds the tree (decision 0230).
    const exported = await downloadText(page, () => page.getByRole('button', { name: 'Export GEDCOM 5.5.1' }).click());
    expect(exported.name).toBe('gnology-people.ged');
    expect(exported.text.match(/^0 @TI\d+@ INDI$/gm)).toHaveLength(5);
    expect(exported.text).toContain('1 NAME Thomas /Whitfield/');
    expect(exported.text).toContain('1 NOTE _MILT: Served in the 14th Regiment');
    const seven = await downloadText(page, () => page.getByRole('button', { name: 'Export GEDCOM 7' }).click());
    expect(seven.text.match(/^0 @TF\d+@ FAM$/gm)).toHaveLength(2);

    // The person's page, in a second tab (the import panel stays on the first): the tree's claims apart.
    const people = (await call<{ individuals: IndividualSummary[] }>(stack, token, '/api/people')).individuals;
    const id = people.find((p) => p.name === 'Thomas Whitfield')?.id;
    const detail = await context.newPage();
    await detail.goto(`/people/${id}`);
    await detail.getByRole('heading', { level: 1, name: 'Thomas Whitfield' }).waitFor({ timeout: 20_000 });
    const claims = detail.getByRole('region', { name: 'What your tree says' });
    const text = (await claims.textContent()) ?? '';
    expect(text).toMatch(/Birth/);
    expect(text).toMatch(/ABT 1820 · Raleigh, Wake, North Carolina, USA/);
    expect(text).toMatch(/Source: Wake County Baptisms, 1800-1850, p\. 12, entry 4/);
    expect(text).toMatch(/_MILT: Served in the 14th Regiment/);
    expect(text).toMatch(/not evidence from your documents/);
    const relatives = detail.getByRole('region', { name: 'Relatives' });
    expect(await relatives.getByRole('link').count()).toBe(4);
    await expectAccessible(detail, 'tree person');
    for (const width of [1280, 375]) {
      await detail.setViewportSize({ width, height: 900 });
      await expectNoSidewaysScroll(detail);
      await shot(detail, `person-${width}`);
    }
    await detail.close();

    // Undo, confirmed in a dialog: every tree person leaves the list. Offered when the job is done,
    // and still after the page is left: the imported trees are listed, each undoable.
    expect(await done.getByRole('button', { name: 'Undo import' }).count()).toBe(1);
    await page.reload();
    const earlier = page.getByRole('region', { name: 'Imported trees' });
    await earlier.waitFor({ timeout: 20_000 });
    expect(await earlier.textContent()).toMatch(/whitfield\.ged: 5 people, 2 families and 2 sources/);
    await expectAccessible(page, 'people with an imported tree');
    await shot(page, 'earlier-1280');
    await earlier.getByRole('button', { name: 'Undo import of whitfield.ged' }).click();
    const dialog = page.getByRole('dialog', { name: 'Undo this import?' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toMatch(/5 people, 2 families and 2 sources imported from whitfield\.ged/);
    await shot(page, 'undo-dialog');
    await dialog.getByRole('button', { name: 'Undo import' }).click();
    await page
      .getByText(/Import undone: the 5 people, 2 families and 2 sources from whitfield\.ged were removed\./)
      .waitFor({
        timeout: 20_000,
      });
    await page.getByText('Already have a family tree?').waitFor({ timeout: 20_000 });
    expect((await call<{ individuals: IndividualSummary[] }>(stack, token, '/api/people')).individuals).toEqual([]);

    // A file that is not GEDCOM: a clear error, nothing imported.
    await chooseFile(page, 'scan.ged', '%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF\n');
    await page.getByText(/This is not a GEDCOM file: it is a PDF file\. Choose a \.ged or \.gdz file\./).waitFor({
      timeout: 20_000,
    });
    await expectAccessible(page, 'people, import refused');
    await page.setViewportSize({ width: 375, height: 900 });
    await shot(page, 'refused-375');
    await context.close();
  }, 180_000);
});
