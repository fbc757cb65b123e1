import { createHash, randomBytes } from 'node:crypto';
import { ACCESS_TOKEN_PREFIX, type AccessToken, type AccessTokenScope } from '@gnology/contracts';

/** 32 random bytes, base64url: 43 characters after the `gnpat_` marker. */
const SECRET_BYTES = 32;
/** Characters of the secret shown in the list after creation: the marker and four more. */
const VISIBLE_CHARS = ACCESS_TOKEN_PREFIX.length + 4;
/** last_used_at is written at most this often per token: a busy integrator is not a write per call. */
export const LAST_USED_RESOLUTION_MS = 60_000;

/** A new secret; the marker lets secret scanners and the gateway tell it from a session token. */
export function newAccessTokenSecret(): string {
  return ACCESS_TOKEN_PREFIX + randomBytes(SECRET_BYTES).toString('base64url');
}

/** Hex SHA-256: the secret has 256 bits of entropy, so a fast unsalted hash is enough to look it up. */
export function hashAccessToken(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

export function visiblePrefix(secret: string): string {
  return secret.slice(0, VISIBLE_CHARS);
}

export interface AccessTokenRecord {
  id: string;
  name: string;
  scope: AccessTokenScope;
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

export function toPublicAccessToken(t: AccessTokenRecord): AccessToken {
  return {
    id: t.id,
    name: t.name,
    scope: t.scope,
    prefix: t.prefix,
    createdAt: t.createdAt.toISOString(),
    lastUsedAt: t.lastUsedAt?.toISOString() ?? null,
    revokedAt: t.revokedAt?.toISOString() ?? null,
  };
}
