import { ImportAccepted, ImportRecord } from '@gnology/contracts';
import { expect } from 'vitest';
import { multipart } from './multipart';
import type { DocumentsHarness } from './service';

/** GEDCOM imports through the route, as the web page makes them: upload, then poll until the job is done (the harness is read when used: it starts in a beforeAll). */
export function treeImports(harness: () => DocumentsHarness) {
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const upload = async (token: string, name: string, content: Buffer | string, field = 'file') => {
    const body = multipart(name, Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8'), { field });
    return harness().app.inject({
      method: 'POST',
      url: '/api/people/import',
      headers: { ...auth(token), ...body.headers },
      payload: body.payload,
    });
  };
  const waitImport = async (token: string, id: string, timeoutMs = 60_000): Promise<ImportRecord> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const res = await harness().app.inject({ method: 'GET', url: `/api/people/imports/${id}`, headers: auth(token) });
      const rec = ImportRecord.parse(res.json());
      if (rec.status === 'completed' || rec.status === 'failed') return rec;
      if (Date.now() > deadline) throw new Error(`import ${id} still ${rec.status}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const importFile = async (token: string, name: string, content: Buffer | string) => {
    const res = await upload(token, name, content);
    expect(res.statusCode, res.body).toBe(202);
    const { importId } = ImportAccepted.parse(res.json());
    return waitImport(token, importId);
  };
  return { upload, waitImport, importFile };
}
