import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashAccessToken, newAccessTokenSecret, toPublicAccessToken, visiblePrefix } from '../src/domain/access-token';

describe('access token secrets', () => {
  it('are gnpat_ and 32 random bytes in base64url, never the same twice', () => {
    const a = newAccessTokenSecret();
    const b = newAccessTokenSecret();
    expect(a).toMatch(/^gnpat_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(a.slice(6), 'base64url')).toHaveLength(32);
    expect(a).not.toBe(b);
  });

  it('are kept as their hex SHA-256 and shown by their first ten characters', () => {
    const secret = 'gnpat_AbCdEfGhIjKl';
    expect(hashAccessToken(secret)).toBe(createHash('sha256').update(secret).digest('hex'));
    expect(hashAccessToken(secret)).not.toBe(hashAccessToken(`${secret}x`));
    expect(visiblePrefix(secret)).toBe('gnpat_AbCd');
  });

  it('are listed without the secret or its hash', () => {
    const at = new Date('2026-01-02T03:04:05Z');
    expect(
      toPublicAccessToken({
        id: 'a'.repeat(24),
        name: 'Sync',
        scope: 'documents:read',
        prefix: 'gnpat_AbCd',
        createdAt: at,
        lastUsedAt: null,
        revokedAt: at,
      }),
    ).toEqual({
      id: 'a'.repeat(24),
      name: 'Sync',
      scope: 'documents:read',
      prefix: 'gnpat_AbCd',
      createdAt: '2026-01-02T03:04:05.000Z',
      lastUsedAt: null,
      revokedAt: '2026-01-02T03:04:05.000Z',
    });
  });
});
