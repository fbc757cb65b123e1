import type { DocumentEntities, ImageRegion } from '@gnology/contracts';
import { describe, expect, it } from 'vitest';
import {
  decodeDescriptor,
  descriptorDistance,
  encodeDescriptor,
  squaredDistanceWithin,
} from '../src/photos/domain/face-descriptor';
import { SUGGESTION_MAX_DISTANCE, suggestFor, taggedFaces, taggedKeySet } from '../src/photos/domain/face-suggestions';
import { attachFaceRegions } from '../src/photos/domain/face-tags';
import { wordsFromTsv } from '../src/photos/domain/ocr-words';
import { looksLikePaper, measurePaper } from '../src/photos/domain/paper-look';
import { classifyImage, isRealWord } from '../src/photos/domain/photo-classification';
import { withPhotoVerdict } from '../src/photos/domain/photo-entities';
import { isPortrait } from '../src/photos/domain/portrait';

const words = (text: string, confidence: number) =>
  text
    .split(/\s+/)
    .filter(Boolean)
    .map((t) => ({ text: t, confidence }));

describe('photo classification', () => {
  it('reads the words, confidences and boxes of tesseract TSV, skipping non-word rows', () => {
    const tsv = [
      'level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext',
      '1\t1\t0\t0\t0\t0\t0\t0\t800\t600\t-1\t',
      '4\t1\t1\t1\t1\t0\t10\t10\t300\t20\t-1\t',
      '5\t1\t1\t1\t1\t1\t10\t10\t80\t20\t96.5\tCensus',
      '5\t1\t1\t1\t1\t2\t95\t10\t40\t20\t31\tEe',
      '5\t1\t1\t1\t1\t3\t140\t10\t40\t20\t-1\t ',
    ].join('\n');
    expect(wordsFromTsv(tsv)).toEqual([
      { text: 'Census', confidence: 96.5, left: 10, top: 10, width: 80, height: 20 },
      { text: 'Ee', confidence: 31, left: 95, top: 10, width: 40, height: 20 },
    ]);
    expect(wordsFromTsv(null)).toEqual([]);
  });

  it('counts real words only: letters or numbers, not OCR noise', () => {
    for (const w of ['Census', 'Smith,', '1880', 'Wife', "O'Brien", 'Łukasz']) expect(isRealWord(w), w).toBe(true);
    for (const w of ['|', 'Ee', '—', 'a', '~~~', 'Ktr', 'llll', '.,;', 'i1|']) expect(isRealWord(w), w).toBe(false);
  });

  it('calls an image with no text, or noise only, a photo', () => {
    expect(classifyImage([]).photo).toBe(true);
    expect(classifyImage(words('| Ee — ~ .. ll Ktr ae', 40)).photo).toBe(true);
    // Real-looking words read without confidence (foliage, hair) do not make a record.
    expect(
      classifyImage(words('tree some lines here were read from leaves and hair badly guessed sure', 45)).photo,
    ).toBe(true);
  });

  it('keeps a caption or a sign in a photo a photo', () => {
    expect(classifyImage(words('Grandma and Joe at the lake 1952', 92)).photo).toBe(true);
  });

  it('does not call a record scan a photo, even a noisy one', () => {
    const census =
      'Census of the United States 1880 Schedule 1 Inhabitants in Roanoke County Virginia enumerated by me Name Relation Age Occupation Turner Samuel Head 45 Farmer Turner Mary Wife 40 Keeping House';
    const result = classifyImage(words(census, 88));
    expect(result.photo).toBe(false);
    expect(result.confidentWords).toBeGreaterThan(20);
    // Half the words misread: still a record.
    const noisy = words(census, 88).map((w, i) => (i % 2 ? { text: 'l|', confidence: 20 } : w));
    expect(classifyImage(noisy).photo).toBe(false);
  });
});

describe('portrait rule', () => {
  const face = (size: number, x = 0.4): { region: ImageRegion } => ({
    region: { x, y: 0.2, width: size, height: size },
  });
  it('one face large enough is a portrait', () => {
    expect(isPortrait([face(0.3)])).toBe(true);
    expect(isPortrait([face(0.16)])).toBe(true);
  });
  it('no face, a small face, or two faces of similar size are not', () => {
    expect(isPortrait([])).toBe(false);
    expect(isPortrait([face(0.05)])).toBe(false);
    expect(isPortrait([face(0.3), face(0.25, 0.1)])).toBe(false);
    expect(isPortrait([face(0.1), face(0.1, 0.1), face(0.1, 0.7)])).toBe(false);
  });
  it('a small face far behind the subject does not spoil a portrait', () => {
    expect(isPortrait([face(0.35), face(0.05, 0.9)])).toBe(true);
  });
});

describe('photo verdict on the extracted entities', () => {
  const entities = (documentType: DocumentEntities['documentType'], tags: string[]): DocumentEntities => ({
    documentType,
    tags,
    peopleIdentified: [],
    dateInfo: [],
    geographicalInfo: [],
    occupations: [],
  });
  it('makes a photo a photo, with the portrait tag when it is one', () => {
    expect(withPhotoVerdict(entities('other', ['1950s']), { photo: true, portrait: true })).toMatchObject({
      documentType: 'photo',
      tags: ['photo', 'portrait', '1950s'],
    });
    expect(withPhotoVerdict(entities('letter', ['letter']), { photo: true, portrait: false })).toMatchObject({
      documentType: 'photo',
      tags: ['photo'],
    });
  });
  it('takes "photo" away from a record scan the extractor guessed as one', () => {
    expect(withPhotoVerdict(entities('photo', ['photo', '1880s']), { photo: false, portrait: false })).toMatchObject({
      documentType: 'other',
      tags: ['1880s'],
    });
    const census = entities('census', ['census', 'Virginia']);
    expect(withPhotoVerdict(census, { photo: false, portrait: false })).toBe(census);
  });
});

describe('face descriptors and suggestions', () => {
  const vec = (seed: number, offset = 0) =>
    Float32Array.from({ length: 128 }, (_, i) => Math.sin(seed * 7.3 + i) * 0.1 + offset);
  it('stores a descriptor as 512 bytes and reads it back exactly', () => {
    const d = vec(1);
    const buf = encodeDescriptor(d);
    expect(buf.length).toBe(512);
    expect(decodeDescriptor(buf)).toEqual(d);
    expect(() => encodeDescriptor(new Float32Array(3))).toThrow(/128/);
  });

  const alice = vec(1);
  const stored = [
    { documentId: 'd1', faceId: 'f01', descriptor: alice },
    { documentId: 'd2', faceId: 'f01', descriptor: vec(2) },
    { documentId: 'd3', faceId: 'f01', descriptor: vec(1, 0.01) },
    { documentId: 'd3', faceId: 'f02', descriptor: vec(3) },
  ];
  const docs = [
    {
      id: 'd1',
      people: [
        { name: 'Alice Moore', role: 'primary_subject' as const, faceId: 'f01' },
        { name: 'Untied', role: 'other_relative' as const },
      ],
    },
  ];

  it('finds the tagged faces from the people lists, ignoring tags of unknown faces', () => {
    const tagged = taggedFaces(
      [...docs, { id: 'd2', people: [{ name: 'Ghost', role: 'child', faceId: 'f09' }] }],
      stored,
    );
    expect(tagged.map((t) => `${t.name}@${t.documentId}/${t.faceId}`)).toEqual(['Alice Moore@d1/f01']);
  });

  it('suggests the closest tagged face under the threshold, from another photo only', () => {
    const tagged = taggedFaces(docs, stored);
    const keys = taggedKeySet(tagged);
    const near = suggestFor(stored[2]!, tagged, keys);
    expect(near).toMatchObject({ name: 'Alice Moore', documentId: 'd1', faceId: 'f01' });
    expect(near!.similarity).toBeCloseTo(1 - descriptorDistance(alice, stored[2]!.descriptor), 3);
    expect(descriptorDistance(alice, vec(2))).toBeGreaterThan(SUGGESTION_MAX_DISTANCE);
    expect(suggestFor(stored[1]!, tagged, keys)).toBeNull();
    // The tagged face itself gets no suggestion, nor does another face in the same photo.
    expect(suggestFor(stored[0]!, tagged, keys)).toBeNull();
    expect(suggestFor({ documentId: 'd1', faceId: 'f02', descriptor: vec(1, 0.001) }, tagged, keys)).toBeNull();
  });
});

describe('tags on faces', () => {
  const faces = [{ faceId: 'f01', region: { x: 0.1, y: 0.2, width: 0.3, height: 0.3 } }];
  it('stores the face region on a tag that names a face of the document', () => {
    const r = attachFaceRegions(
      [
        { name: 'Alice', role: 'primary_subject', faceId: 'f01', region: { x: 0, y: 0, width: 1, height: 1 } },
        { name: 'Bob', role: 'spouse' },
      ],
      faces,
    );
    expect(r).toEqual({
      ok: true,
      people: [
        { name: 'Alice', role: 'primary_subject', faceId: 'f01', region: faces[0]!.region },
        { name: 'Bob', role: 'spouse' },
      ],
    });
  });
  it('refuses a face the document does not have, and one face for two people', () => {
    expect(attachFaceRegions([{ name: 'Alice', role: 'child', faceId: 'f07' }], faces)).toEqual({
      ok: false,
      error: 'That face is not in this photo',
    });
    expect(
      attachFaceRegions(
        [
          { name: 'Alice', role: 'child', faceId: 'f01' },
          { name: 'Bob', role: 'child', faceId: 'f01' },
        ],
        faces,
      ).ok,
    ).toBe(false);
  });
});

describe('bounded descriptor distance', () => {
  it('gives the squared distance under the limit and Infinity past it', () => {
    const a = Float32Array.from({ length: 128 }, (_, i) => i / 1000);
    const b = Float32Array.from({ length: 128 }, (_, i) => i / 1000 + 0.01);
    expect(squaredDistanceWithin(a, b, 1)).toBeCloseTo(descriptorDistance(a, b) ** 2, 6);
    expect(squaredDistanceWithin(a, b, 0.001)).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('paper look', () => {
  const W = 200;
  const H = 260;
  /** An RGB picture painted by `paint(x, y)` → [r, g, b]. */
  const picture = (paint: (x: number, y: number) => [number, number, number]) => {
    const px = new Uint8Array(W * H * 3);
    for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) px.set(paint(x, y), (y * W + x) * 3);
    return measurePaper(px, W, H, 3);
  };
  const paper: [number, number, number] = [246, 242, 230];
  const ink: [number, number, number] = [30, 30, 30];

  it('sees a page of thin strokes on light, colourless paper as paper', () => {
    // Lines of "writing": one-pixel strokes every few pixels on every 12th row band.
    const m = picture((x, y) => (y % 12 === 5 && x > 20 && x < 180 && x % 4 !== 0 ? ink : paper));
    expect(m.background).toBeGreaterThan(230);
    expect(m.solid).toBeLessThan(0.01);
    expect(looksLikePaper(m)).toBe(true);
  });

  it('does not see a print on a white page, a colourful picture or a blank page as paper', () => {
    const print = picture((x, y) =>
      x > 40 && x < 160 && y > 60 && y < 200 ? [(x * 2) % 200, (x * 2) % 200, (x * 2) % 200] : paper,
    );
    expect(print.solid).toBeGreaterThan(0.1);
    expect(looksLikePaper(print)).toBe(false);
    expect(looksLikePaper(picture((x, y) => [(x * 7) % 255, (y * 5) % 255, 90]))).toBe(false);
    expect(looksLikePaper(picture(() => paper))).toBe(false);
  });

  it('keeps a record OCR cannot read out of the photos', () => {
    expect(classifyImage([], { paper: true })).toMatchObject({ photo: false, paper: true });
    expect(classifyImage([], { paper: false }).photo).toBe(true);
  });
});
