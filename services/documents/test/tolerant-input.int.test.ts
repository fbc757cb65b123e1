import { randomBytes } from 'node:crypto';
import type { DocumentRecord } from '@gnology/contracts';
import { requireInfra } from '@gnology/testing';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scannedPagePng, textPdf } from './fixtures/generate';
import { BIRTH } from './fixtures/texts';
import { multipart } from './helpers/multipart';
import { type DocumentsHarness, startDocuments } from './helpers/service';
import { waitProcessed } from './helpers/wait';

/**
 * Issue 14, "tolerant input": what every reader accepts is read, through the real pipeline
 * (upload, queue, worker, OCR): a PDF with bytes before its header, sideways phone JPEGs
 * (EXIF orientation), PNGs with alpha or 16 bits per sample, grey and palette pictures, pictures
 * without a resolution. What is not a document is still refused with the spec's message.
 */
const PAGE =
  'Certificate of Baptism\nMary Ellen Turner, daughter of Samuel Turner and Hannah Price, was baptised at Roanoke, Virginia, in May 1841.';
const ACCEPTED = 'Unsupported file type. Accepted types: pdf, jpg, jpeg, png, doc, docx, txt.';

/** The page's words, as OCR gives them back on a clean page (wherever its lines wrap). */
function expectPageRead(doc: DocumentRecord) {
  expect(doc.processingStatus, JSON.stringify(doc.processingError ?? null)).toBe('completed');
  expect(doc.extractedText).toMatch(/Certificate\s+of\s+Baptism/);
  expect(doc.extractedText).toMatch(/Mary\s+Ellen\s+Turner/);
  expect(doc.extractedText).toMatch(/Samuel\s+Turner\s+and\s+Hannah\s+Price/);
  expect(doc.extractedText).toMatch(/Roanoke,\s+Virginia/);
}

describe('tolerant input', () => {
  let h: DocumentsHarness;
  let token: string;
  /** 1000 × 600 pixels (5 × 3 in at 200 dpi): small enough to take the enlarging path. */
  let small: Buffer;
  /** 1500 × 900 pixels (5 × 3 in at 300 dpi). */
  let page: Buffer;

  beforeAll(async () => {
    requireInfra('DATABASE_URL');
    h = await startDocuments();
    await h.startWorker();
    token = await h.token('user-tolerant');
    small = await scannedPagePng(PAGE, { dpi: 200, widthInches: 5, heightInches: 3 });
    page = await scannedPagePng(PAGE, { dpi: 300, widthInches: 5, heightInches: 3 });
  });
  afterAll(async () => {
    await h?.close();
  });

  const upload = async (name: string, content: Buffer) => {
    const body = multipart(name, content);
    return h.app.inject({
      method: 'POST',
      url: '/api/documents/upload',
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${token}` },
    });
  };
  const process = async (name: string, content: Buffer) => {
    const res = await upload(name, content);
    expect(res.statusCode, res.body).toBe(201);
    return waitProcessed(h.app, token, (res.json() as DocumentRecord)._id, 120_000);
  };
  const thumbnailSize = async (doc: DocumentRecord) => {
    const thumb = await h.app.inject({
      method: 'GET',
      url: `/api/documents/${doc._id}/thumbnail?token=${doc.viewToken}`,
    });
    expect(thumb.statusCode).toBe(200);
    const meta = await sharp(thumb.rawPayload).metadata();
    return { width: meta.width, height: meta.height };
  };

  it('reads a PDF with stray bytes before its %PDF- header (within the first 1,024)', async () => {
    const pdf = await textPdf([BIRTH, PAGE]);
    const withJunk = Buffer.concat([Buffer.from('\r\nX-Attachment-Id: f_k3b9\r\n\r\n'), randomBytes(300), pdf]);
    expect(withJunk.indexOf('%PDF-')).toBeGreaterThan(300);
    expect(withJunk.indexOf('%PDF-')).toBeLessThan(1024);
    const doc = await process('baptism.pdf', withJunk);
    expectPageRead(doc);
    expect(doc.mimetype).toBe('application/pdf');
    expect(doc.pageCount).toBe(2);
    expect(doc.extractedText).toContain('James Robert Wilson');
  });

  it('turns a sideways or upside-down JPEG upright by its EXIF orientation before OCR', async () => {
    // Orientation 6: the pixels are stored turned a quarter to the left; shown turned right again.
    const sideways = await sharp(small).rotate(270).jpeg({ quality: 92 }).withMetadata({ orientation: 6 }).toBuffer();
    const upsideDown = await sharp(page).rotate(180).jpeg({ quality: 92 }).withMetadata({ orientation: 3 }).toBuffer();
    const stored = await sharp(sideways).metadata();
    expect([stored.width, stored.height, stored.orientation]).toEqual([600, 1000, 6]);
    expect((await sharp(upsideDown).metadata()).orientation).toBe(3);

    const a = await process('phone photo.jpg', sideways);
    expectPageRead(a);
    // The thumbnail is the page as seen: landscape.
    expect(await thumbnailSize(a)).toEqual({ width: 150, height: 90 });
    expectPageRead(await process('upside down.jpeg', upsideDown));
  });

  it('reads PNGs with an alpha channel (ink on transparent) and with 16 bits per sample', async () => {
    // Black ink whose coverage is the alpha channel: without flattening on white it is all black.
    const { data, info } = await sharp(page).greyscale().raw().toBuffer({ resolveWithObject: true });
    const rgba = Buffer.alloc(info.width * info.height * 4);
    for (let i = 0; i < info.width * info.height; i++) rgba[i * 4 + 3] = 255 - data[i * info.channels]!;
    const transparent = await sharp(rgba, { raw: { width: info.width, height: info.height, channels: 4 } })
      .png()
      .toBuffer();
    const deep = await sharp(page).toColourspace('rgb16').png().toBuffer();
    const t = await sharp(transparent).metadata();
    expect([t.hasAlpha, t.channels]).toEqual([true, 4]);
    expect((await sharp(deep).metadata()).depth).toBe('ushort');

    expectPageRead(await process('transparent.png', transparent));
    expectPageRead(await process('sixteen bit.png', deep));
  });

  it('reads grey and palette PNGs, and pictures that carry no resolution', async () => {
    const grey = await sharp(page).removeAlpha().greyscale().toColourspace('b-w').png().toBuffer();
    const palette = await sharp(page).png({ palette: true, colours: 8 }).toBuffer();
    // Rebuilt from its bare pixels: no resolution at all (the canvas writes 72 dpi).
    const bare = await sharp(small).raw().toBuffer({ resolveWithObject: true });
    const noDpi = await sharp(bare.data, {
      raw: { width: bare.info.width, height: bare.info.height, channels: bare.info.channels },
    })
      .png()
      .toBuffer();
    expect((await sharp(grey).metadata()).channels).toBe(1);
    expect((await sharp(palette).metadata()).isPalette).toBe(true);
    expect((await sharp(noDpi).metadata()).density).toBeUndefined();

    expectPageRead(await process('grey.png', grey));
    expectPageRead(await process('palette.png', palette));
    expectPageRead(await process('no dpi.png', noDpi));
  });

  it('still refuses what is not a document, with the spec message', async () => {
    const pdf = await textPdf([PAGE]);
    const cases: [string, Buffer, string][] = [
      // The header too far in: no reader takes it for a PDF.
      [
        'late header.pdf',
        Buffer.concat([Buffer.alloc(1100, 0x00), pdf]),
        `The file's content does not match its .pdf extension (it is not a document of a supported type). ${ACCEPTED}`,
      ],
      [
        'noise.pdf',
        randomBytes(4096),
        `The file's content does not match its .pdf extension (it is not a document of a supported type). ${ACCEPTED}`,
      ],
      [
        'leading bytes.png',
        Buffer.concat([Buffer.from('junk\r\n'), pdf]),
        `The file's content (PDF) does not match its .png extension. Rename it or convert it. ${ACCEPTED}`,
      ],
      ['picture.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), ACCEPTED],
    ];
    for (const [name, content, message] of cases) {
      const res = await upload(name, content);
      expect(res.statusCode, name).toBe(400);
      expect(res.json(), name).toEqual({ error: message });
    }
    // A note that mentions a PDF header is still a note.
    const note = await upload(
      'notes.txt',
      Buffer.from('Scanner notes: the file began with junk, then %PDF-1.4 and the pages.'),
    );
    expect(note.statusCode, note.body).toBe(201);
    expect((note.json() as DocumentRecord).mimetype).toBe('text/plain');
  });
});
