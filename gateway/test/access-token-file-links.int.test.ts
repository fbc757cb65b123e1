import type { AddressInfo } from 'node:net';
import { createTokenVerifier } from '@gnology/platform/auth/token-verifier';
import { createLogger } from '@gnology/platform/logger';
import { requireInfra } from '@gnology/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthTest, startAuth, verifiedUser } from '../../services/auth/test/helpers';
import { buildApp as buildDocuments } from '../../services/documents/src/app';
import { LETTER } from '../../services/documents/test/fixtures/texts';
import { multipart } from '../../services/documents/test/helpers/multipart';
import { type DocumentsHarness, startDocuments } from '../../services/documents/test/helpers/service';
import { buildGateway } from '../src/app';
import { createAccessTokenCheck } from '../src/clients/access-tokens';
import { createGatewayContext } from '../src/context';
import { configWithOneUpstream } from './helpers/config';

requireInfra('DATABASE_URL');

/** The gateway's cache of access-token answers in this test; the default is 30 s. */
const PAT_TTL_MS = 2_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Issue 29, point 7: real auth, documents and gateway. A file link (`?token=` view token) handed
 * out through a personal access token lives no longer than the gateway's answer for that token,
 * so once the token is revoked its links stop within the same promised time (30 s); and a password
 * change that goes through the gateway revokes every token of the account at once.
 */
describe('file links handed out through an access token', () => {
  let auth: AuthTest;
  let docs: DocumentsHarness;
  let docsApp: FastifyInstance;
  let gateway: FastifyInstance;
  let base: string;
  let ada: Awaited<ReturnType<typeof verifiedUser>>;
  let docId: string;

  const call = (path: string, token?: string, init: RequestInit = {}) =>
    fetch(`${base}${path}`, {
      ...init,
      headers: { ...(init.headers as Record<string, string>), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
  const createToken = async (session: string, name: string) => {
    const res = await call('/api/auth/access-tokens', session, {
      method: 'POST',
      body: JSON.stringify({ name, scope: 'documents:read', currentPassword: ada.password }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { token: string }).token;
  };
  const readDoc = async (token: string) => {
    const res = await call(`/api/documents/${docId}`, token);
    expect(res.status).toBe(200);
    return (await res.json()) as { viewToken: string; viewTokenExpiresAt: string };
  };

  beforeAll(async () => {
    auth = await startAuth();
    await auth.app.listen({ port: 0, host: '127.0.0.1' });
    const jwks = (await auth.app.inject({ method: 'GET', url: '/api/auth/.well-known/jwks.json' })).json();
    docs = await startDocuments();
    docsApp = await buildDocuments({ ...docs.deps, verifier: createTokenVerifier({ jwks }) });
    await docsApp.listen({ port: 0, host: '127.0.0.1' });
    const url = (app: FastifyInstance) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const config = {
      ...configWithOneUpstream('http://127.0.0.1:9', { INTERNAL_TOKEN: auth.config.INTERNAL_TOKEN }),
      AUTH_URL: url(auth.app),
      DOCUMENTS_URL: url(docsApp),
    };
    const logger = createLogger({ service: 'gateway', level: 'silent' });
    const accessTokens = createAccessTokenCheck({
      authUrl: config.AUTH_URL,
      internalToken: config.INTERNAL_TOKEN,
      logger,
      ttlMs: PAT_TTL_MS,
    });
    gateway = await buildGateway(
      createGatewayContext(config, logger, { verifier: createTokenVerifier({ jwks }), accessTokens }),
    );
    await gateway.listen({ port: 0, host: '127.0.0.1' });
    base = url(gateway);
    ada = await verifiedUser(auth);
    const form = multipart('Letter.txt', Buffer.from(LETTER));
    const up = await call('/api/documents/upload', ada.token, {
      method: 'POST',
      body: form.payload,
      headers: form.headers,
    });
    expect(up.status).toBe(201);
    docId = ((await up.json()) as { _id: string })._id;
  });
  afterAll(async () => {
    await gateway?.close();
    await docsApp?.close();
    await docs?.close();
    await auth?.close();
  });

  it('are signed to end with the gateway answer for the token, not an hour later as for a session', async () => {
    const before = Date.now();
    const bySession = await readDoc(ada.token);
    expect(Date.parse(bySession.viewTokenExpiresAt) - before).toBeGreaterThan(30 * 60_000);

    const pat = await createToken(ada.token, 'Links');
    const checked = Date.now();
    const byToken = await readDoc(pat);
    expect(Date.parse(byToken.viewTokenExpiresAt)).toBeLessThanOrEqual(Date.now() + PAT_TTL_MS);
    const link = `/api/documents/${docId}/view?token=${encodeURIComponent(byToken.viewToken)}`;
    expect((await call(link)).status).toBe(200);

    // Revoked: the gateway's answer runs out, and with it every link it handed out.
    const [{ id }] = (
      (await (await call('/api/auth/access-tokens', ada.token)).json()) as {
        accessTokens: { id: string }[];
      }
    ).accessTokens;
    expect((await call(`/api/auth/access-tokens/${id}`, ada.token, { method: 'DELETE' })).status).toBe(200);
    await sleep(Math.max(0, checked + PAT_TTL_MS + 1_100 - Date.now()));
    expect((await call(link)).status).toBe(401);
    expect((await call(`/api/documents/${docId}`, pat)).status).toBe(401);
  });

  it('stop, with the token, as soon as the password is changed through the gateway', async () => {
    const pat = await createToken(ada.token, 'Before the change');
    expect((await call(`/api/documents/${docId}`, pat)).status).toBe(200);
    const changed = await call('/api/users/change-password', ada.token, {
      method: 'POST',
      body: JSON.stringify({ currentPassword: ada.password, newPassword: 'a-brand-new-phrase' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(changed.status).toBe(200);
    // Within the gateway's cache time: the answer for this account's tokens was dropped with the change.
    expect((await call(`/api/documents/${docId}`, pat)).status).toBe(401);
    const listed = (await (
      await call('/api/auth/access-tokens', ((await changed.json()) as { token: string }).token)
    ).json()) as {
      accessTokens: { revokedAt: string | null }[];
    };
    expect(listed.accessTokens.every((t) => t.revokedAt !== null)).toBe(true);
  });
});
