import { describe, expect, it } from 'vitest';
import { accessTokenMayReach, isAccessToken } from '../src/clients/access-tokens';

const ID = '65a1b2c3d4e5f60718293a4b';

describe('what a personal access token may reach', () => {
  it('is told from a session token by its marker', () => {
    expect(isAccessToken('gnpat_abc')).toBe(true);
    expect(isAccessToken('eyJhbGciOiJFZERTQSJ9.x.y')).toBe(false);
    expect(isAccessToken(undefined)).toBe(false);
  });

  it('reads the document list, one document, and its files, pages and words', () => {
    for (const p of [
      '/api/documents',
      `/api/documents/${ID}`,
      `/api/documents/${ID}/view`,
      `/api/documents/${ID}/thumbnail`,
      `/api/documents/${ID}/page/2`,
      `/api/documents/${ID}/pages/3/words`,
    ]) {
      expect(accessTokenMayReach('GET', p), p).toBe(true);
    }
  });

  it('changes nothing and reaches no other area', () => {
    expect(accessTokenMayReach('PUT', `/api/documents/${ID}`)).toBe(false);
    expect(accessTokenMayReach('DELETE', `/api/documents/${ID}`)).toBe(false);
    expect(accessTokenMayReach('POST', '/api/documents/upload')).toBe(false);
    expect(accessTokenMayReach('POST', `/api/documents/${ID}/reprocess`)).toBe(false);
    for (const p of [
      '/api/documents/settings/ocr',
      '/api/documents/images',
      '/api/documents/available/for-analysis',
      `/api/documents/${ID}/citation`,
      '/api/conversations',
      '/api/auth/access-tokens',
      '/api/auth/me',
      '/api/documents/../auth/me',
      // A file URL of something that is no document id, or a near miss of one.
      '/api/documents/not-an-id/view',
      `/api/documents/${ID}/viewer`,
      `/api/documents/${ID}/page/two`,
    ]) {
      expect(accessTokenMayReach('GET', p), p).toBe(false);
    }
  });
});
