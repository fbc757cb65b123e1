import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  createVerifiedUser,
  lastSmsCode,
  newPage,
  expectAccessible,
  expectNoSidewaysScroll,
  type Stack,
  screenshot,
  withStackAndBrowser,
} from './harness';

let stack: Stack;
let browser: Browser;

withStackAndBrowser((s, b) => {
  stack = s;
  browser = b;
});

async function fillSignUp(page: Page, person: ReturnType<typeof newPerson>) {
  await page.getByLabel('Name').fill(person.name);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Phone Number').pressSequentially(person.digits);
  await page.getByLabel('Password').fill(person.password);
}

describe('sign up, verify, log out, log in (Chromium, built product)', () => {
  it('signs up, verifies the code from the SMS outbox and lands on /dashboard greeted by name', async () => {
    const { context, page } = await newPage(browser, stack);
    const person = newPerson();
    await page.goto('/register');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Start Your Free Trial');
    expect(await page.getByText('50,000 tokens').count()).toBe(1);

    // Input rules: the phone is masked, the promo code filtered and upper-cased.
    await fillSignUp(page, person);
    expect(await page.getByLabel('Phone Number').inputValue()).toBe(person.formatted);
    await page.getByLabel('Optional Code (Promo)').pressSequentially('spring 25!x');
    expect(await page.getByLabel('Optional Code (Promo)').inputValue()).toBe('SPRING25X');
    await page.getByLabel('Optional Code (Promo)').fill('');
    await shot(page, 'register-form');
    await expectAccessible(page, 'registration form');

    await page.getByRole('button', { name: 'Start Free Trial' }).click();
    await page.getByRole('heading', { name: 'Verify Your Phone Number' }).waitFor();
    expect(await page.getByText(`We sent a 6-digit code to ${person.formatted}`).count()).toBe(1);
    // Registration stored the token at once under the one key, `token`.
    expect(
      await page.evaluate(() => [
        localStorage.getItem('token') !== null,
        localStorage.getItem('pendingVerificationEmail'),
      ]),
    ).toEqual([true, person.email]);

    const code = page.getByLabel('Verification Code');
    await code.pressSequentially('12ab3456789');
    expect(await code.inputValue()).toBe('123456');
    expect(await code.getAttribute('placeholder')).toBe('123456');
    await code.fill('');
    await shot(page, 'register-verify');
    await expectAccessible(page, 'verification step');

    await code.fill(lastSmsCode(stack, person.e164));
    await page.getByRole('button', { name: 'Verify Phone Number' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('banner').getByText(`Welcome, ${person.name}`).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('pendingVerificationEmail'))).toBeNull();
    await context.close();
  });

  it('logs out to /, then logs in with the same password and lands on /research', async () => {
    const user = await createVerifiedUser(stack, { name: 'Thomas Ashby' });
    const { context, page } = await newPage(browser, stack);
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await shot(page, 'login');
    await expectAccessible(page, 'login');

    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Invalid email or password').waitFor();
    await shot(page, 'login-error');

    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/research');
    await page.getByRole('banner').getByText('Welcome, Thomas Ashby').waitFor();
    for (const link of ['Home', 'Resources', 'Tutorial', 'FAQ', 'Research', 'Documents', 'Gallery', 'Account']) {
      expect(
        await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: link, exact: true }).count(),
        link,
      ).toBe(1);
    }

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.getByRole('link', { name: 'Sign Up', exact: true }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Research' }).count()).toBe(
      0,
    );

    await page.getByRole('link', { name: 'Login', exact: true }).click();
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/research');
    // `/` sends a signed-in user to /research.
    await page.goto('/');
    await page.waitForURL('**/research');
    await context.close();
  });

  it('sends a signed-out visitor from a guarded page to /login and back to that page after login', async () => {
    const user = await createVerifiedUser(stack);
    const { context, page } = await newPage(browser, stack);
    await page.goto('/account?tab=security');
    await page.waitForURL('**/login');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/account?tab=security');
    await page.getByRole('heading', { name: 'Account Information' }).waitFor();
    await context.close();
  });

  it('requires a new code after 5 wrong ones; Resend Code sends it and it verifies', async () => {
    const { context, page } = await newPage(browser, stack);
    const person = newPerson('Eleanor Price');
    await page.goto('/register');
    await fillSignUp(page, person);
    await page.getByRole('button', { name: 'Start Free Trial' }).click();
    await page.getByRole('heading', { name: 'Verify Your Phone Number' }).waitFor();
    const right = lastSmsCode(stack, person.e164);
    const wrong = right === '000000' ? '111111' : '000000';
    const code = page.getByLabel('Verification Code');
    const alert = page.getByRole('alert');

    for (const left of [4, 3, 2, 1]) {
      await code.fill(wrong);
      await page.getByRole('button', { name: 'Verify Phone Number' }).click();
      await alert
        .getByText(`Incorrect verification code. ${left} ${left === 1 ? 'attempt' : 'attempts'} left.`)
        .waitFor();
    }
    await shot(page, 'verify-error');
    await expectAccessible(page, 'verification error');
    await code.fill(wrong);
    await page.getByRole('button', { name: 'Verify Phone Number' }).click();
    await alert.getByText('Too many incorrect attempts. Please request a new code.').waitFor();
    await code.fill(right);
    await page.getByRole('button', { name: 'Verify Phone Number' }).click();
    await alert.getByText('Too many incorrect attempts. Please request a new code.', { exact: true }).waitFor();

    // Resend is allowed once per 30 s: let that time pass in the send log, and the page's own countdown run out.
    await ageSmsSends(31);
    await page.getByRole('button', { name: 'Resend Code' }).waitFor({ timeout: 45_000 });
    await page.getByRole('button', { name: 'Resend Code' }).click();
    await page.getByRole('status').getByText('New verification code sent!').waitFor();
    await shot(page, 'verify-resent');
    const fresh = lastSmsCode(stack, person.e164);
    await code.fill(fresh);
    await page.getByRole('button', { name: 'Verify Phone Number' }).click();
    await page.waitForURL('**/dashboard');
    await context.close();
  });

  for (const width of [1280, 375]) {
    it(`focuses the code box, counts Resend down, and counts a refused resubmit down on step 1 until it may go (issue 13), at ${width} px`, async () => {
      const { context, page } = await newPage(browser, stack, width);
      const person = newPerson('Agnes Holloway');
      await page.goto('/register');
      await fillSignUp(page, person);
      await page.getByRole('button', { name: 'Start Free Trial' }).click();
      await page.getByRole('heading', { name: 'Verify Your Phone Number' }).waitFor({ timeout: 20_000 });
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('name')), { timeout: 20_000 })
        .toBe('code');

      // Resend waits out the 30 s between codes, saying how long, and cannot be pressed meanwhile.
      const resend = page.getByRole('button', { name: /^Resend in \d+ s$/ });
      await resend.waitFor({ timeout: 20_000 });
      expect(await resend.isDisabled()).toBe(true);
      const secondsOn = async () => Number((await resend.textContent())?.match(/\d+/)?.[0]);
      const first = await secondsOn();
      expect(first).toBeGreaterThan(0);
      expect(first).toBeLessThanOrEqual(30);
      await expect.poll(secondsOn, { timeout: 20_000 }).toBeLessThan(first);
      await shot(page, 'verify-resend-countdown');
      await expectAccessible(page, 'verification step with the resend countdown');

      // A new number within those 30 s: the server asks for the rest of the wait, which counts down on step 1.
      await page.getByRole('button', { name: 'Change Phone Number' }).click();
      await page.getByRole('heading', { name: 'Start Your Free Trial' }).waitFor();
      const other = newPerson();
      await page.getByLabel('Phone Number').fill('');
      await page.getByLabel('Phone Number').pressSequentially(other.digits);
      await ageSmsSends(10); // about 20 s left: time to see it count (and to check the page) before it ends
      const submit = page.getByRole('button', { name: 'Start Free Trial' });
      await submit.click();
      const notice = page
        .getByRole('status')
        .filter({ hasText: /^Please wait \d+ seconds? before requesting another code\.$/ });
      await notice.waitFor({ timeout: 20_000 });
      expect(await submit.isDisabled()).toBe(true);
      // Read without waiting: once the count ends the notice is gone, which reads as 0.
      const waitOn = async () => Number((await notice.allTextContents())[0]?.match(/\d+/)?.[0] ?? 0);
      const firstWait = await waitOn();
      expect(firstWait).toBeGreaterThan(0);
      await expect.poll(waitOn, { timeout: 20_000 }).toBeLessThan(firstWait);
      await shot(page, 'register-wait-countdown');
      await expectAccessible(page, 'registration form counting down');
      await expectNoSidewaysScroll(page);
      // At 0 the notice goes and the submit is back; it now goes through with the new number.
      await expect.poll(() => submit.isEnabled(), { timeout: 40_000 }).toBe(true);
      expect(await notice.count()).toBe(0);
      await submit.click();
      await page.getByRole('heading', { name: 'Verify Your Phone Number' }).waitFor({ timeout: 20_000 });
      expect(await page.getByText(`We sent a 6-digit code to ${other.formatted}`).count()).toBe(1);
      await context.close();
    });
  }

  it('sends an unverified account that logs in to the verification step; Change Phone Number returns to the form', async () => {
    const { context, page } = await newPage(browser, stack);
    const person = newPerson('Walter Greaves');
    await page.goto('/register');
    await fillSignUp(page, person);
    await page.getByRole('button', { name: 'Start Free Trial' }).click();
    await page.getByRole('heading', { name: 'Verify Your Phone Number' }).waitFor();
    await page.getByRole('button', { name: 'Back to Login' }).click();
    await page.waitForURL('**/login');

    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Password').fill(person.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('heading', { name: 'Verify Your Phone Number' }).waitFor();
    await page.getByRole('button', { name: 'Change Phone Number' }).click();
    await page.getByRole('heading', { name: 'Start Your Free Trial' }).waitFor();
    await context.close();
  });

  it('opens and closes the mobile menu at 375 px, with nothing scrolling sideways', async () => {
    const user = await createVerifiedUser(stack, { name: 'Beatrice Holloway-Fairweather' });
    for (const signedIn of [false, true]) {
      const { context, page } = await newPage(browser, stack, 375, 812);
      if (signedIn) await context.addInitScript((t) => localStorage.setItem('token', t), user.token);
      await page.goto(signedIn ? '/account' : '/login');
      await page.getByRole('heading', { level: 1 }).waitFor();
      const toggle = page.getByRole('button', { name: 'Menu' });
      const nav = page.getByRole('navigation', { name: 'Main' });
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      expect(await nav.isVisible()).toBe(false);
      await expectNoSidewaysScroll(page);
      await shot(page, signedIn ? 'account' : 'login');

      await toggle.click();
      await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
      await nav.getByRole('link', { name: 'FAQ' }).waitFor();
      if (signedIn) await page.getByRole('banner').getByText('Welcome, Beatrice Holloway-Fairweather').waitFor();
      else await page.getByRole('link', { name: 'Sign Up', exact: true }).waitFor();
      await expectNoSidewaysScroll(page);
      await shot(page, `mobile-menu-${signedIn ? 'signed-in' : 'signed-out'}`);
      await expectAccessible(page, 'mobile menu');

      // The menu closes on the render after the key or the route change: wait for it, not a snapshot.
      await page.keyboard.press('Escape');
      await nav.waitFor({ state: 'hidden', timeout: 5_000 });
      await toggle.click();
      await nav.getByRole('link', { name: 'FAQ' }).click();
      await page.waitForURL('**/faq');
      await nav.waitFor({ state: 'hidden', timeout: 5_000 });
      await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
      await context.close();
    }
  });

  it('with ?plan=yearly goes from verification to the checkout billing answers, and the plan reaches the account', async () => {
    const { context, page } = await newPage(browser, stack);
    const person = newPerson('Cornelius Vane');
    await page.goto('/register?plan=yearly');
    await page.getByText('continue to checkout for the Professional plan, billed yearly').waitFor();
    await fillSignUp(page, person);
    await page.getByRole('button', { name: 'Start Free Trial' }).click();
    await page.getByRole('heading', { name: 'Verify Your Phone Number' }).waitFor();
    await page.getByLabel('Verification Code').fill(lastSmsCode(stack, person.e164));
    await page.getByRole('button', { name: 'Verify Phone Number' }).click();
    // Embedded mode runs with billing off: checkout applies the plan and returns to /account.
    await page.waitForURL((u) => u.pathname === '/account' && u.searchParams.get('checkout') === 'success');
    const plan = page.getByRole('region', { name: 'Account Information' }).getByText('Professional', { exact: true });
    await expect
      .poll(
        async () => {
          if (await plan.count()) return true;
          await page.reload();
          await page.getByRole('region', { name: 'Account Information' }).waitFor();
          return (await plan.count()) > 0;
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toBe(true);
    await context.close();
  });

  it('shows the register steps and login without sideways scrolling at 375 px', async () => {
    const { context, page } = await newPage(browser, stack, 375, 812);
    const person = newPerson('Ida Fenwick');
    await page.goto('/register?plan=monthly');
    await page.getByRole('heading', { name: 'Start Your Free Trial' }).waitFor();
    await fillSignUp(page, person);
    await expectNoSidewaysScroll(page);
    await shot(page, 'register-form');
    await page.getByRole('button', { name: 'Start Free Trial' }).click();
    await page.getByRole('heading', { name: 'Verify Your Phone Number' }).waitFor();
    await expectNoSidewaysScroll(page);
    await shot(page, 'register-verify');
    await page.getByLabel('Verification Code').fill('000000');
    await page.getByRole('button', { name: 'Verify Phone Number' }).click();
    await page.getByRole('alert').waitFor();
    await shot(page, 'verify-error');
    await context.close();
  });
});

// ---- helpers ----

let n = 0;

/** A new visitor's details: unique e-mail and phone (the console SMS outbox is keyed by phone). */
function newPerson(name = 'Margaret Whitfield') {
  n += 1;
  const digits = `${Date.now() % 10_000_000}`.padStart(7, '0');
  const local = `${(Number(digits) + n * 7919) % 10_000_000}`.padStart(7, '0');
  return {
    name,
    email: `margaret.${Date.now().toString(36)}${n}@example.com`,
    password: 'archive-reading-room',
    digits: `555${local}`,
    formatted: `(555) ${local.slice(0, 3)}-${local.slice(3)}`,
    e164: `+1555${local}`,
  };
}

/** Screenshots at the width the page has now; the file name says which. */
async function shot(page: Page, name: string) {
  const width = page.viewportSize()?.width ?? 0;
  await screenshot(page, `auth-${name}-${width}`);
}

/**
 * Moves the stack's SMS send log back in time, as if `seconds` had passed: the resend limits
 * (30 s between codes) read it. The harness points DATABASE_URL at the stack's database.
 */
async function ageSmsSends(seconds: number) {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(`update auth.sms_sends set sent_at = sent_at - make_interval(secs => $1)`, [seconds]);
  } finally {
    await client.end();
  }
}
