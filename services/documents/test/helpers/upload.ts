import type { DocumentRecord } from '@gnology/contracts';
import { requireInfra } from '@gnology/testing';
import { expect } from 'vitest';
import { multipart } from './multipart';
import { type DocumentsHarness, startDocuments } from './service';

/** The documents service with its worker in this process, and a signed-in user's token. */
export async function startWithWorker(userId: string): Promise<{ h: DocumentsHarness; token: string }> {
  requireInfra('DATABASE_URL');
  const h = await startDocuments();
  await h.startWorker();
  return { h, token: await h.token(userId) };
}

/** Uploads one file as the token's user through POST /api/documents/upload; the upload must be accepted (201). */
export async function uploadAccepted(
  h: Pick<DocumentsHarness, 'app'>,
  token: string,
  name: string,
  content: Buffer,
): Promise<DocumentRecord> {
  const form = multipart(name, content);
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/documents/upload',
    payload: form.payload,
    headers: { ...form.headers, authorization: `Bearer ${token}` },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as DocumentRecord;
}
