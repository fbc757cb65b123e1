import type { DateInfoItem, DocumentRecord, PersonTag } from '@gnology/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXTRACTOR_VERSION } from '@gnology/genealogy/extraction';
import { reextractOlderDocuments } from '../src/library/use-cases/reextract-older-documents';
import type { DocumentsHarness } from './helpers/service';
import { startWithWorker, uploadAccepted } from './helpers/upload';
import { waitProcessed } from './helpers/wait';

const REGISTER = `Marriages solemnized in the Parish Church of Enniscorthy, in the County of Wexford.
No. 42. 14th day of June 1887. John Whitfield, bachelor, labourer, son of Thomas Whitfield, farmer; and Mary Ann Colclough, spinster, daughter of James Colclough.
In the presence of William Brown and Sarah Colclough.`;

/** Documents extracted by an older extractor are read again from their stored text, without OCR (issue 15). */
describe('re-extraction after an extractor upgrade', () => {
  let h: DocumentsHarness;
  let token: string;

  beforeAll(async () => {
    ({ h, token } = await startWithWorker('user-reextract'));
  });
  afterAll(async () => {
    await h?.close();
  });

  it('re-reads older documents, keeps face tags, stamps the version and leaves current ones alone', async () => {
    const id = (await uploadAccepted(h, token, 'Whitfield marriage.txt', Buffer.from(REGISTER)))._id;
    await waitProcessed(h.app, token, id);
    const db = h.deps.database.db;

    // Processing stores each person's part in the record, and the API shows it.
    const read = (
      await h.app.inject({ method: 'GET', url: `/api/documents/${id}`, headers: { authorization: `Bearer ${token}` } })
    ).json() as DocumentRecord;
    expect(read.personDetails).toEqual(
      expect.arrayContaining([
        { name: 'Mary Ann Colclough', recordRole: 'bride' },
        { name: 'James Colclough', recordRole: 'father_of_bride' },
        { name: 'William Brown', recordRole: 'witness' },
      ]),
    );

    // As an older extractor left it: a year-only date, one person, a tag a user placed on a face.
    await db
      .updateTable('documents')
      .set({
        extractor_version: 0,
        person_details: '[]',
        people_identified: JSON.stringify([
          { name: 'John Whitfield', role: 'primary_subject' },
          { name: 'Grandma', role: 'other_relative', faceId: 'f1' },
        ]),
        date_info: JSON.stringify([{ original: '1887', normalized: '1887', qualifier: 'exact', year: 1887 }]),
      })
      .where('id', '=', id)
      .execute();

    // The worker may run the job's first batch concurrently: run until nothing older is left.
    for (let i = 0; i < 5; i++) {
      const r = await reextractOlderDocuments(h.deps);
      if (!r.more && r.reextracted === 0) break;
    }
    const row = await db.selectFrom('documents').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.extractor_version).toBe(EXTRACTOR_VERSION);
    expect((row.date_info as DateInfoItem[]).map((d) => d.normalized)).toContain('1887-06-14');
    const names = (row.people_identified as PersonTag[]).map((p) => p.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'Grandma',
        'John Whitfield',
        'Thomas Whitfield',
        'Mary Ann Colclough',
        'James Colclough',
        'William Brown',
        'Sarah Colclough',
      ]),
    );
    expect(row.people_identified).toContainEqual({ name: 'Grandma', role: 'other_relative', faceId: 'f1' });
    expect(row.person_details).toEqual(
      expect.arrayContaining([
        { name: 'John Whitfield', recordRole: 'groom' },
        { name: 'Sarah Colclough', recordRole: 'witness' },
      ]),
    );
    // Announced as an edit is: document.updated with the new entities, for integrators and the people index.
    const announced = (await db.selectFrom('outbox').select('payload').where('key', '=', id).execute())
      .map((r) => r.payload as { type: string; data: { entities: { peopleIdentified: PersonTag[] } } })
      .filter((p) => p.type === 'document.updated');
    expect(announced).toHaveLength(1);
    expect(announced[0]!.data.entities.peopleIdentified.map((p) => p.name)).toContain('Thomas Whitfield');

    // Current documents are not touched again.
    const again = await reextractOlderDocuments(h.deps);
    expect(again).toEqual({ reextracted: 0, more: false });

    // The user edits the people: details stay for the names kept (whatever their case) and go with the others.
    const kept = (row.people_identified as PersonTag[])
      .filter((p) => p.name !== 'William Brown' && !p.faceId)
      .map((p) => (p.name === 'Mary Ann Colclough' ? { ...p, name: 'mary ann colclough' } : p));
    const put = await h.app.inject({
      method: 'PUT',
      url: `/api/documents/${id}`,
      payload: { peopleIdentified: kept },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(put.statusCode, put.body).toBe(200);
    const details = (put.json() as DocumentRecord).personDetails ?? [];
    expect(details.map((d) => d.name)).not.toContain('William Brown');
    expect(details).toEqual(
      expect.arrayContaining([
        { name: 'Mary Ann Colclough', recordRole: 'bride' },
        { name: 'Sarah Colclough', recordRole: 'witness' },
      ]),
    );
  }, 120_000);
});
