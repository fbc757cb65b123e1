import { requireInfra } from '@gnology/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthTest, bearer, startAuth, verifiedUser } from './helpers';

requireInfra('DATABASE_URL');

let t: AuthTest;
beforeAll(async () => {
  t = await startAuth();
});
afterAll(async () => {
  await t?.close();
});

const create = (token: string, body: unknown) => t.post('/api/auth/access-tokens', body, bearer(token));
async function exchange(secret: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/internal/access-tokens/verify',
    payload: { token: secret },
    headers: { 'x-internal-token': t.config.INTERNAL_TOKEN },
  });
  return res.statusCode;
}

describe('the password guards access tokens (issue 29, point 7)', () => {
  it('creates a token only with the current password: missing is 400, wrong is 400 as change-password answers', async () => {
    const ada = await verifiedUser(t);
    expect(await create(ada.token, { name: 'Sync', scope: 'documents:read' })).toEqual({
      status: 400,
      body: { error: 'Current password is required' },
    });
    expect(
      await create(ada.token, { name: 'Sync', scope: 'documents:read', currentPassword: 'not-my-password' }),
    ).toEqual({
      status: 400,
      body: { error: 'Current password is incorrect', message: 'Current password is incorrect' },
    });
    expect((await t.get('/api/auth/access-tokens', ada.token)).body.accessTokens).toEqual([]);
    const ok = await create(ada.token, { name: 'Sync', scope: 'documents:read', currentPassword: ada.password });
    expect(ok.status).toBe(201);
    expect(ok.body.token).toMatch(/^gnpat_/);
  });

  it('counts wrong passwords with change-password: five tries per 15 minutes between them', async () => {
    const bob = await verifiedUser(t, { name: 'Bob' });
    for (let i = 0; i < 3; i++)
      expect((await create(bob.token, { name: 'x', currentPassword: `wrong-${i}` })).status).toBe(400);
    for (let i = 0; i < 2; i++)
      expect(
        (
          await t.post(
            '/api/users/change-password',
            { currentPassword: `nope-${i}`, newPassword: 'n3w-pass-phrase' },
            bearer(bob.token),
          )
        ).status,
      ).toBe(400);
    const blocked = await create(bob.token, { name: 'x', currentPassword: bob.password });
    expect(blocked.status).toBe(429);
  });

  it('revokes every access token of the account when its password changes', async () => {
    const cy = await verifiedUser(t, { name: 'Cy' });
    const a = await create(cy.token, { name: 'A', currentPassword: cy.password });
    const b = await create(cy.token, { name: 'B', currentPassword: cy.password });
    expect([await exchange(a.body.token), await exchange(b.body.token)]).toEqual([200, 200]);
    // Another account's token is not touched.
    const dee = await verifiedUser(t, { name: 'Dee' });
    const other = await create(dee.token, { name: 'Other', currentPassword: dee.password });

    const changed = await t.post(
      '/api/users/change-password',
      { currentPassword: cy.password, newPassword: 'an0ther-long-phrase' },
      bearer(cy.token),
    );
    expect(changed.status).toBe(200);
    expect([await exchange(a.body.token), await exchange(b.body.token)]).toEqual([401, 401]);
    const listed = (await t.get('/api/auth/access-tokens', changed.body.token)).body.accessTokens;
    expect(listed.map((x: { revokedAt: string | null }) => typeof x.revokedAt)).toEqual(['string', 'string']);
    expect(await exchange(other.body.token)).toBe(200);
  });
});
