import type { DateInfoItem, DocumentRecord, PersonTag } from '@gnology/contracts';
import { requireInfra } from '@gnology/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXTRACTOR_VERSION } from '../src/domain/extraction';
import { reextractOlderDocuments } from '../src/jobs/reextract';
import { type DocumentsHarness, startDocuments } from './helpers/service';
import { multipart } from './helpers/multipart';
import { waitProcessed } from './helpers/wait';

const REGISTER = `Marriages solemnized in the Parish Church of Enniscorthy, in the County of Wexford.
No. 42. 14th day of June 1887. John Whitfield, bachelor, labourer, son of Thomas Whitfield, farmer; and Mary Ann Colclough, spinster, daughter of James Colclough.
In the presence of William Brown and Sarah Colclough.`;

/** Documents extracted by an older extractor are read again from their stored text, without OCR (issue 15). */
describe('re-extraction after an extractor upgrade', () => {
  let h: DocumentsHarness;
  let token: string;

  beforeAll(async () => {
    requireInfra('DATABASE_URL');
    h = await startDocuments();
    await h.startWorker();
    token = await h.token('user-reextract');
  });
  afterAll(async () => {
    await h?.close();
  });

  it('re-reads older documents, keeps face tags, stamps the version and leaves current ones alone', async () => {
    const body = multipart('Whitfield marriage.txt', Buffer.from(REGISTER));
    const res = await h.app.inject({ method: 'POST', url: '/api/documents/upload', payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${token}` } });
    expect(res.statusCode, res.body).toBe(201);
    const id = (res.json() as DocumentRecord)._id;
    await waitProcessed(h.app, token, id);
    const db = h.deps.database.db;

    // As an older extractor left it: a year-only date, one person, a tag a user placed on a face.
    await db
      .updateTable('documents')
      .set({
        extractor_version: 0,
        people_identified: JSON.stringify([{ name: 'John Whitfield', role: 'primary_subject' }, { name: 'Grandma', role: 'other_relative', faceId: 'f1' }]),
        date_info: JSON.stringify([{ original: '1887', normalized: '1887', qualifier: 'exact', year: 1887 }]),
      })
      .where('id', '=', id)
      .execute();

    // The worker may run the job's first batch concurrently: run until nothing older is left.
    for (let i = 0; i < 5; i++) {
      const r = await reextractOlderDocuments(db);
      if (!r.more && r.reextracted === 0) break;
    }
    const row = await db.selectFrom('documents').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.extractor_version).toBe(EXTRACTOR_VERSION);
    expect((row.date_info as DateInfoItem[]).map((d) => d.normalized)).toContain('1887-06-14');
    const names = (row.people_identified as PersonTag[]).map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['Grandma', 'John Whitfield', 'Thomas Whitfield', 'Mary Ann Colclough', 'James Colclough', 'William Brown', 'Sarah Colclough']));
    expect(row.people_identified).toContainEqual({ name: 'Grandma', role: 'other_relative', faceId: 'f1' });

    // Current documents are not touched again.
    const again = await reextractOlderDocuments(db);
    expect(again).toEqual({ reextracted: 0, more: false });
  }, 120_000);
});
