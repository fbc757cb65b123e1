import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DocumentRecord } from '@gnology/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { docx } from '../../../services/documents/test/fixtures/generate';
import { lyingZipBombDocx } from '../../../services/documents/test/fixtures/zip-bomb';
import { createVerifiedUser, type Stack, startStack } from '../../../web/e2e/harness';
import { buildServerBundles, servicePid, waitUntil } from './fault-stack';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const ZIP_BOMB_ERROR =
  'The DOCX file was refused: it expands to far more data than a document holds (a "zip bomb"); its parts expand to more than 256 MB.';

/** The memory limit of the documents worker's container in the Kubernetes manifests, in bytes. */
function documentsWorkerMemoryLimit(): number {
  const docs = parseAllDocuments(readFileSync(path.join(root, 'k8s/base/documents.yaml'), 'utf8'));
  const worker = docs
    .map((d) => d.toJS() as { kind?: string; metadata?: { name?: string }; spec?: unknown })
    .find((d) => d.kind === 'Deployment' && d.metadata?.name === 'documents-worker') as
    | { spec: { template: { spec: { containers: { resources: { limits: { memory: string } } }[] } } } }
    | undefined;
  const limit = worker?.spec.template.spec.containers[0]?.resources.limits.memory;
  const mi = limit?.match(/^(\d+)Mi$/);
  if (!mi) throw new Error(`no memory limit in Mi for documents-worker (found ${limit})`);
  return Number(mi[1]) * 1024 * 1024;
}

/** The most memory the process has held resident since it started (Linux VmHWM), in bytes. */
function peakResident(pid: number): number {
  const kb = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmHWM:\s+(\d+) kB$/m);
  if (!kb) throw new Error(`no VmHWM for pid ${pid}`);
  return Number(kb[1]) * 1024;
}

/**
 * Issue 29, point 1, as a fault: one user uploads four Word files at once (the fast lane reads
 * four at a time), each 1 MB, each claiming 4 KB for a part that inflates to 1 GB. On the built
 * product under the real launcher, the documents service refuses all four with a readable error,
 * never holds what they inflate to (its peak resident memory stays under the worker container's
 * limit in k8s/base/documents.yaml), never dies, and the next uploads, by the same user and by
 * another, are read as usual.
 */
describe('faults: DOCX zip bombs whose sizes lie', () => {
  let stack: Stack;

  beforeAll(async () => {
    buildServerBundles();
    stack = await startStack();
  }, 300_000);
  afterAll(async () => {
    await stack?.stop();
  }, 120_000);

  const upload = async (token: string, name: string, content: Buffer) => {
    const form = new FormData();
    form.append('document', new Blob([new Uint8Array(content)], { type: DOCX_TYPE }), name);
    const res = await fetch(`${stack.url}/api/documents/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(res.status, await res.clone().text()).toBe(201);
    return (await res.json()) as DocumentRecord;
  };
  const settled = (token: string, id: string, timeoutMs: number) =>
    waitUntil(
      `document ${id} to finish`,
      async () => {
        const d = (await (
          await fetch(`${stack.url}/api/documents/${id}`, { headers: { authorization: `Bearer ${token}` } })
        ).json()) as DocumentRecord;
        return d.processingStatus === 'completed' || d.processingStatus === 'failed' ? d : undefined;
      },
      timeoutMs,
      250,
    );

  it('four 1 GB bombs at once are refused within the memory limit; the service keeps serving', async () => {
    const limit = documentsWorkerMemoryLimit();
    const attacker = await createVerifiedUser(stack);
    const other = await createVerifiedUser(stack);
    const pid = servicePid(stack, 'documents');
    const peakBefore = peakResident(pid);

    const bomb = lyingZipBombDocx(1024);
    expect(bomb.length).toBeLessThan(1.5 * 1024 * 1024);
    const bombs = await Promise.all([1, 2, 3, 4].map((n) => upload(attacker.token, `letters-${n}.docx`, bomb)));
    const refused = await Promise.all(bombs.map((d) => settled(attacker.token, d._id, 180_000)));
    for (const d of refused) {
      expect(d.processingStatus).toBe('failed');
      expect(d.processingError).toBe(ZIP_BOMB_ERROR);
    }

    // The same process all along (the launcher restarts a service that dies), and its peak
    // resident memory, four bombs included, under the documents worker's limit.
    expect(servicePid(stack, 'documents')).toBe(pid);
    const peak = peakResident(pid);
    console.log(
      `documents peak resident ${Math.round(peakBefore / 1048576)} MB before, ${Math.round(peak / 1048576)} MB after four 1 GB bombs (limit ${Math.round(limit / 1048576)} MB)`,
    );
    expect(peak).toBeLessThan(limit);

    // It keeps serving: another user's Word file, then the attacker's own, are read as usual.
    const theirs = await upload(other.token, 'birth.docx', docx('John Smith was born 15 March 1850.'));
    const mine = await upload(attacker.token, 'marriage.docx', docx('Mary Ellen Turner married in 1901.'));
    for (const [token, d] of [
      [other.token, theirs],
      [attacker.token, mine],
    ] as const) {
      const done = await settled(token, d._id, 120_000);
      expect(done.processingStatus, done.processingError ?? '').toBe('completed');
    }
    expect(servicePid(stack, 'documents')).toBe(pid);
  }, 600_000);
});
