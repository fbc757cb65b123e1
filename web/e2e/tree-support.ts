import type { ImportRecord, IndividualSummary } from '@gnology/contracts';
import { expect } from 'vitest';
import type { Stack } from './harness';
import { call } from './research-support';

/**
 * Imports a GEDCOM file through the public API as the user, waits for the import's job, and
 * returns the user's people by name (the tests then open a person's page by id).
 */
export async function importTree(stack: Stack, token: string, ged: string): Promise<Map<string, string>> {
  const form = new FormData();
  form.append('file', new Blob([ged]), 'tree.ged');
  const res = await fetch(`${stack.url}/api/people/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(res.status).toBe(202);
  const { importId } = (await res.json()) as { importId: string };
  for (const deadline = Date.now() + 60_000; ; ) {
    const rec = await call<ImportRecord>(stack, token, `/api/people/imports/${importId}`);
    if (rec.status === 'completed') break;
    if (rec.status === 'failed' || Date.now() > deadline) throw new Error(`import ${rec.status}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const people = (await call<{ individuals: IndividualSummary[] }>(stack, token, '/api/people')).individuals;
  return new Map(people.map((p) => [p.name, p.id]));
}
