import type { AddressInfo } from 'node:net';
import { createTokenVerifier } from '@gnology/platform/auth/token-verifier';
import { createTokenVersionCheck } from '@gnology/platform/auth/token-versions';
import { type TestSigner, createTestSigner, requireInfra } from '@gnology/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { OBITUARY } from './fixtures/texts';
import { multipart } from './helpers/multipart';
import { type DocumentsHarness, startDocuments } from './helpers/service';

/**
 * Issue 11, point 3: a session revoked by a password change fetches nothing from the file routes.
 * The documents service checks token versions with auth (a loopback stand-in answers them) and
 * takes no session token in `?token=` at all: only short-lived view tokens scoped to a document.
 */
describe('file routes after a password change', () => {
  let h: DocumentsHarness;
  let auth: FastifyInstance;
  let app: FastifyInstance;
  let version = 0;
  let signer: TestSigner;
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  beforeAll(async () => {
    requireInfra('DATABASE_URL');
    h = await startDocuments();
    signer = await createTestSigner();
    auth = Fastify();
    auth.get('/internal/users/:id/token-version', async () => ({ tokenVersion: version }));
    await auth.listen({ port: 0, host: '127.0.0.1' });
    const versions = createTokenVersionCheck({
      authUrl: `http://127.0.0.1:${(auth.server.address() as AddressInfo).port}`,
      internalToken: 'x'.repeat(16),
      logger: h.deps.logger,
      ttlMs: 50,
    });
    app = await buildApp({
      ...h.deps,
      verifier: createTokenVerifier({ jwks: signer.jwks, isCurrentVersion: versions.isCurrentVersion }),
    });
  });
  afterAll(async () => {
    await app?.close();
    await auth?.close();
    await h?.close();
  });

  it('refuses the old session everywhere, and session tokens in URLs at all', async () => {
    const old = await signer.sign({ id: 'carol', email: 'carol@example.com', verified: true, tv: 0 });
    const as = (token: string) => ({ authorization: `Bearer ${token}` });
    const form = multipart('Turner obituary.txt', Buffer.from(OBITUARY));
    const uploaded = await app.inject({
      method: 'POST',
      url: '/api/documents/upload',
      payload: form.payload,
      headers: { ...form.headers, ...as(old) },
    });
    expect(uploaded.statusCode).toBe(201);
    const id = uploaded.json()._id as string;
    const view = `/api/documents/${id}/view`;
    expect((await app.inject({ url: view, headers: as(old) })).statusCode).toBe(200);
    // A session token in the query string is never accepted, even a current one.
    const inUrl = await app.inject({ url: `${view}?token=${old}` });
    expect(inUrl.statusCode).toBe(401);
    expect(inUrl.json()).toEqual({ error: 'This link has expired. Please reload the page.', expired: true });
    expect((await app.inject({ url: `/api/documents/${id}/page/1?token=${old}` })).statusCode).toBe(401);

    version = 1; // the password changed
    await sleep(100);
    for (const url of [view, `/api/documents/${id}/thumbnail`, `/api/documents/${id}/page/1`, `/api/documents/${id}`]) {
      const res = await app.inject({ url, headers: as(old) });
      expect(res.statusCode, url).toBe(401);
      expect(res.json(), url).toMatchObject({ expired: true });
    }
    expect((await app.inject({ url: `${view}?token=${old}` })).statusCode).toBe(401);

    const fresh = await signer.sign({ id: 'carol', email: 'carol@example.com', verified: true, tv: 1 });
    expect((await app.inject({ url: view, headers: as(fresh) })).statusCode).toBe(200);
    const { viewToken } = (await app.inject({ url: `/api/documents/${id}`, headers: as(fresh) })).json();
    expect((await app.inject({ url: `${view}?token=${viewToken}` })).statusCode).toBe(200);
  });
});
