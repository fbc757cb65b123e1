import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type DocumentRecord, DocumentRecord as DocumentRecordSchema } from '@gnology/contracts';
import type { Logger } from '@gnology/platform/logger';
import { requireInfra } from '@gnology/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysePhoto } from '../src/photos/jobs/faces/photo-analysis';
import { listDocumentFaces } from '../src/photos/store/faces-store';
import { scannedPagePng } from './fixtures/generate';
import { astronautAgain, astronautJpeg, groupPhoto } from './fixtures/photos';
import { ruledCensusTablePng } from './fixtures/records';
import { CENSUS } from './fixtures/texts';
import { type DocumentsHarness, startDocuments } from './helpers/service';
import { uploadAccepted } from './helpers/upload';
import { waitProcessed } from './helpers/wait';

/**
 * Photos end to end on real Postgres, queue and storage, with the real face model: a portrait,
 * a group photo and a record scan are classified and their faces found; tags on faces keep the
 * face's region; suggestions come from the same user's tagged faces only.
 */
describe('photos and faces', () => {
  let h: DocumentsHarness;
  let alice: string;
  let bob: string;
  let portrait: DocumentRecord;
  let group: DocumentRecord;
  let scan: DocumentRecord;

  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const upload = async (token: string, name: string, content: Buffer) => {
    const done = await waitProcessed(h.app, token, (await uploadAccepted(h, token, name, content))._id, 180_000);
    expect(done.processingStatus, done.processingError ?? '').toBe('completed');
    return done;
  };
  const images = async (token: string) => {
    const res = await h.app.inject({ method: 'GET', url: '/api/documents/images', headers: as(token) });
    expect(res.statusCode).toBe(200);
    return (res.json() as { images: DocumentRecord[] }).images;
  };
  const tag = (token: string, id: string, peopleIdentified: unknown[]) =>
    h.app.inject({ method: 'PUT', url: `/api/documents/${id}`, headers: as(token), payload: { peopleIdentified } });

  beforeAll(async () => {
    requireInfra('DATABASE_URL');
    h = await startDocuments();
    await h.startWorker();
    alice = await h.token(`alice-${randomUUID()}`);
    bob = await h.token(`bob-${randomUUID()}`);
    portrait = await upload(alice, 'Aunt Eileen.jpg', astronautJpeg());
    group = await upload(alice, 'Reunion 1962.jpg', await groupPhoto(3));
    scan = await upload(alice, 'census.png', await scannedPagePng(CENSUS));
  }, 600_000);
  afterAll(async () => {
    await h?.close();
  });

  it('classifies a portrait as a photo with one face and the "portrait" tag', () => {
    expect(portrait.documentType).toBe('photo');
    expect(portrait.tags).toEqual(expect.arrayContaining(['photo', 'portrait']));
    expect(portrait.faces).toHaveLength(1);
    const face = portrait.faces![0]!;
    expect(face).toMatchObject({ id: 'f01', suggestion: null });
    expect(face.score).toBeGreaterThan(0.8);
    // Her face is in the upper middle of the picture, about a fifth of its width.
    expect(face.region.x).toBeGreaterThan(0.2);
    expect(face.region.x + face.region.width).toBeLessThan(0.7);
    expect(face.region.width).toBeGreaterThan(0.15);
    expect(face.region.width).toBeLessThan(0.35);
  });

  it('finds every face of a composed group photo, which is no portrait', () => {
    expect(group.documentType).toBe('photo');
    expect(group.faces!.length).toBe(3);
    expect(group.tags).toContain('photo');
    expect(group.tags).not.toContain('portrait');
    const xs = group.faces!.map((f) => f.region.x).sort();
    expect(xs[0]).toBeLessThan(0.33);
    expect(xs[2]).toBeGreaterThan(0.66);
  });

  it('does not call a record scan a photo, and looks for no faces in it', async () => {
    expect(scan.documentType).toBe('census');
    expect(scan.tags).not.toContain('photo');
    expect(scan.faces).toEqual([]);
    expect(await listDocumentFaces(h.deps.database.db, scan._id)).toEqual([]);
  });

  it('does not call a record OCR cannot read a photo: a ruled census table', async () => {
    // tesseract's page segmentation reads none of these cells: the paper look keeps it a record.
    const doc = await upload(alice, 'census table.png', await ruledCensusTablePng(false));
    expect(doc.documentType).not.toBe('photo');
    expect(doc.tags).not.toContain('photo');
    expect(doc.faces).toEqual([]);
    // Out of the way of the listing assertions below.
    expect(
      (await h.app.inject({ method: 'DELETE', url: `/api/documents/${doc._id}`, headers: as(alice) })).statusCode,
    ).toBe(200);
  });

  it('lists the images with their faces, type and tags in one answer', async () => {
    const list = await images(alice);
    expect(list.map((i) => i._id)).toEqual([scan._id, group._id, portrait._id]);
    for (const image of list) expect(DocumentRecordSchema.parse(image)).toBeTruthy();
    const byId = new Map(list.map((i) => [i._id, i]));
    expect(byId.get(portrait._id)!.faces).toEqual(portrait.faces);
    expect(byId.get(group._id)!.faces).toHaveLength(3);
    expect(byId.get(scan._id)).toMatchObject({ documentType: 'census', faces: [] });
    expect(byId.get(portrait._id)!.viewToken).toBeTruthy();
  });

  it('stores the face region on a tag that names a face, and refuses a face the photo lacks', async () => {
    const face = portrait.faces![0]!;
    const res = await tag(alice, portrait._id, [
      { name: 'Eileen Collins', role: 'primary_subject', faceId: face.id, region: { x: 0, y: 0, width: 1, height: 1 } },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as DocumentRecord).peopleIdentified).toEqual([
      { name: 'Eileen Collins', role: 'primary_subject', faceId: face.id, region: face.region },
    ]);
    const detail = await h.app.inject({ method: 'GET', url: `/api/documents/${portrait._id}`, headers: as(alice) });
    expect((detail.json() as DocumentRecord).peopleIdentified[0]!.region).toEqual(face.region);

    const bad = await tag(alice, portrait._id, [{ name: 'Someone', role: 'other_relative', faceId: 'f09' }]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('That face is not in this photo');
    // A face of ANOTHER photo is not a face of this one.
    const other = await tag(alice, scan._id, [{ name: 'Someone', role: 'other_relative', faceId: face.id }]);
    expect(other.statusCode).toBe(400);
  });

  it('answers 404 for another user’s photo, whatever the tag', async () => {
    const res = await tag(bob, portrait._id, [{ name: 'Eileen Collins', role: 'primary_subject', faceId: 'f01' }]);
    expect(res.statusCode).toBe(404);
    const get = await h.app.inject({ method: 'GET', url: `/api/documents/${portrait._id}`, headers: as(bob) });
    expect(get.statusCode).toBe(404);
    expect(await images(bob)).toEqual([]);
  });

  it('suggests the tagged person for the same face in another of her photos, never across users', async () => {
    // Alice tagged her portrait (previous test); a second photo of the same person comes in.
    const again = await upload(alice, 'Eileen again.jpg', await astronautAgain());
    expect(again.faces).toHaveLength(1);
    const suggestion = again.faces![0]!.suggestion;
    expect(suggestion).toMatchObject({ name: 'Eileen Collins', documentId: portrait._id, faceId: 'f01' });
    expect(suggestion!.similarity).toBeGreaterThan(0.5);
    expect(suggestion!.similarity).toBeLessThanOrEqual(1);
    const listed = (await images(alice)).find((i) => i._id === again._id)!;
    expect(listed.faces![0]!.suggestion).toEqual(suggestion);
    // The tagged face itself is not offered a suggestion.
    expect((await images(alice)).find((i) => i._id === portrait._id)!.faces![0]!.suggestion).toBeNull();

    // Bob has the very same photo: Alice's tag is never suggested to him.
    const bobs = await upload(bob, 'astronaut.jpg', astronautJpeg());
    expect(bobs.faces).toHaveLength(1);
    expect(bobs.faces![0]!.suggestion).toBeNull();
    expect((await images(bob)).map((i) => i.faces![0]!.suggestion)).toEqual([null]);

    // Once Alice untags, her suggestion goes too (suggestions are computed when read).
    expect((await tag(alice, portrait._id, [])).statusCode).toBe(200);
    expect((await images(alice)).find((i) => i._id === again._id)!.faces![0]!.suggestion).toBeNull();
  });

  it('keeps a photo, without faces, when face detection fails', async () => {
    const file = path.join(tmpdir(), `gn-face-fail-${randomUUID()}.jpg`);
    await writeFile(file, astronautJpeg());
    const warnings: unknown[] = [];
    const logger = { info() {}, warn: (obj: unknown) => warnings.push(obj) } as unknown as Logger;
    const failing = {
      async detect(): Promise<never> {
        throw new Error('wasm backend crashed');
      },
    };
    const entities = await analysePhoto(
      {
        documentId: group._id,
        ownerId: 'irrelevant',
        kind: 'jpeg',
        file,
        ocrWords: [],
        entities: {
          documentType: 'other',
          tags: [],
          peopleIdentified: [],
          dateInfo: [],
          geographicalInfo: [],
          occupations: [],
        },
      },
      { database: h.deps.database, faces: failing, logger },
    );
    expect(entities).toMatchObject({ documentType: 'photo', tags: ['photo'] });
    expect(warnings).toHaveLength(1);
    expect(await listDocumentFaces(h.deps.database.db, group._id)).toEqual([]);
  });
});
