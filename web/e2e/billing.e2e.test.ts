import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createVerifiedUser,
  lastSmsCode,
  newPage,
  openBrowser,
  expectAccessible,
  expectNoSidewaysScroll,
  screenshot,
  type Stack,
  signInWithToken,
  startStack,
} from './harness';

let stack: Stack;
let browser: Browser;
let billingUrl: string;
let internalToken: string;

// startStack points process.env at the stack's fresh database; put it back for the next file in this worker.
const STACK_ENV = [
  'DATABASE_URL',
  'DATA_DIR',
  'PORT',
  'SERVICE_PORT_BASE',
  'LOG_LEVEL',
  'NODE_ENV',
  'QUEUE_PREFIX',
] as const;
const envBefore = Object.fromEntries(STACK_ENV.map((k) => [k, process.env[k]]));

beforeAll(async () => {
  // Gene's offline engine: a file run before this one in the same worker may have pointed these at its own fake model.
  for (const k of ['ANTHROPIC_API_KEY', 'ANTHROPIC_BASE_URL', 'OPENAI_BASE_URL', 'LLM_PROVIDER']) delete process.env[k];
  stack = await startStack();
  browser = await openBrowser();
  // The billing service's own port (the launcher's order: auth, conversation, research, documents, album, billing).
  billingUrl = `http://127.0.0.1:${Number(process.env.SERVICE_PORT_BASE) + 5}`;
  internalToken = readFileSync(path.join(stack.dataDir, 'internal-token'), 'utf8').trim();
});
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  for (const [k, v] of Object.entries(envBefore)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
});

/** A new visitor with a unique e-mail and phone number (the SMS outbox is keyed by phone). */
function newPerson(name: string) {
  const local = `${(Date.now() + Math.floor(Math.random() * 1000)) % 10_000_000}`.padStart(7, '0');
  return {
    name,
    email: `${name.split(' ')[0]!.toLowerCase()}.${Date.now().toString(36)}@example.com`,
    password: 'archive-reading-room',
    digits: `555${local}`,
    e164: `+1555${local}`,
  };
}

async function shot(page: Page, name: string) {
  // From the top, after transitions (the FAQ chevron, the bar) have settled.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(350);
  await screenshot(page, `billing-${name}-${page.viewportSize()?.width ?? 0}`);
}

/** Uses tokens the way the research service does: reserve, then settle with the real usage. */
async function spendTokens(userId: string, tokens: number) {
  const requestId = randomUUID();
  const call = async (p: string, body: unknown) => {
    const res = await fetch(`${billingUrl}${p}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-internal-token': internalToken },
      body: JSON.stringify(body),
    });
    const data = await res.json();
    if (!res.ok) throw new Error(`${p} answered ${res.status}: ${JSON.stringify(data)}`);
    return data;
  };
  await call('/internal/reservations', { userId, requestId, estimatedTokens: Math.max(tokens, 1) });
  return call(`/internal/reservations/${requestId}/settle`, {
    inputTokens: Math.round(tokens * 0.8),
    outputTokens: tokens - Math.round(tokens * 0.8),
    savedTokens: 0,
  });
}

describe('/pricing (Chromium, built product)', () => {
  it('toggles monthly and yearly prices, monthly first, with the saving badge', async () => {
    for (const width of [1280, 375]) {
      const { context, page } = await newPage(browser, stack, width, 900);
      await page.goto('/pricing');
      const monthly = page.getByRole('radio', { name: 'Monthly' });
      const yearly = page.getByRole('radio', { name: /Yearly/ });
      await monthly.waitFor({ state: 'attached' });
      await expect.poll(() => monthly.isChecked()).toBe(true);
      expect(await page.getByText('Save 13%').count()).toBe(1);

      const trial = page.getByRole('article', { name: 'Free Trial' });
      const pro = page.getByRole('article', { name: 'Professional' });
      expect(await trial.getByText('FREE', { exact: true }).count()).toBe(1);
      expect(await trial.getByRole('link', { name: 'Start Free Trial' }).getAttribute('href')).toBe('/register');
      expect(await pro.getByText('MOST POPULAR').count()).toBe(1);
      expect(await pro.getByText('$100').count()).toBe(1);
      expect(await pro.getByText('/ month').count()).toBe(1);
      expect(await pro.getByRole('link', { name: 'Subscribe Now' }).getAttribute('href')).toBe(
        '/register?plan=monthly',
      );
      expect(await page.getByRole('heading', { name: 'Overage pricing' }).count()).toBe(1);
      expect(await page.getByText('$5.00').count()).toBeGreaterThan(0);
      expect(await page.getByRole('heading', { name: 'Why family historians choose GNology' }).count()).toBe(1);
      await expectNoSidewaysScroll(page);
      await shot(page, 'pricing-monthly');
      if (width === 375) {
        // The first screen as a phone shows it, at full size (the full-page image is very tall).
        await page.screenshot({
          path: path.join(
            path.dirname(new URL(import.meta.url).pathname),
            '../../test-results/screenshots/billing-pricing-first-screen-375.png',
          ),
        });
      }

      await page.getByText('Yearly', { exact: false }).first().click();
      await expect.poll(() => yearly.isChecked()).toBe(true);
      await pro.getByText('$1,044').waitFor();
      expect(await pro.getByText('/ year').count()).toBe(1);
      expect(await pro.getByText(/you save \$156 a year/).count()).toBe(1);
      expect(await pro.getByRole('link', { name: 'Subscribe Now' }).getAttribute('href')).toBe('/register?plan=yearly');

      // Keyboard: arrow keys move the selection back to Monthly.
      await yearly.focus();
      await page.keyboard.press('ArrowLeft');
      await expect.poll(() => monthly.isChecked()).toBe(true);
      await pro.getByText('$100').waitFor();

      // The FAQ opens one answer at a time on demand.
      const question = page.getByRole('button', { name: 'Do unused tokens roll over?' });
      expect(await question.getAttribute('aria-expanded')).toBe('false');
      await question.click();
      await expect.poll(() => question.getAttribute('aria-expanded')).toBe('true');
      await page.getByText('Professional tokens reset at the start of each monthly period').waitFor();
      await shot(page, 'pricing-yearly-faq');
      await expectAccessible(page, `pricing at ${width}`);
      await context.close();
    }
  });

  it('sends a signed-in user to subscribe from the account page, which applies the plan with billing off', async () => {
    const user = await createVerifiedUser(stack, { name: 'Edith Marlowe' });
    const { context, page } = await newPage(browser, stack);
    await signInWithToken(context, user.token);
    await page.goto('/pricing');
    await page.getByRole('radio', { name: /Yearly/ }).click({ force: true });
    const subscribe = page.getByRole('article', { name: 'Professional' }).getByRole('link', { name: 'Subscribe Now' });
    // The link changes once the session has loaded.
    await expect.poll(() => subscribe.getAttribute('href'), { timeout: 10_000 }).toBe('/account?subscribe=yearly');
    await subscribe.click();
    await page.waitForURL('**/account?subscribe=yearly');
    const panel = page.getByRole('region', { name: 'Token Usage' });
    await panel.getByText('Subscribe to Professional, billed yearly').waitFor();
    await panel.getByText(/Plans are free to try on this server, so nothing will be charged/).waitFor();
    await shot(page, 'account-subscribe-offer');
    await panel.getByRole('button', { name: 'Switch to Professional' }).click();
    await page.waitForURL('**/account?checkout=success&billing=off');
    await panel
      .getByText('Professional is now active. Plans are free to try on this server, so nothing was charged.')
      .waitFor();
    await panel.getByText('1,000,000 tokens used', { exact: false }).waitFor();
    expect(await panel.getByText('Billed yearly').count()).toBe(1);

    // Managing the subscription explains that nothing was charged.
    await panel.getByRole('button', { name: 'Manage subscription' }).click();
    await panel.getByText(/^Plans are free to try on this server: nothing was charged/).waitFor();
    await shot(page, 'account-professional-billing-off');
    await expectAccessible(page, 'account professional');
    await context.close();
  });
});

describe('registration with a plan (billing off)', () => {
  it('goes from /register?plan=monthly through phone verification to the checkout URL', async () => {
    const person = newPerson('Cornelia Ashby');
    const { page, context } = await newPage(browser, stack);
    await page.goto('/register?plan=monthly');
    await page.getByLabel('Name').fill(person.name);
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Phone Number').fill(person.digits);
    await page.getByLabel('Password').fill(person.password);
    // Pass the checkout call through, keeping its answer: the page navigates away at once.
    let checkout: { request: unknown; answer: unknown } | undefined;
    await page.route('**/api/billing/checkout', async (route) => {
      const response = await route.fetch();
      checkout = { request: route.request().postDataJSON(), answer: await response.json() };
      await route.fulfill({ response });
    });
    await page.getByRole('button', { name: 'Start Free Trial' }).click();
    const code = page.getByLabel('Verification Code');
    await code.waitFor();
    await code.fill(lastSmsCode(stack, person.e164));
    await page.getByRole('button', { name: 'Verify Phone Number' }).click();

    await page.waitForURL('**/account?checkout=success&billing=off', { timeout: 60_000 });
    expect(checkout).toEqual({
      request: { plan: 'monthly' },
      answer: { url: '/account?checkout=success&billing=off', billingEnabled: false },
    });
    const panel = page.getByRole('region', { name: 'Token Usage' });
    await panel
      .getByText('Professional is now active. Plans are free to try on this server, so nothing was charged.')
      .waitFor();
    await panel.getByText('Billed monthly').waitFor();
    // The account information (from auth, told by event) catches up with the plan by itself.
    await page
      .getByRole('region', { name: 'Account Information' })
      .getByText('Professional', { exact: true })
      .waitFor({ timeout: 20_000 });
    await shot(page, 'register-plan-checkout');
    await context.close();
  });
});

describe('/account Token Usage panel', () => {
  async function openPanel(token: string, width: number) {
    const { context, page } = await newPage(browser, stack, width, 900);
    await signInWithToken(context, token);
    await page.goto('/account');
    const panel = page.getByRole('region', { name: 'Token Usage' });
    await panel.getByRole('progressbar', { name: 'Token usage' }).waitFor();
    return { context, page, panel, bar: panel.getByRole('progressbar', { name: 'Token usage' }) };
  }

  it('shows a trial at 0%, 85% and 100% of its tokens, warning above 80%', async () => {
    const user = await createVerifiedUser(stack, { name: 'Josiah Penhallow' });

    for (const width of [1280, 375]) {
      const { context, page, panel, bar } = await openPanel(user.token, width);
      if (width === 1280) {
        expect(await bar.getAttribute('aria-valuenow')).toBe('0');
        await panel.getByText('0 of 50,000 tokens used', { exact: false }).waitFor();
        expect(await panel.getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe('/pricing');
        expect(await panel.locator('.usage-bar--warning').count()).toBe(0);
        expect(await panel.getByText(/Your free trial runs until/).count()).toBe(1);
      }
      await expectNoSidewaysScroll(page);
      await shot(page, 'usage-0');
      await context.close();
    }

    await spendTokens(user.id, 42_500);
    for (const width of [1280, 375]) {
      const { context, page, panel, bar } = await openPanel(user.token, width);
      expect(await bar.getAttribute('aria-valuenow')).toBe('85');
      await panel.getByText('42,500', { exact: true }).waitFor();
      expect(await panel.locator('.usage-bar--warning').count()).toBe(1);
      await panel.getByText('You have used 85% of your tokens for this period.', { exact: false }).waitFor();
      expect(await panel.getByText('7,500 remaining').count()).toBe(1);
      await expectNoSidewaysScroll(page);
      await shot(page, 'usage-85');
      await expectAccessible(page, `usage panel at 85%, ${width}`);
      await context.close();
    }

    await spendTokens(user.id, 7_500);
    for (const width of [1280, 375]) {
      const { context, page, panel, bar } = await openPanel(user.token, width);
      expect(await bar.getAttribute('aria-valuenow')).toBe('100');
      await panel.getByText('You have used all of your tokens for this period.', { exact: false }).waitFor();
      await panel.getByText('Your free trial has ended.').waitFor();
      const width100 = await panel.locator('.usage-bar__fill').evaluate((el) => (el as HTMLElement).style.width);
      expect(width100).toBe('100%');
      await shot(page, 'usage-100');
      await context.close();
    }
  });

  it('caps the bar at 100% for a Professional account in overage, and shows the overage', async () => {
    const user = await createVerifiedUser(stack);
    const res = await fetch(`${stack.url}/api/billing/checkout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
      body: JSON.stringify({ plan: 'monthly' }),
    });
    expect(res.status).toBe(200);
    for (let i = 0; i < 18; i++) await spendTokens(user.id, 60_000);
    await spendTokens(user.id, 40_000); // 1,120,000 used: 120,000 beyond the allowance
    const { context, page, panel, bar } = await openPanel(user.token, 1280);
    expect(await bar.getAttribute('aria-valuenow')).toBe('100');
    await panel.getByText('120,000 tokens ($6.00)').waitFor();
    await panel.getByText(/Research continues beyond your allowance at \$5.00 per 100,000 tokens/).waitFor();
    await shot(page, 'usage-professional-overage');

    // Research goes on into metered overage: an answer leaves "remaining" at 0, and the next
    // question is still sent (only billing refuses, at the month's overage safeguard).
    await page.goto('/research');
    for (const [i, question] of ['Where did the Whitfields live?', 'And when did they marry?'].entries()) {
      await page.getByLabel('Message to Gene').fill(question);
      await page.getByLabel('Message to Gene').press('Enter');
      await page.locator('.msg--assistant .answer').nth(i).waitFor({ timeout: 30_000 });
      await page.getByText('Gene is writing…').waitFor({ state: 'detached', timeout: 30_000 });
    }
    expect(await page.getByText(/used this month's tokens/).count()).toBe(0);
    const conversations = await (
      await fetch(`${stack.url}/api/conversations?limit=10`, { headers: { authorization: `Bearer ${user.token}` } })
    ).json();
    const [conversation] = Array.isArray(conversations) ? conversations : conversations.conversations;
    const saved = await (
      await fetch(`${stack.url}/api/conversations/${conversation.id}`, {
        headers: { authorization: `Bearer ${user.token}` },
      })
    ).json();
    const messages: { type: string; tokenBalance?: { remaining: number } }[] =
      saved.messages ?? saved.conversation.messages;
    expect(messages.filter((m) => m.type === 'assistant').map((m) => m.tokenBalance?.remaining)).toEqual([0, 0]);
    await context.close();
  });

  it('says so when the usage cannot be loaded, and shows a loading state first', async () => {
    const user = await createVerifiedUser(stack);
    const { context, page } = await newPage(browser, stack, 1280, 900);
    await signInWithToken(context, user.token);
    let release: () => void = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    await page.route('**/api/users/token-usage', async (route) => {
      await held;
      await route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'Internal server error' }),
      });
    });
    await page.goto('/account');
    const panel = page.getByRole('region', { name: 'Token Usage' });
    await panel.getByText('Loading token usage...').waitFor();
    await shot(page, 'usage-loading');
    release();
    // react-query retries once before giving up.
    await panel.getByText('Could not load token usage data').waitFor({ timeout: 15_000 });
    await shot(page, 'usage-error');
    await expectAccessible(page, 'usage error');

    await page.unroute('**/api/users/token-usage');
    await panel.getByRole('button', { name: 'Retry' }).click();
    await panel.getByRole('progressbar', { name: 'Token usage' }).waitFor();
    await context.close();
  });
});
