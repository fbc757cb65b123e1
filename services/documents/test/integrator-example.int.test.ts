import { type ChildProcess, spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TOPICS } from '@gnology/platform/events';
import { requireInfra, uniqueName } from '@gnology/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CENSUS } from './fixtures/texts';
import { multipart } from './helpers/multipart';
import { type DocumentsHarness, startDocuments } from './helpers/service';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * Issue 18: the example consumer of docs/integrators/events.md, run as the docs say
 * (`node docs/integrators/examples/consumer.mjs` with KAFKA_BROKERS and EVENT_NAMESPACE), sees
 * the events of a document uploaded to the real service on the real broker, and fetches its text
 * with the bearer token it is given.
 */
describe('docs/integrators/examples/consumer.mjs', () => {
  let h: DocumentsHarness;
  let child: ChildProcess | undefined;
  const namespace = uniqueName('docs');

  beforeAll(async () => {
    requireInfra('KAFKA_BROKERS');
    h = await startDocuments({ env: { EVENT_NAMESPACE: namespace } });
    expect(h.deps.bus.backend).toBe('kafka');
    await h.startWorker();
    h.startRelay();
    // As a service's relay does at start (runtime.ts): the topics exist before anyone subscribes.
    await h.deps.bus.provisionTopics!(Object.values(TOPICS));
    await h.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    await h?.close();
  });

  it('prints the uploaded and processed events of a new document, with its people and its text length', async () => {
    const owner = uniqueName('integrator');
    const token = await h.token(owner);
    const port = (h.app.server.address() as AddressInfo).port;
    let output = '';
    child = spawn(process.execPath, ['docs/integrators/examples/consumer.mjs'], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        KAFKA_BROKERS: requireInfra('KAFKA_BROKERS'),
        EVENT_NAMESPACE: namespace,
        GROUP_ID: uniqueName('example'),
        GNOLOGY_URL: `http://127.0.0.1:${port}`,
        GNOLOGY_TOKEN: token,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    const waitFor = async (re: RegExp, what: string) => {
      const deadline = Date.now() + 60_000;
      while (!re.test(output)) {
        if (child!.exitCode !== null) throw new Error(`the example consumer exited (${child!.exitCode}):\n${output}`);
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; output so far:\n${output}`);
        await new Promise((r) => setTimeout(r, 200));
      }
    };
    await waitFor(new RegExp(`listening on ${namespace}\\.gnology\\.documents\\.v1`), 'the consumer to subscribe');

    const form = multipart('census.txt', Buffer.from(CENSUS));
    const up = await h.app.inject({
      method: 'POST',
      url: '/api/documents/upload',
      payload: form.payload,
      headers: { ...form.headers, authorization: `Bearer ${token}` },
    });
    expect(up.statusCode).toBe(201);
    const id = up.json()._id as string;

    await waitFor(new RegExp(`text of ${id}: \\d+ characters`), 'the processed event and the text fetch');
    expect(output).toContain(`document.uploaded ${id}`);
    expect(output).toMatch(new RegExp(`document\\.processed ${id} owner=${owner} people: .*\\(primary_subject\\)`));
    expect(output).toContain(`text of ${id}: ${CENSUS.length} characters`);

    child.kill('SIGTERM');
    const code = await new Promise<number | null>((resolve) => child!.once('exit', (c) => resolve(c)));
    expect(code).toBe(0);
  });
});
