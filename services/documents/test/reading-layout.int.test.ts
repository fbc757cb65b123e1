import { randomBytes } from 'node:crypto';
import type { DocumentRecord } from '@gnology/contracts';
import { requireInfra } from '@gnology/testing';
import { degrees, PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { characterErrorRate } from '../../../bench/documents/text-metrics';
import { scannedPagePng } from './fixtures/generate';
import {
  CENSUS_ROWS,
  censusPage,
  type LaidOutPage,
  skewed,
  threeColumnPage,
  turned,
  twoColumnPage,
} from './fixtures/layouts';
import { type DocumentsHarness, startDocuments } from './helpers/service';
import { waitProcessed } from './helpers/wait';

/**
 * Issue 14, "reading real documents", through the real pipeline (upload, queue, worker, OCR):
 * newspaper columns come out column by column, census rows stay one row a line, turned and
 * skewed scans are read upright and shown upright, a PDF page scanned sideways is read with or
 * without its `/Rotate`, and German and French pages are read in their own language.
 */
const GERMAN =
  'Geburtsurkunde\nJohann Friedrich Müller, Sohn des Bäckermeisters Heinrich Müller und seiner Ehefrau Anna Katharina geb. Schäfer, wurde am vierzehnten März 1872 in Göttingen geboren und in der Kirche St. Johannis getauft.';
const FRENCH =
  "Acte de mariage\nL'an mil huit cent soixante-dix, le douze août, devant nous, maire de la commune de Château-Thierry, ont comparu Jean-Baptiste Lefèvre, cordonnier, fils de Pierre Lefèvre et de Marie Geneviève Dubois, et Élise Françoise Mercier, née à Reims.";

/** Each test reads several full pages (turned ones twice): minutes on a loaded 2-core machine. */
const SLOW = 300_000;

/** Character error in percent against the true reading. */
const cer = (truth: string, text: string | undefined) => characterErrorRate(truth, text ?? '') * 100;

describe('reading real documents: layout, orientation, languages', () => {
  let h: DocumentsHarness;
  let token: string;
  let twoColumns: LaidOutPage;

  beforeAll(async () => {
    requireInfra('DATABASE_URL');
    h = await startDocuments();
    await h.startWorker();
    token = await h.token('user-layout');
    twoColumns = await twoColumnPage();
  });
  afterAll(async () => {
    await h?.close();
  });

  /** Uploads a file (with the languages to read it in, when given) and waits until it is processed. */
  const process = async (name: string, content: Buffer, languages?: string): Promise<DocumentRecord> => {
    const boundary = `----gnology${randomBytes(8).toString('hex')}`;
    const field = languages
      ? `--${boundary}\r\nContent-Disposition: form-data; name="languages"\r\n\r\n${languages}\r\n`
      : '';
    const payload = Buffer.concat([
      Buffer.from(
        `${field}--${boundary}\r\nContent-Disposition: form-data; name="document"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/documents/upload',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` },
    });
    expect(res.statusCode, res.body).toBe(201);
    const doc = await waitProcessed(h.app, token, (res.json() as DocumentRecord)._id, 180_000);
    expect(doc.processingStatus, JSON.stringify(doc.processingError)).toBe('completed');
    return doc;
  };
  /** The size of page n's viewer image. */
  const pageImageSize = async (doc: DocumentRecord, n = 1) => {
    const res = await h.app.inject({
      method: 'GET',
      url: `/api/documents/${doc._id}/page/${n}?token=${doc.viewToken}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const meta = await sharp(res.rawPayload).metadata();
    return { width: meta.width ?? 0, height: meta.height ?? 0 };
  };

  it(
    'reads newspaper columns in reading order: each column top to bottom, left to right',
    async () => {
      const threeColumns = await threeColumnPage();
      for (const [name, page] of [
        ['two columns.png', twoColumns],
        ['three columns.png', threeColumns],
      ] as const) {
        const doc = await process(name, page.png);
        expect(cer(page.truth, doc.extractedText), name).toBeLessThan(2);
        // A sentence set across one column's lines comes out whole, not interleaved with its neighbour's.
        expect(doc.extractedText?.replace(/\s+/g, ' ')).toContain(
          'Michael Sullivan, a retired stonemason, died at Boston on 3 January 1901.',
        );
      }
    },
    SLOW,
  );

  it(
    'keeps each census row on one line',
    async () => {
      const census = await censusPage();
      const doc = await process('census.png', census.png);
      const lines = (doc.extractedText ?? '').split('\n').map((l) => l.trim());
      for (const row of CENSUS_ROWS) {
        const line = lines.find((l) => l.startsWith(row[0]!));
        expect(line, row[0]).toBeDefined();
        expect(cer(row.join(' '), line)).toBeLessThan(8);
      }
      expect(cer(census.truth, doc.extractedText)).toBeLessThan(5);
    },
    SLOW,
  );

  it(
    'reads pages turned 90, 180 and 270 degrees, and shows them upright',
    async () => {
      for (const turn of [90, 180, 270] as const) {
        const doc = await process(`turned ${turn}.png`, await turned(twoColumns.png, turn));
        expect(cer(twoColumns.truth, doc.extractedText), `${turn}°`).toBeLessThan(2);
        // The viewer's page and the thumbnail are the page as read: portrait, like the page.
        const shown = await pageImageSize(doc);
        expect(shown.height, `${turn}°`).toBeGreaterThan(shown.width);
      }
    },
    SLOW,
  );

  it(
    'straightens pages skewed 3 to 7 degrees',
    async () => {
      for (const angle of [3, -5, 7]) {
        const doc = await process(`skewed ${angle}.png`, await skewed(twoColumns.png, angle));
        expect(cer(twoColumns.truth, doc.extractedText), `${angle}°`).toBeLessThan(2);
        expect(doc.pageImages.length, 'the straightened page is stored for the viewer').toBe(1);
      }
    },
    SLOW,
  );

  it(
    'reads a PDF page scanned sideways, with and without /Rotate',
    async () => {
      const sideways = await sharp(await turned(twoColumns.png, 90))
        .jpeg({ quality: 90 })
        .toBuffer();
      const make = async (rotate: boolean) => {
        const pdf = await PDFDocument.create();
        const image = await pdf.embedJpg(sideways);
        // The scan lies on its side on a landscape page; /Rotate 270 tells readers to turn it upright.
        const page = pdf.addPage([842, 595]);
        page.drawImage(image, { x: 0, y: 0, width: 842, height: 595 });
        if (rotate) page.setRotation(degrees(270));
        return Buffer.from(await pdf.save());
      };
      for (const rotate of [true, false]) {
        const doc = await process(`sideways${rotate ? ' rotate' : ''}.pdf`, await make(rotate));
        expect(cer(twoColumns.truth, doc.extractedText), `/Rotate ${rotate}`).toBeLessThan(3);
        const shown = await pageImageSize(doc);
        expect(shown.height, `/Rotate ${rotate}: the page is shown upright`).toBeGreaterThan(shown.width);
      }
    },
    SLOW,
  );

  it(
    'reads German and French pages in their own language',
    async () => {
      const german = await process('geburt.png', await scannedPagePng(GERMAN), 'deu');
      expect(cer(GERMAN, german.extractedText)).toBeLessThan(1.5);
      expect(german.extractedText).toContain('Müller');
      expect(german.extractedText).toContain('Göttingen');
      const french = await process('mariage.png', await scannedPagePng(FRENCH), 'fra');
      expect(cer(FRENCH, french.extractedText)).toBeLessThan(1.5);
      expect(french.extractedText).toContain('Françoise Mercier, née à Reims');
      expect(french.extractedText).toContain('Marie Geneviève Dubois');
      expect(french.extractedText).toContain('Château-Thierry');
    },
    SLOW,
  );
});
