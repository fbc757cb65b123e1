import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type JWK, calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, importPKCS8 } from 'jose';

/**
 * The session-signing key (EdDSA / Ed25519) and the public keys the JWKS publishes.
 * Production passes the key in env (JWT_PRIVATE_KEY, JWT_KEY_ID, JWT_PREVIOUS_PUBLIC_KEYS);
 * embedded mode generates one into DATA_DIR/keys once and reuses it across restarts.
 * See docs/decisions/0011-jwt-keys.md.
 */
export interface SigningKeys {
  kid: string;
  privateKey: CryptoKey;
  /** Current public key first, then the previous ones still accepted. */
  jwks: { keys: JWK[] };
  /** Where the key came from, for the start-up log line. */
  source: 'env' | 'generated' | 'file';
}

export interface KeyConfig {
  JWT_PRIVATE_KEY?: string;
  JWT_KEY_ID?: string;
  JWT_PREVIOUS_PUBLIC_KEYS?: string;
  DATA_DIR: string;
}

export class KeyConfigError extends Error {
  override name = 'KeyConfigError';
}

function publicPart(jwk: JWK, kid: string): JWK {
  if (jwk.kty !== 'OKP' || jwk.crv !== 'Ed25519' || typeof jwk.x !== 'string') {
    throw new KeyConfigError(`key ${kid}: expected an Ed25519 key (kty OKP, crv Ed25519)`);
  }
  return { kty: 'OKP', crv: 'Ed25519', x: jwk.x, kid, alg: 'EdDSA', use: 'sig' };
}

async function fromPrivateJwk(
  jwk: JWK,
  kidOverride?: string,
): Promise<{ kid: string; privateKey: CryptoKey; publicJwk: JWK }> {
  if (typeof jwk.d !== 'string') throw new KeyConfigError('JWT_PRIVATE_KEY: the JWK has no private part ("d")');
  const kid = kidOverride ?? jwk.kid ?? (await calculateJwkThumbprint(publicPart(jwk, 'x')));
  const privateKey = (await importJWK({ ...jwk, alg: 'EdDSA' }, 'EdDSA')) as CryptoKey;
  return { kid, privateKey, publicJwk: publicPart(jwk, kid) };
}

async function fromEnv(value: string, kidOverride?: string) {
  const text = value.trim();
  if (text.startsWith('{')) {
    let jwk: JWK;
    try {
      jwk = JSON.parse(text);
    } catch {
      throw new KeyConfigError('JWT_PRIVATE_KEY: not valid JSON (expected a private JWK or a PKCS8 PEM)');
    }
    return fromPrivateJwk(jwk, kidOverride);
  }
  if (!text.includes('BEGIN PRIVATE KEY'))
    throw new KeyConfigError(
      'JWT_PRIVATE_KEY: expected a private JWK (JSON) or a PKCS8 PEM ("-----BEGIN PRIVATE KEY-----")',
    );
  // Env files often carry PEMs with literal "\n".
  const pem = text.replace(/\\n/g, '\n');
  let key: CryptoKey;
  try {
    key = await importPKCS8(pem, 'EdDSA', { extractable: true });
  } catch (e) {
    throw new KeyConfigError(`JWT_PRIVATE_KEY: not an Ed25519 PKCS8 key (${(e as Error).message})`);
  }
  return fromPrivateJwk(await exportJWK(key), kidOverride);
}

function parsePrevious(value: string | undefined): JWK[] {
  if (!value) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new KeyConfigError('JWT_PREVIOUS_PUBLIC_KEYS: not valid JSON (expected {"keys":[...]} or [...])');
  }
  const list = Array.isArray(parsed) ? parsed : (parsed as { keys?: unknown }).keys;
  if (!Array.isArray(list)) throw new KeyConfigError('JWT_PREVIOUS_PUBLIC_KEYS: expected {"keys":[...]} or [...]');
  return list.map((k: JWK, i) => {
    if (!k.kid) throw new KeyConfigError(`JWT_PREVIOUS_PUBLIC_KEYS: key ${i} has no kid`);
    // Only the public part is ever published, whatever was pasted.
    return publicPart(k, k.kid);
  });
}

/** Reads the generated key, or creates it; safe when several processes start on one data folder. */
async function generatedKey(dataDir: string) {
  const dir = path.resolve(dataDir, 'keys');
  const file = path.join(dir, 'signing-key.json');
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
    const jwk = await exportJWK(privateKey);
    jwk.kid = await calculateJwkThumbprint(publicPart(jwk, 'x'));
    // Write aside, then link into place: link fails if another process won the race, and a
    // reader never sees a half-written file.
    const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(tmp, `${JSON.stringify(jwk)}\n`, { mode: 0o600 });
    try {
      linkSync(tmp, file);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    } finally {
      unlinkSync(tmp);
    }
    const key = await fromPrivateJwk(JSON.parse(readFileSync(file, 'utf8')));
    return { ...key, source: 'generated' as const, file };
  }
  chmodSync(file, 0o600);
  const key = await fromPrivateJwk(JSON.parse(readFileSync(file, 'utf8')));
  return { ...key, source: 'file' as const, file };
}

export async function loadSigningKeys(config: KeyConfig): Promise<SigningKeys & { file?: string }> {
  const previous = parsePrevious(config.JWT_PREVIOUS_PUBLIC_KEYS);
  const current = config.JWT_PRIVATE_KEY
    ? { ...(await fromEnv(config.JWT_PRIVATE_KEY, config.JWT_KEY_ID)), source: 'env' as const, file: undefined }
    : await generatedKey(config.DATA_DIR);
  return {
    kid: current.kid,
    privateKey: current.privateKey,
    jwks: { keys: [current.publicJwk, ...previous.filter((k) => k.kid !== current.kid)] },
    source: current.source,
    file: current.file,
  };
}
