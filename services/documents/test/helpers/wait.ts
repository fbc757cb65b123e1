import type { DocumentRecord } from '@gnology/contracts';
import type { FastifyInstance } from 'fastify';

/** Polls GET /api/documents/:id until processing has finished (completed or failed). */
export async function waitProcessed(
  app: FastifyInstance,
  token: string,
  id: string,
  timeoutMs = 90_000,
): Promise<DocumentRecord> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await app.inject({
      method: 'GET',
      url: `/api/documents/${id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    const doc = res.json() as DocumentRecord;
    if (doc.processingStatus === 'completed' || doc.processingStatus === 'failed') return doc;
    if (Date.now() > deadline)
      throw new Error(
        `document ${id} still ${doc.processingStatus} (${JSON.stringify(doc.processingStep)}) after ${timeoutMs} ms`,
      );
    await new Promise((r) => setTimeout(r, 250));
  }
}
