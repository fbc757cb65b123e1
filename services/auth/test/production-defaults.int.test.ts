import { requireInfra } from '@gnology/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { type AuthTest, startAuth } from './helpers';

requireInfra('DATABASE_URL');

/** Issue 11, point 7: production refuses console SMS and on-the-fly signing keys unless told. */
let t: AuthTest;
beforeAll(async () => {
  t = await startAuth();
});
afterAll(async () => {
  await t?.close();
});

const production = { NODE_ENV: 'production' as const, ALLOW_EMBEDDED_DEFAULTS: false };

describe('auth in production', () => {
  it('refuses to start on the console SMS sender or a generated signing key, naming both', async () => {
    const attempt = buildApp({ ...t.svc, config: { ...t.config, ...production } });
    await expect(attempt).rejects.toThrow(
      /refusing to start with NODE_ENV=production: verification codes would go to the console sender .*; the session signing key would be generated/,
    );
  });

  it('starts when ALLOW_EMBEDDED_DEFAULTS says the embedded defaults are intended', async () => {
    const app = await buildApp({ ...t.svc, config: { ...t.config, ...production, ALLOW_EMBEDDED_DEFAULTS: true } });
    expect((await app.inject('/healthz')).statusCode).toBe(200);
    await app.close();
  });

  it('starts with Twilio and a configured key, and nothing to allow', async () => {
    const { generateKeyPair, exportPKCS8 } = await import('jose');
    const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
    const config = {
      ...t.config,
      ...production,
      JWT_PRIVATE_KEY: await exportPKCS8(privateKey),
      TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000000',
      TWILIO_AUTH_TOKEN: 'twilio-auth-token',
      TWILIO_VERIFY_SERVICE_SID: 'VA00000000000000000000000000000000',
    };
    const app = await buildApp({ ...t.svc, config });
    expect((await app.inject('/healthz')).statusCode).toBe(200);
    await app.close();
  });
});
