import { spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { DOCUMENTS_TOPIC, documentEventSchemas } from '@gnology/contracts';
import { createTokenVerifier } from '@gnology/platform/auth/token-verifier';
import { createLogger } from '@gnology/platform/logger';
import { requireInfra, uniqueName } from '@gnology/testing';
import type { FastifyInstance } from 'fastify';
import { Kafka, logLevel } from 'kafkajs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthTest, startAuth, verifiedUser } from '../../services/auth/test/helpers';
import { buildApp as buildDocuments } from '../../services/documents/src/app';
import { CENSUS, LETTER } from '../../services/documents/test/fixtures/texts';
import { multipart } from '../../services/documents/test/helpers/multipart';
import { type DocumentsHarness, startDocuments } from '../../services/documents/test/helpers/service';
import { INVALID_ACCESS_TOKEN, PAT_READ_ONLY, createAccessTokenCheck } from '../src/clients/access-tokens';
import { buildGateway } from '../src/app';
import { gatewayEnvSchema } from '../src/config';
import { createGatewayContext } from '../src/context';

requireInfra('DATABASE_URL');

/**
 * Issue 18, as an integrator does it: real auth, documents and gateway, a personal access token
 * created in the account, and a plain Kafka consumer that fetches the text of each processed
 * document through the gateway with that token.
 */
describe('personal access tokens through the gateway', () => {
  let auth: AuthTest;
  let docs: DocumentsHarness;
  let docsApp: FastifyInstance;
  let gateway: FastifyInstance;
  let base: string;
  const logLines: string[] = [];
  let ada: Awaited<ReturnType<typeof verifiedUser>>;
  let bob: Awaited<ReturnType<typeof verifiedUser>>;

  const call = (path: string, token: string, init: RequestInit = {}) =>
    fetch(`${base}${path}`, {
      ...init,
      headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${token}` },
    });
  const upload = async (token: string, name: string, text: string) => {
    const form = multipart(name, Buffer.from(text));
    const res = await call('/api/documents/upload', token, {
      method: 'POST',
      body: form.payload,
      headers: form.headers,
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { _id: string })._id;
  };
  const createToken = async (name: string) => {
    const res = await call('/api/auth/access-tokens', ada.token, {
      method: 'POST',
      // Creation asks the account's password (issue 29, point 7).
      body: JSON.stringify({ name, scope: 'documents:read', currentPassword: ada.password }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(201);
    return (await res.json()) as { token: string; accessToken: { id: string } };
  };

  beforeAll(async () => {
    requireInfra('KAFKA_BROKERS');
    auth = await startAuth();
    await auth.app.listen({ port: 0, host: '127.0.0.1' });
    const jwks = (await auth.app.inject({ method: 'GET', url: '/api/auth/.well-known/jwks.json' })).json();
    // The documents service as deployed: it believes auth's keys, not a test signer.
    docs = await startDocuments();
    docsApp = await buildDocuments({ ...docs.deps, verifier: createTokenVerifier({ jwks }) });
    await docsApp.listen({ port: 0, host: '127.0.0.1' });
    await docs.startWorker();
    docs.startRelay();
    const url = (app: FastifyInstance) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const config = gatewayEnvSchema.parse({
      AUTH_URL: url(auth.app),
      DOCUMENTS_URL: url(docsApp),
      CONVERSATION_URL: 'http://127.0.0.1:9',
      RESEARCH_URL: 'http://127.0.0.1:9',
      ALBUM_URL: 'http://127.0.0.1:9',
      BILLING_URL: 'http://127.0.0.1:9',
      INTERNAL_TOKEN: auth.config.INTERNAL_TOKEN,
      WEB_DIR: '/nonexistent',
    });
    const sink = new Writable({
      write(chunk, _enc, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    const logger = createLogger({ service: 'gateway', level: 'debug', destination: sink });
    // A one-second cache, so the revoke below shows within the test; the default is 30 s.
    const accessTokens = createAccessTokenCheck({
      authUrl: config.AUTH_URL,
      internalToken: config.INTERNAL_TOKEN,
      logger,
      ttlMs: 1_000,
    });
    gateway = await buildGateway(
      createGatewayContext(config, logger, { verifier: createTokenVerifier({ jwks }), accessTokens }),
    );
    await gateway.listen({ port: 0, host: '127.0.0.1' });
    base = url(gateway);
    ada = await verifiedUser(auth);
    bob = await verifiedUser(auth, { name: 'Bob' });
  });
  afterAll(async () => {
    await gateway?.close();
    await docsApp?.close();
    await docs?.close();
    await auth?.close();
  });

  it('lets a Kafka consumer fetch the text of each processed document with the token', async () => {
    const { token: pat } = await createToken('Tree sync');
    const kafka = new Kafka({
      clientId: 'integrator-test',
      brokers: requireInfra('KAFKA_BROKERS').split(','),
      logLevel: logLevel.NOTHING,
    });
    const admin = kafka.admin();
    await admin.connect();
    await admin.createTopics({ topics: [{ topic: DOCUMENTS_TOPIC }], waitForLeaders: true }).catch(() => {});
    await admin.disconnect();
    const consumer = kafka.consumer({ groupId: uniqueName('integrator') });
    const texts = new Map<string, string>();
    const failures: string[] = [];
    await consumer.connect();
    await consumer.subscribe({ topic: DOCUMENTS_TOPIC, fromBeginning: true });
    await consumer.run({
      eachMessage: async ({ message }) => {
        const event = JSON.parse(message.value!.toString()) as { type: string; data: unknown };
        if (event.type !== 'document.processed') return;
        const data = documentEventSchemas['document.processed'].parse(event.data);
        if (data.ownerId !== ada.id) return;
        // What the integrator does with the event: read the document with the access token.
        const res = await call(`/api/documents/${data.documentId}`, pat);
        if (res.status !== 200) failures.push(`${data.documentId}: ${res.status}`);
        else texts.set(data.documentId, ((await res.json()) as { extractedText: string }).extractedText);
      },
    });
    try {
      const census = await upload(ada.token, 'census.txt', CENSUS);
      const letter = await upload(ada.token, 'letter.txt', LETTER);
      const deadline = Date.now() + 90_000;
      while (texts.size < 2 && failures.length === 0 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 250));
      expect(failures).toEqual([]);
      expect(texts.get(census)).toBe(CENSUS);
      expect(texts.get(letter)).toBe(LETTER);
      // The list works with the token too, and shows only the owner's documents.
      const list = (await (await call('/api/documents', pat)).json()) as { _id: string }[];
      expect(list.map((d) => d._id).sort()).toEqual([census, letter].sort());
    } finally {
      await consumer.disconnect();
    }
  });

  it('runs the example consumer of docs/integrators as written, with the token, through the gateway', async () => {
    const { token: pat } = await createToken('Example consumer');
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
    let output = '';
    const child = spawn(process.execPath, ['docs/integrators/examples/consumer.mjs'], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        KAFKA_BROKERS: requireInfra('KAFKA_BROKERS'),
        GROUP_ID: uniqueName('example'),
        GNOLOGY_URL: base,
        GNOLOGY_TOKEN: pat,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    try {
      const waitFor = async (re: RegExp) => {
        const deadline = Date.now() + 90_000;
        while (!re.test(output)) {
          if (child.exitCode !== null || Date.now() > deadline)
            throw new Error(`waiting for ${re}; the consumer said:\n${output}`);
          await new Promise((r) => setTimeout(r, 200));
        }
      };
      await waitFor(/listening on /);
      // The topic carries every account's events: Bob's document is skipped, not retried forever.
      const bobs = await upload(bob.token, 'bob.txt', LETTER);
      const adas = await upload(ada.token, 'census-2.txt', CENSUS);
      await waitFor(new RegExp(`text of ${adas}: ${CENSUS.length} characters`));
      await waitFor(new RegExp(`skipped ${bobs}: not readable with this token`));
    } finally {
      child.kill('SIGTERM');
    }
  });

  it('reads nothing else: edits, other areas and token management answer 403', async () => {
    const { token: pat } = await createToken('Read only');
    const [doc] = (await (await call('/api/documents', ada.token)).json()) as { _id: string }[];
    const refused = [
      call(`/api/documents/${doc!._id}`, pat, {
        method: 'PUT',
        body: JSON.stringify({ peopleIdentified: [] }),
        headers: { 'content-type': 'application/json' },
      }),
      call(`/api/documents/${doc!._id}`, pat, { method: 'DELETE' }),
      call('/api/documents/settings/ocr', pat),
      call('/api/conversations', pat),
      call('/api/auth/me', pat),
      call('/api/auth/access-tokens', pat),
      call('/api/auth/access-tokens', pat, {
        method: 'POST',
        body: JSON.stringify({ name: 'more' }),
        headers: { 'content-type': 'application/json' },
      }),
    ];
    for (const res of await Promise.all(refused)) {
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: PAT_READ_ONLY });
    }
    // The document is untouched.
    expect(
      (await (await call(`/api/documents/${doc!._id}`, ada.token)).json()).peopleIdentified.length,
    ).toBeGreaterThan(0);
  });

  it("answers 404 for another user's document, as a login token does", async () => {
    const { token: pat } = await createToken('Not Bob');
    const bobs = await upload(bob.token, 'census.txt', CENSUS);
    const res = await call(`/api/documents/${bobs}`, pat);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'Document not found' });
    expect((await call(`/api/documents/${bobs}`, bob.token)).status).toBe(200);
  });

  it('refuses unknown and revoked tokens with 401', async () => {
    const unknown = await call('/api/documents', `gnpat_${'A'.repeat(43)}`);
    expect(unknown.status).toBe(401);
    expect(await unknown.json()).toEqual({ error: INVALID_ACCESS_TOKEN, expired: false });

    const { token: pat, accessToken } = await createToken('Short lived');
    expect((await call('/api/documents', pat)).status).toBe(200);
    const revoke = await call(`/api/auth/access-tokens/${accessToken.id}`, ada.token, { method: 'DELETE' });
    expect(revoke.status).toBe(200);
    // Within the cache lifetime (here 1 s) the revoke reaches the gateway.
    const deadline = Date.now() + 5_000;
    let status = 200;
    while (status === 200 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
      status = (await call('/api/documents', pat)).status;
    }
    expect(status).toBe(401);
  });

  it('never writes a token to the logs', async () => {
    const { token: pat } = await createToken('Logged?');
    await call('/api/documents', pat);
    await call('/api/conversations', pat);
    await fetch(`${base}/api/documents?token=${pat}`);
    await fetch(`${base}/api/documents?key=${pat}`);
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join('')).not.toContain(pat.slice(6));
    expect(logLines.join('')).not.toMatch(/gnpat_[A-Za-z0-9_-]{8}/);
  });

  it('are described in the OpenAPI document: the scheme, the operations that take one, and the document answers', async () => {
    const res = await fetch(`${base}/api/docs`);
    // biome-ignore lint/suspicious/noExplicitAny: the document is checked by assertions
    const doc = (await res.json()) as any;
    expect(doc.components.securitySchemes.accessToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/api/documents'].get.security).toEqual([{ sessionToken: [] }, { accessToken: [] }]);
    expect(doc.paths['/api/documents/{id}'].get.security).toEqual([{ sessionToken: [] }, { accessToken: [] }]);
    expect(doc.paths['/api/documents/{id}'].put.security).toBeUndefined();
    expect(doc.security).toEqual([{ sessionToken: [] }]);
    const one = doc.paths['/api/documents/{id}'].get.responses['200'].content['application/json'].schema;
    expect(one.required).toEqual(expect.arrayContaining(['_id', 'extractedText', 'pages']));
    expect(doc.paths['/api/documents'].get.responses['200'].content['application/json'].schema.type).toBe('array');
    const tokens = doc.paths['/api/auth/access-tokens'];
    expect(tokens.post.requestBody.content['application/json'].schema.properties.name).toMatchObject({
      type: 'string',
      maxLength: 80,
    });
    expect(tokens.post.responses['201'].content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['token', 'accessToken']),
    );
    expect(tokens.get.responses['200']).toBeDefined();
    expect(doc.paths['/api/auth/access-tokens/{id}'].delete).toBeDefined();
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/internal'))).toBe(false);
  });
});
