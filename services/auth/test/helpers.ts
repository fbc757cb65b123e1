import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createTestService, type TestService } from '@gnology/testing';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { authEnvSchema, type AuthConfig } from '../src/config';
import { migrations } from '../src/migrations';
import type { SmsVerifier } from '../src/sms';
import type { AuthDb } from '../src/store/schema';

export interface SmsLine {
  to: string;
  code: string;
  sentAt: string;
}

/** Response bodies as tests read them (any: assertions check the shape). */
// biome-ignore lint/suspicious/noExplicitAny: test bodies are checked by assertions, not types
type Body = Record<string, any>;

export interface AuthTest {
  svc: TestService;
  app: FastifyInstance;
  db: AuthDb;
  config: AuthConfig;
  /** Codes the console sender wrote, oldest first. */
  smsLines(): SmsLine[];
  lastCode(to?: string): string;
  post(url: string, body: unknown, headers?: Record<string, string>): Promise<{ status: number; body: Body }>;
  get(url: string, token?: string): Promise<{ status: number; body: Body }>;
  /** A fresh app over the same database and data folder (a restart, or a second replica). */
  rebuild(env?: Record<string, string>): Promise<FastifyInstance>;
  close(): Promise<void>;
}

let phoneCounter = 0;

/** A sign-up body with a unique e-mail and a US phone number in the form's format. */
export function newSignup(
  overrides: Partial<{ name: string; email: string; password: string; cellPhone: string; optionalCode: string }> = {},
) {
  phoneCounter += 1;
  const n = `${process.pid % 1000}${phoneCounter}`.padStart(7, '0').slice(-7);
  return {
    name: 'Ada Lovelace',
    email: `ada.${Date.now().toString(36)}.${phoneCounter}@example.com`,
    password: 'correct-horse',
    cellPhone: `(555) ${n.slice(0, 3)}-${n.slice(3)}`,
    optionalCode: '',
    ...overrides,
  };
}

export function e164(cellPhone: string): string {
  return `+1${cellPhone.replace(/\D/g, '')}`;
}

/** The auth app on a fresh database, with auth's own env parsed from `env` (not process.env). */
export async function startAuth(opts: { env?: Record<string, string>; sms?: SmsVerifier } = {}): Promise<AuthTest> {
  const svc = await createTestService({ name: 'auth', schema: 'auth', migrations });
  // Every test request comes from one address and one 555 exchange: the SMS pumping limits are
  // lifted unless a test sets its own (sms-pumping.int.test.ts does).
  const lifted = { SMS_MAX_PER_IP_PER_HOUR: '1000000', SMS_MAX_PER_PREFIX_PER_HOUR: '1000000' };
  const configFor = (env: Record<string, string> = {}): AuthConfig => ({
    ...svc.config,
    ...authEnvSchema.parse({ ...lifted, ...opts.env, ...env }),
  });
  const config = configFor();
  const apps: FastifyInstance[] = [];
  const make = async (env?: Record<string, string>) => {
    const app = await buildApp({ ...svc, config: configFor(env) }, { sms: opts.sms });
    apps.push(app);
    return app;
  };
  const app = await make();
  const outbox = path.join(config.DATA_DIR, 'sms-outbox.jsonl');
  const smsLines = (): SmsLine[] =>
    existsSync(outbox)
      ? readFileSync(outbox, 'utf8')
          .trim()
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l))
      : [];
  return {
    svc,
    app,
    db: svc.database.db as AuthDb,
    config,
    smsLines,
    lastCode(to) {
      const line = smsLines()
        .filter((l) => !to || l.to === to)
        .pop();
      if (!line) throw new Error(`no SMS sent${to ? ` to ${to}` : ''}`);
      return line.code;
    },
    async post(url, body, headers = {}) {
      const res = await app.inject({ method: 'POST', url, payload: body as object, headers });
      return { status: res.statusCode, body: res.json() };
    },
    async get(url, token) {
      const res = await app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
      return { status: res.statusCode, body: res.json() };
    },
    rebuild: make,
    async close() {
      for (const a of apps) await a.close();
      await svc.cleanup();
    },
  };
}

/** The Authorization header of a session token (verify and resend take the sign-up session's). */
export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

/** Moves an account's send log back in time, as if `seconds` had passed (the resend limits read it). */
export async function ageSends(db: AuthDb, seconds: number) {
  const { sql } = await import('kysely');
  await db
    .updateTable('sms_sends')
    .set({ sent_at: sql`sent_at - make_interval(secs => ${seconds})` })
    .execute();
}

/** Signs up and verifies; returns the body, the verified session token and the user id. */
export async function verifiedUser(t: AuthTest, overrides: Parameters<typeof newSignup>[0] = {}) {
  const signup = newSignup(overrides);
  const reg = await t.post('/api/auth/register', signup);
  if (reg.status !== 201) throw new Error(`register answered ${reg.status}: ${JSON.stringify(reg.body)}`);
  const verify = await t.post(
    '/api/auth/verify-phone',
    { email: signup.email, code: t.lastCode(e164(signup.cellPhone)) },
    bearer(reg.body.token),
  );
  if (verify.status !== 200) throw new Error(`verify answered ${verify.status}: ${JSON.stringify(verify.body)}`);
  return { ...signup, token: verify.body.token as string, id: verify.body.user.id as string };
}
