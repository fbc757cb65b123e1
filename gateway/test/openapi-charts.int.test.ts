import type { AddressInfo } from 'node:net';
import { createLogger } from '@gnology/platform/logger';
import { requireInfra } from '@gnology/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DocumentsHarness, startDocuments } from '../../services/documents/test/helpers/service';
import { buildGateway } from '../src/app';
import { gatewayEnvSchema } from '../src/config';
import { createGatewayContext } from '../src/context';

/**
 * GET /api/docs describes the family chart (issue 32, decision 0229) from the documents service's
 * own schema, with the answer stated as the file it is (SVG or PDF), not JSON.
 */
describe('OpenAPI: family charts', () => {
  let docs: DocumentsHarness;
  let gateway: FastifyInstance;

  beforeAll(async () => {
    requireInfra('DATABASE_URL');
    docs = await startDocuments();
    await docs.app.listen({ port: 0, host: '127.0.0.1' });
    const config = gatewayEnvSchema.parse({
      AUTH_URL: 'http://127.0.0.1:9',
      DOCUMENTS_URL: `http://127.0.0.1:${(docs.app.server.address() as AddressInfo).port}`,
      CONVERSATION_URL: 'http://127.0.0.1:9',
      RESEARCH_URL: 'http://127.0.0.1:9',
      ALBUM_URL: 'http://127.0.0.1:9',
      BILLING_URL: 'http://127.0.0.1:9',
      INTERNAL_TOKEN: docs.deps.config.INTERNAL_TOKEN,
      WEB_DIR: '/nonexistent',
    });
    gateway = await buildGateway(createGatewayContext(config, createLogger({ service: 'gateway', level: 'silent' })));
  }, 60_000);
  afterAll(async () => {
    await gateway?.close();
    await docs?.close();
  });

  it('states the chart’s choices and its answer as SVG or PDF', async () => {
    const res = await gateway.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const chart = res.json().paths['/api/people/{id}/chart'].get;
    const param = (name: string) => chart.parameters.find((p: { name: string }) => p.name === name).schema;
    expect(param('kind').enum).toEqual(['pedigree', 'descendants', 'fan']);
    expect(param('generations')).toMatchObject({ minimum: 2, maximum: 8 });
    expect(param('format').enum).toEqual(['svg', 'pdf']);
    expect(Object.keys(chart.responses['200'].content)).toEqual(['image/svg+xml', 'application/pdf']);
    expect(chart.responses['200'].description).toMatch(/attachment/);
    expect(chart.responses['404'].description).toMatch(/another user/);
    expect(chart.responses['422'].description).toMatch(/2,000 people .* 40 sheets/);
  });
});
