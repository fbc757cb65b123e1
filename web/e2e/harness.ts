import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabase, requireInfra, type TestDatabase } from '@gnology/testing';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);

export interface Stack {
  url: string;
  dataDir: string;
  smsOutbox: string;
  stop(): Promise<void>;
}

let portBase = 18_080 + (process.pid % 50) * 10;

/**
 * The whole built product (dist/ and web/dist, from `node scripts/build.mjs`) on a fresh
 * database, with the queue, bus and storage backends the test environment provides.
 */
export async function startStack(): Promise<Stack> {
  requireInfra('DATABASE_URL');
  const db: TestDatabase = await createTestDatabase('gn_e2e');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gn-e2e-'));
  const port = portBase;
  portBase += 10;
  const overrides: Record<string, string> = {
    DATABASE_URL: db.url,
    DATA_DIR: dataDir,
    PORT: String(port),
    SERVICE_PORT_BASE: String(port + 1),
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    // Every test user signs up from 127.0.0.1 with a (555) number: lift the SMS pumping limits.
    SMS_MAX_PER_IP_PER_HOUR: '100000',
    SMS_MAX_PER_PREFIX_PER_HOUR: '100000',
    NODE_ENV: 'production',
    QUEUE_PREFIX: `e2e${port}`,
    // Each stack its own Kafka topics and groups: no stack joins a group a previous one left behind.
    EVENT_NAMESPACE: `e2e${process.pid}-${port}`,
  };
  // The launcher reads its settings from process.env; put back what was there when this stack stops.
  const saved = Object.fromEntries(Object.keys(overrides).map((k) => [k, process.env[k]]));
  Object.assign(process.env, overrides);
  const restoreEnv = () => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  };
  const { launch } = await import(path.join(root, 'infra/embedded/launcher.mjs'));
  const lines: string[] = [];
  const running = await launch({
    root,
    log: (l: string) => lines.push(l),
    exitOnStop: false,
    handleSignals: false,
  }).catch((e: Error) => {
    throw new Error(`${e.message}\n${lines.join('\n')}`);
  });
  return {
    url: running.url,
    dataDir,
    smsOutbox: path.join(dataDir, 'sms-outbox.jsonl'),
    stop: async () => {
      await running.stop();
      restoreEnv();
      await db.drop().catch(() => {});
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The settings that point Gene at a model: without them the stack answers with its offline engine. */
const MODEL_ENV = ['ANTHROPIC_API_KEY', 'ANTHROPIC_BASE_URL', 'OPENAI_BASE_URL', 'LLM_PROVIDER'];

/**
 * One test file's product and browser: started before its tests, then `ready` is given them (to
 * keep them, create users, upload); both are stopped after the file's last test. `offline` clears
 * any model settings first (a file run before in the same worker may have pointed them at a fake).
 */
export function withStackAndBrowser(
  ready: (stack: Stack, browser: Browser) => void | Promise<void>,
  opts: { offline?: boolean; timeoutMs?: number } = {},
): void {
  let stack: Stack | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    if (opts.offline) for (const k of MODEL_ENV) delete process.env[k];
    stack = await startStack();
    browser = await openBrowser();
    await ready(stack, browser);
  }, opts.timeoutMs);
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });
}

export async function openBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
    ],
  });
}

export async function newPage(
  browser: Browser,
  stack: Stack,
  width = 1280,
  height = 900,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: stack.url, viewport: { width, height }, acceptDownloads: true });
  const page = await context.newPage();
  return { context, page };
}

type Impact = 'minor' | 'moderate' | 'serious' | 'critical';
const IMPACTS: Impact[] = ['minor', 'moderate', 'serious', 'critical'];
export interface A11yViolation {
  id: string;
  impact: Impact;
  help: string;
  nodes: string[];
}

/** axe-core in the page, every rule it runs by default (WCAG A/AA and best practices); returns all violations. */
export async function a11yViolations(page: Page): Promise<A11yViolation[]> {
  // Colours are judged once they have settled: a control just clicked is still in its 120 ms colour
  // transition, and axe would measure the contrast of a colour half-way between two states. Endless
  // animations (a spinner) never finish and are not waited for.
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime ?? Number.POSITIVE_INFINITY)));
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
  });
  // Evaluated rather than added as a <script>: the app's CSP (script-src 'self') blocks injected tags.
  await page.evaluate(readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8'));
  const result = await page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected as a global
    const axe = (window as any).axe;
    return axe.run(document, { resultTypes: ['violations'] });
  });
  return (result.violations as { id: string; impact: Impact; help: string; nodes: { target: string[] }[] }[]).map(
    (v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => n.target.join(' ')),
    }),
  );
}

/** The serious and critical violations only. */
export async function seriousA11yViolations(page: Page): Promise<A11yViolation[]> {
  return (await a11yViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/**
 * axe finds no moderate, serious or critical violation on the page as it is now (a missing
 * `main` landmark, headings out of order and content outside landmarks are moderate). Minor
 * findings are reported on stderr, not failed: none is known today.
 */
export async function expectAccessible(page: Page, what: string) {
  const all = await a11yViolations(page);
  const minor = all.filter((v) => IMPACTS.indexOf(v.impact) < IMPACTS.indexOf('moderate'));
  if (minor.length > 0) console.warn(`${what}: minor accessibility findings: ${JSON.stringify(minor, null, 2)}`);
  const failing = all.filter((v) => IMPACTS.indexOf(v.impact) >= IMPACTS.indexOf('moderate'));
  expect(failing, `${what}: ${JSON.stringify(failing, null, 2)}`).toEqual([]);
}

/** Nothing on the page is wider than the viewport (no sideways scrolling at 375 px). */
export async function expectNoSidewaysScroll(page: Page) {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(width);
}

/** Screenshots land in test-results/screenshots (git-ignored) to be looked at. */
export async function screenshot(page: Page, name: string): Promise<string> {
  const dir = path.join(root, 'test-results/screenshots');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** The last verification code the console SMS sender wrote for a phone number (E.164). */
export function lastSmsCode(stack: Stack, to?: string): string {
  const lines = readFileSync(stack.smsOutbox, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { to: string; code: string });
  const match = lines.filter((l) => !to || l.to === to).pop();
  if (!match) throw new Error(`no SMS sent${to ? ` to ${to}` : ''}`);
  return match.code;
}

let counter = 0;

/** Registers and verifies a user through the public API; returns its session token. */
export async function createVerifiedUser(
  stack: Stack,
  overrides: { name?: string; email?: string; password?: string } = {},
) {
  counter += 1;
  const n = `${Date.now().toString().slice(-6)}${counter}`;
  const user = {
    name: overrides.name ?? 'Ada Lovelace',
    email: overrides.email ?? `ada.${n}@example.com`,
    password: overrides.password ?? 'correct-horse-battery',
    cellPhone: `(555) ${n.slice(0, 3)}-${n.slice(3, 7).padEnd(4, '0')}`,
    optionalCode: '',
  };
  const post = async (p: string, body: unknown, token?: string) => {
    const res = await fetch(`${stack.url}${p}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    const data = await res.json();
    if (!res.ok) throw new Error(`${p} answered ${res.status}: ${JSON.stringify(data)}`);
    return data;
  };
  const registered = await post('/api/auth/register', user);
  const code = lastSmsCode(stack);
  // Verification belongs to the sign-up session: it takes the token register returned.
  await post('/api/auth/verify-phone', { email: user.email, code }, registered.token);
  const login = await post('/api/auth/login', { email: user.email, password: user.password });
  return { ...user, token: login.token as string, id: login.user.id as string };
}

/** Puts a session token where the web app reads it, before any page script runs. */
export async function signInWithToken(context: BrowserContext, token: string) {
  await context.addInitScript((t) => localStorage.setItem('token', t), token);
}
