import { createHash } from 'node:crypto';
import { MAX_LIVE_ACCESS_TOKENS } from '@gnology/contracts';
import { requireInfra } from '@gnology/testing';
import { decodeJwt } from 'jose';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOO_MANY_ACCESS_TOKENS } from '../src/use-cases/access-tokens';
import { type AuthTest, bearer, newSignup, startAuth, verifiedUser } from './helpers';

requireInfra('DATABASE_URL');

let t: AuthTest;
let ada: Awaited<ReturnType<typeof verifiedUser>>;
let bob: Awaited<ReturnType<typeof verifiedUser>>;
beforeAll(async () => {
  t = await startAuth();
  ada = await verifiedUser(t);
  bob = await verifiedUser(t, { name: 'Bob' });
});
afterAll(async () => {
  await t?.close();
});

/** Creation asks the account's password (issue 29, point 7); every test account has the sign-up default. */
async function create(token: string, body: Record<string, unknown>) {
  return t.post('/api/auth/access-tokens', { currentPassword: newSignup().password, ...body }, bearer(token));
}
async function verify(secret: string, internal = t.config.INTERNAL_TOKEN) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/internal/access-tokens/verify',
    payload: { token: secret },
    headers: { 'x-internal-token': internal },
  });
  return { status: res.statusCode, body: res.json() };
}
async function del(token: string, id: string) {
  const res = await t.app.inject({ method: 'DELETE', url: `/api/auth/access-tokens/${id}`, headers: bearer(token) });
  return { status: res.statusCode, body: res.json() };
}

describe('personal access tokens', () => {
  it('are shown once at creation, stored only as a SHA-256 hash, and listed without the secret', async () => {
    const res = await create(ada.token, { name: '  Family tree sync ', scope: 'documents:read' });
    expect(res.status).toBe(201);
    const { token, accessToken } = res.body;
    expect(token).toMatch(/^gnpat_[A-Za-z0-9_-]{43}$/);
    expect(accessToken).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      name: 'Family tree sync',
      scope: 'documents:read',
      prefix: token.slice(0, 10),
      createdAt: expect.any(String),
      lastUsedAt: null,
      revokedAt: null,
    });
    const row = await t.db
      .selectFrom('access_tokens')
      .selectAll()
      .where('id', '=', accessToken.id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);

    const list = await t.get('/api/auth/access-tokens', ada.token);
    expect(list.status).toBe(200);
    expect(list.body.accessTokens).toContainEqual(accessToken);
    expect(JSON.stringify(list.body)).not.toContain(token);
    // Another user sees none of them.
    expect((await t.get('/api/auth/access-tokens', bob.token)).body).toEqual({ accessTokens: [] });
  });

  it('validate name and scope with plain messages, and need a session', async () => {
    expect(await create(ada.token, { name: '' })).toEqual({ status: 400, body: { error: 'Name is required' } });
    expect(await create(ada.token, { name: 'x'.repeat(81) })).toEqual({
      status: 400,
      body: { error: 'Name must be at most 80 characters' },
    });
    expect(await create(ada.token, { name: 'ok', scope: 'documents:write' })).toEqual({
      status: 400,
      body: { error: 'The only scope available is documents:read' },
    });
    expect((await t.get('/api/auth/access-tokens')).status).toBe(401);
    expect((await t.post('/api/auth/access-tokens', { name: 'x' })).status).toBe(401);
  });

  it('are exchanged by the internal check for a 5-minute session of their owner, carrying the scope', async () => {
    const { body } = await create(ada.token, { name: 'Archive' });
    const res = await verify(body.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ userId: ada.id, tokenId: body.accessToken.id, scope: 'documents:read' });
    const claims = decodeJwt(res.body.sessionToken);
    expect(claims).toMatchObject({ sub: ada.id, email: ada.email, verified: true, scope: 'documents:read' });
    expect(claims.exp! - claims.iat!).toBe(300);
    expect(res.body.sessionExpiresAt).toBe(claims.exp);
    // The exchanged session is a real one: auth's own routes accept it as Ada.
    expect((await t.get('/api/auth/me', res.body.sessionToken)).body.id).toBe(ada.id);
    // Without the internal token the route does not exist.
    expect((await verify(body.token, 'wrong')).status).toBe(404);
    expect(await verify('gnpat_not-a-real-token')).toEqual({ status: 401, body: { error: 'Invalid access token' } });
  });

  it('record last use at most once a minute', async () => {
    const { body } = await create(ada.token, { name: 'Touch' });
    await verify(body.token);
    const first = await t.db
      .selectFrom('access_tokens')
      .select('last_used_at')
      .where('id', '=', body.accessToken.id)
      .executeTakeFirstOrThrow();
    expect(first.last_used_at).toBeInstanceOf(Date);
    await verify(body.token);
    const second = await t.db
      .selectFrom('access_tokens')
      .select('last_used_at')
      .where('id', '=', body.accessToken.id)
      .executeTakeFirstOrThrow();
    expect(second.last_used_at).toEqual(first.last_used_at);
    // A minute later the next use is stamped again.
    await t.db
      .updateTable('access_tokens')
      .set({ last_used_at: sql<Date>`now() - interval '61 seconds'` })
      .where('id', '=', body.accessToken.id)
      .execute();
    await verify(body.token);
    const third = await t.db
      .selectFrom('access_tokens')
      .select('last_used_at')
      .where('id', '=', body.accessToken.id)
      .executeTakeFirstOrThrow();
    expect(third.last_used_at!.getTime()).toBeGreaterThan(Date.now() - 10_000);
  });

  it('are revoked by their owner only; a revoked token is refused and listed as revoked', async () => {
    const { body } = await create(ada.token, { name: 'To revoke' });
    expect(await del(bob.token, body.accessToken.id)).toEqual({
      status: 404,
      body: { error: 'Access token not found' },
    });
    expect(await del(ada.token, 'not-an-id')).toEqual({ status: 404, body: { error: 'Access token not found' } });
    expect((await verify(body.token)).status).toBe(200);
    expect(await del(ada.token, body.accessToken.id)).toEqual({ status: 200, body: { success: true } });
    expect((await verify(body.token)).status).toBe(401);
    const listed = (await t.get('/api/auth/access-tokens', ada.token)).body.accessTokens.find(
      (a: { id: string }) => a.id === body.accessToken.id,
    );
    expect(listed.revokedAt).toEqual(expect.any(String));
    // Revoking again is harmless.
    expect((await del(ada.token, body.accessToken.id)).status).toBe(200);
  });

  it(`are limited to ${MAX_LIVE_ACCESS_TOKENS} live tokens per account, even when created at once`, async () => {
    const carol = await verifiedUser(t, { name: 'Carol' });
    // Creation asks the password, and more than five password checks at once are refused before
    // any is looked at (the attempt limit): so the account is filled to three short of the limit
    // one by one, and the last five race for the three places.
    const results = [];
    for (let i = 0; i < MAX_LIVE_ACCESS_TOKENS - 3; i++) results.push(await create(carol.token, { name: `t${i}` }));
    results.push(
      ...(await Promise.all(Array.from({ length: 5 }, (_, i) => create(carol.token, { name: `race${i}` })))),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(MAX_LIVE_ACCESS_TOKENS);
    for (const r of results.filter((r) => r.status !== 201))
      expect(r).toEqual({ status: 409, body: { error: TOO_MANY_ACCESS_TOKENS } });
    // A revoked token frees its place.
    const one = results.find((r) => r.status === 201)!;
    await del(carol.token, one.body.accessToken.id);
    expect((await create(carol.token, { name: 'again' })).status).toBe(201);
  });
});
