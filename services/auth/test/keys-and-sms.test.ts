import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { createLogger } from '@gnology/platform/logger';
import { exportJWK, exportPKCS8, generateKeyPair } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import { KeyConfigError, loadSigningKeys } from '../src/keys/key-store';
import { createSmsVerifier } from '../src/sms';

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'gn-auth-unit-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const logger = createLogger({ service: 'auth-test', level: 'silent' });

describe('loadSigningKeys', () => {
  it('generates one key into DATA_DIR/keys (mode 0600) and reuses it', async () => {
    const dir = tempDir();
    const first = await loadSigningKeys({ DATA_DIR: dir });
    const second = await loadSigningKeys({ DATA_DIR: dir });
    expect(first.source).toBe('generated');
    expect(second.source).toBe('file');
    expect(second.kid).toBe(first.kid);
    expect(statSync(path.join(dir, 'keys/signing-key.json')).mode & 0o777).toBe(0o600);
  });

  it('agrees on one key when several processes start together', async () => {
    const dir = tempDir();
    const kids = new Set(
      (await Promise.all(Array.from({ length: 4 }, () => loadSigningKeys({ DATA_DIR: dir })))).map((k) => k.kid),
    );
    expect(kids.size).toBe(1);
  });

  it('takes a private JWK or a PKCS8 PEM from env, never publishing the private part', async () => {
    const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
    const jwk = { ...(await exportJWK(privateKey)), kid: 'from-jwk' };
    const fromJwk = await loadSigningKeys({ DATA_DIR: tempDir(), JWT_PRIVATE_KEY: JSON.stringify(jwk) });
    expect(fromJwk.kid).toBe('from-jwk');
    expect(fromJwk.jwks.keys[0]).toEqual({
      kty: 'OKP',
      crv: 'Ed25519',
      x: jwk.x,
      kid: 'from-jwk',
      alg: 'EdDSA',
      use: 'sig',
    });

    const fromPem = await loadSigningKeys({ DATA_DIR: tempDir(), JWT_PRIVATE_KEY: await exportPKCS8(privateKey) });
    expect(fromPem.kid).toMatch(/^[A-Za-z0-9_-]{43}$/); // RFC 7638 thumbprint
    expect(fromPem.jwks.keys[0]!.x).toBe(jwk.x);
  });

  it('explains a bad key instead of starting with none', async () => {
    await expect(loadSigningKeys({ DATA_DIR: tempDir(), JWT_PRIVATE_KEY: 'not a key' })).rejects.toThrow(
      KeyConfigError,
    );
    await expect(
      loadSigningKeys({ DATA_DIR: tempDir(), JWT_PRIVATE_KEY: '{"kty":"OKP","crv":"Ed25519","x":"abc"}' }),
    ).rejects.toThrow(/no private part/);
    await expect(
      loadSigningKeys({ DATA_DIR: tempDir(), JWT_PREVIOUS_PUBLIC_KEYS: '[{"kty":"OKP","crv":"Ed25519","x":"abc"}]' }),
    ).rejects.toThrow(/has no kid/);
  });
});

describe('createSmsVerifier', () => {
  it('uses the console sender without Twilio settings, appending {"to","code","sentAt"} lines', async () => {
    const dir = tempDir();
    let logged = '';
    const destination = new Writable({
      write(chunk, _enc, cb) {
        logged += String(chunk);
        cb();
      },
    });
    const captured = createLogger({ service: 'auth', destination });
    const sms = createSmsVerifier({ DATA_DIR: dir }, captured);
    expect(sms).toMatchObject({ name: 'console', codes: 'local' });
    await sms.send('+15551234567', '908172');
    await sms.send('+15557654321', '736451');
    const lines = readFileSync(path.join(dir, 'sms-outbox.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toEqual([
      { to: '+15551234567', code: '908172', sentAt: expect.any(String) },
      { to: '+15557654321', code: '736451', sentAt: expect.any(String) },
    ]);
    // The codes reach the outbox file only, never the logs (issue 11, point 7).
    expect(logged).toContain('+15551234567');
    expect(logged).not.toContain('908172');
    expect(logged).not.toContain('736451');
  });

  it('uses Twilio Verify when all three TWILIO_* are set and refuses a partial configuration', () => {
    const twilio = createSmsVerifier(
      {
        DATA_DIR: '.',
        TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`,
        TWILIO_AUTH_TOKEN: 'x',
        TWILIO_VERIFY_SERVICE_SID: 'VA1',
      },
      logger,
    );
    expect(twilio).toMatchObject({ name: 'twilio', codes: 'provider' });
    expect(() => createSmsVerifier({ DATA_DIR: '.', TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}` }, logger)).toThrow(
      /set all of/,
    );
  });
});
