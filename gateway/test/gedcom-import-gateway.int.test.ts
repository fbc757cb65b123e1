import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { GEDCOM_TOO_LARGE_MESSAGE } from '@gnology/contracts';
import { createLogger } from '@gnology/platform/logger';
import { startWorkers } from '@gnology/platform/jobs/registry';
import { requireInfra } from '@gnology/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatedTree } from '../../shared/genealogy/test/fixtures/gedcom-samples';
import { gedcomImportJob } from '../../services/documents/src/people/jobs/gedcom-import';
import { multipart } from '../../services/documents/test/helpers/multipart';
import { type DocumentsHarness, startDocuments } from '../../services/documents/test/helpers/service';
import { buildGateway } from '../src/app';
import { gatewayEnvSchema } from '../src/config';
import { createGatewayContext } from '../src/context';

/**
 * Issue 32: a GEDCOM file is a file upload, not an API body. A family tree of a few thousand
 * people is over the gateway's 1 MB API limit; the gateway streams POST /api/people/import on to
 * the documents service like a document upload, up to the import's own limit (50 MB).
 */
describe('gateway in front of the GEDCOM import', () => {
  let h: DocumentsHarness;
  let gateway: FastifyInstance;
  let base: string;
  let token: string;
  let closeWorkers: () => Promise<void>;

  beforeAll(async () => {
    requireInfra('DATABASE_URL');
    h = await startDocuments();
    closeWorkers = (await startWorkers(h.deps.queue, [gedcomImportJob(h.deps)])).close;
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    const config = gatewayEnvSchema.parse({
      DOCUMENTS_URL: `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`,
      WEB_DIR: '/nonexistent',
      INTERNAL_TOKEN: 'test-internal-token-0123456789',
    });
    gateway = await buildGateway(
      createGatewayContext(config, createLogger({ service: 'gateway', level: 'silent' }), {
        verifier: h.deps.verifier,
      }),
    );
    await gateway.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(gateway.server.address() as AddressInfo).port}`;
    token = await h.token('user-gateway-gedcom');
  }, 120_000);
  afterAll(async () => {
    await gateway?.close();
    await closeWorkers?.();
    await h?.close();
  });

  it('passes a 1.8 MB GEDCOM file through to the import job', async () => {
    const ged = Buffer.from(generatedTree(9000), 'utf8');
    expect(ged.length).toBeGreaterThan(1.5 * 1024 * 1024);
    const body = multipart('big-tree.ged', ged, { field: 'file' });
    const res = await fetch(`${base}/api/people/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, ...body.headers },
      body: body.payload,
    });
    expect(res.status, await res.clone().text()).toBe(202);
    const { importId } = (await res.json()) as { importId: string };
    let status = '';
    for (let i = 0; i < 120 && status !== 'completed' && status !== 'failed'; i++) {
      await new Promise((r) => setTimeout(r, 250));
      const rec = await fetch(`${base}/api/people/imports/${importId}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const json = (await rec.json()) as { status: string; individuals: number };
      status = json.status;
      if (status === 'completed') expect(json.individuals).toBe(9000);
    }
    expect(status).toBe('completed');
  }, 90_000);

  it('refuses a declared length over the import limit with its own message, before reading the body', async () => {
    const answer = await new Promise<{ code: number; body: string }>((resolve, reject) => {
      const req = http.request(`${base}/api/people/import`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'multipart/form-data; boundary=x',
          'content-length': String(60 * 1024 * 1024),
        },
      });
      req.on('response', (res) => {
        let body = '';
        res.on('data', (c) => {
          body += c;
        });
        res.on('end', () => resolve({ code: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.write('--x\r\n');
    });
    expect(answer.code).toBe(413);
    expect(JSON.parse(answer.body).error).toBe(GEDCOM_TOO_LARGE_MESSAGE);
  });
});
