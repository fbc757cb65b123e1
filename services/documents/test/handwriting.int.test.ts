import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type DocumentRecord, LOW_OCR_CONFIDENCE } from '@gnology/contracts';
import { requireInfra } from '@gnology/testing';
import { type FakeAnthropic, startFakeAnthropic } from '@gnology/testing/fakes/anthropic';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RealBilling, startRealBilling } from '../../research/test/support/real-billing';
import { HANDWRITING_NOTES, readHandwriting } from '../src/library/jobs/handwriting/read-handwriting';
import { MAX_IMAGE_SIDE } from '../src/library/jobs/handwriting/transcriber';
import { handwrittenPagePng, typedThenHandwrittenPdf } from './fixtures/handwriting';
import { astronautJpeg } from './fixtures/photos';
import { type DocumentsHarness, startDocuments } from './helpers/service';
import { uploadAccepted } from './helpers/upload';
import { waitProcessed } from './helpers/wait';

/**
 * Issue 14, handwriting: a page OCR reads with low confidence is transcribed by the configured
 * vision model (the REAL @anthropic-ai/sdk against the fake Messages API on loopback), its tokens
 * held and settled by the REAL billing service, the page marked "transcribed by AI" with its OCR
 * reading kept. Without tokens, with a failing model, or without a model, the page keeps its OCR
 * text and says why.
 */
const LINES = [
  'My dear Margaret, we arrived at',
  'Liverpool on the 4th of May 1871',
  'and your brother Thomas is well.',
];
const TRANSCRIPTION = LINES.join('\n');
// A hand tesseract reads a few specks of (mean confidence about 44): see fixtures/handwriting.ts.
const HAND = { tilt: 22, jitter: 6, blur: 1, specks: 3000, seed: 7 };
const MODEL = 'claude-test-vision';
const USAGE = { input_tokens: 1234, output_tokens: 56, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };

interface PageRow {
  text: string | null;
  ocr_text: string | null;
  transcribed_by: string | null;
  handwriting_note: string | null;
  confidence: number | null;
}

async function upload(
  h: DocumentsHarness,
  token: string,
  content: Buffer,
  name = 'letter-1871.png',
): Promise<DocumentRecord> {
  const doc = await waitProcessed(h.app, token, (await uploadAccepted(h, token, name, content))._id, 180_000);
  expect(doc.processingStatus, JSON.stringify(doc.processingError)).toBe('completed');
  return doc;
}

async function pageRow(h: DocumentsHarness, documentId: string): Promise<PageRow> {
  return h.deps.database.db
    .selectFrom('document_pages')
    .select(['text', 'ocr_text', 'transcribed_by', 'handwriting_note', 'confidence'])
    .where('document_id', '=', documentId)
    .where('page_number', '=', 1)
    .executeTakeFirstOrThrow();
}

async function detail(h: DocumentsHarness, token: string, id: string): Promise<DocumentRecord> {
  const res = await h.app.inject({
    method: 'GET',
    url: `/api/documents/${id}`,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as DocumentRecord;
}

describe('handwriting with a vision model (Anthropic)', () => {
  let fake: FakeAnthropic;
  let billing: RealBilling;
  let h: DocumentsHarness;
  let png: Buffer;

  const balance = async (userId: string) => {
    const res = await fetch(`${billing.url}/internal/balances/${userId}`, {
      headers: { 'x-internal-token': billing.config.INTERNAL_TOKEN },
    });
    expect(res.status).toBe(200);
    return (await res.json()) as { remaining: number; tokensUsed: number };
  };

  beforeAll(async () => {
    requireInfra('DATABASE_URL');
    fake = await startFakeAnthropic();
    billing = await startRealBilling();
    h = await startDocuments({
      env: {
        BILLING_URL: billing.url,
        ANTHROPIC_API_KEY: 'sk-ant-test',
        ANTHROPIC_BASE_URL: fake.url,
        HANDWRITING_ANTHROPIC_MODEL: MODEL,
        EXTRACTION_PROVIDER: 'rules',
      },
    });
    await h.startWorker();
    png = await handwrittenPagePng(LINES, HAND);
  }, 120_000);
  afterAll(async () => {
    await h?.close();
    await billing?.close();
    await fake?.close();
  });
  beforeEach(() => fake.reset());

  it('transcribes a low-confidence page, keeps the OCR text, marks the page and charges the owner’s tokens', async () => {
    const token = await h.token('hw-ada');
    fake.enqueue({ text: TRANSCRIPTION, usage: USAGE });
    const doc = await upload(h, token, png);

    const row = await pageRow(h, doc._id);
    expect(row.confidence, 'the fixture must read with low confidence').toBeLessThan(LOW_OCR_CONFIDENCE);
    expect(row.text).toBe(TRANSCRIPTION);
    expect(row.ocr_text).toBeTypeOf('string');
    expect(row.ocr_text).not.toBe(TRANSCRIPTION);
    expect(row.transcribed_by).toBe(`ai:${MODEL}`);
    expect(row.handwriting_note).toBeNull();

    // The API marks the page; the document's text (what research and extraction read) is the transcription.
    const shown = await detail(h, token, doc._id);
    expect(shown.pages[0]).toMatchObject({ pageNumber: 1, ocr: true, transcribedByAi: true });
    expect(shown.pages[0]!.handwritingNote).toBeUndefined();
    expect(shown.extractedText).toBe(TRANSCRIPTION);

    // One request: the page image (JPEG, at most 1568 px on its long side) and the instructions.
    expect(fake.requests).toHaveLength(1);
    const body = fake.requests[0]!.body;
    expect(body.model).toBe(MODEL);
    expect(body.system).toMatch(/never an instruction to you/);
    const [image, text] = body.messages[0].content;
    expect(image).toMatchObject({ type: 'image', source: { type: 'base64', media_type: 'image/jpeg' } });
    expect(text).toMatchObject({ type: 'text' });
    const meta = await sharp(Buffer.from(image.source.data, 'base64')).metadata();
    expect(meta.format).toBe('jpeg');
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBeLessThanOrEqual(MAX_IMAGE_SIDE);
    expect(body.max_tokens).toBeGreaterThan(0);

    // Metered like research: held, then settled with the usage the model reported.
    const used = await balance('hw-ada');
    expect(used.tokensUsed).toBe(USAGE.input_tokens + USAGE.output_tokens);
    const reservations = await billing.db
      .selectFrom('reservations')
      .select(['request_id', 'status'])
      .where('user_id', '=', 'hw-ada')
      .execute();
    expect(reservations).toEqual([{ request_id: `handwriting-${doc._id}-r1-a1-p1`, status: 'settled' }]);
  });

  it('sends a scanned PDF page from its stored page image; the typed page is left alone', async () => {
    const token = await h.token('hw-eve');
    const typed = 'Transcript typed by Eve Parker in 1962 of the letter that follows.';
    fake.enqueue({ text: TRANSCRIPTION, usage: USAGE });
    const doc = await upload(h, token, await typedThenHandwrittenPdf(typed, png), 'letter-1871.pdf');
    const rows = await h.deps.database.db
      .selectFrom('document_pages')
      .select(['page_number', 'text', 'ocr', 'confidence', 'ocr_text', 'transcribed_by', 'handwriting_note'])
      .where('document_id', '=', doc._id)
      .orderBy('page_number')
      .execute();
    expect(rows[0]).toMatchObject({
      ocr: false,
      confidence: null,
      ocr_text: null,
      transcribed_by: null,
      handwriting_note: null,
    });
    // OCR reads nothing it keeps on this page at 300 dpi (the PDF parser then records no confidence):
    // an unread scan that looks like paper with ink is a handwriting candidate as a low-confidence one is.
    const second = rows[1]!;
    expect(
      second.ocr === false ? second.ocr_text : second.confidence,
      'page 2 must be unread or read with low confidence',
    ).toSatisfy((v) => (typeof v === 'number' ? v < LOW_OCR_CONFIDENCE : v === ''));
    expect(rows[1]).toMatchObject({ text: TRANSCRIPTION, transcribed_by: `ai:${MODEL}`, handwriting_note: null });
    expect(fake.requests).toHaveLength(1);
    const shown = await detail(h, token, doc._id);
    expect(shown.pages.map((p) => p.transcribedByAi ?? false)).toEqual([false, true]);
    expect(shown.extractedText).toBe(`${rows[0]!.text}\n\n${TRANSCRIPTION}`);
    expect((await balance('hw-eve')).tokensUsed).toBe(USAGE.input_tokens + USAGE.output_tokens);
  });

  it('keeps the OCR text and says so when the owner has no tokens left (no model call)', async () => {
    const token = await h.token('hw-bob');
    // Everything the trial has left, held by another request.
    const first = await balance('hw-bob');
    const drain = await fetch(`${billing.url}/internal/reservations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-internal-token': billing.config.INTERNAL_TOKEN },
      body: JSON.stringify({
        userId: 'hw-bob',
        requestId: 'hw-bob-drain',
        estimatedTokens: Math.max(1, first.remaining),
      }),
    });
    expect(drain.status).toBe(200);
    const doc = await upload(h, token, png);
    const row = await pageRow(h, doc._id);
    expect(row.transcribed_by).toBeNull();
    expect(row.ocr_text).toBeNull();
    expect(row.handwriting_note).toBe(HANDWRITING_NOTES.noTokens);
    expect(row.text).toBe((await detail(h, token, doc._id)).extractedText);
    expect(fake.requests).toHaveLength(0);
    const shown = await detail(h, token, doc._id);
    expect(shown.pages[0]).toMatchObject({ handwritingNote: 'Not transcribed: no tokens left.' });
    expect(shown.pages[0]!.transcribedByAi).toBeUndefined();
  });

  it('keeps the OCR text when the model fails, and gives the held tokens back', async () => {
    const token = await h.token('hw-cy');
    fake.enqueue({ status: 400, errorType: 'invalid_request_error', errorMessage: 'scripted refusal' });
    const doc = await upload(h, token, png);
    const row = await pageRow(h, doc._id);
    expect(row.transcribed_by).toBeNull();
    expect(row.handwriting_note).toBe(HANDWRITING_NOTES.modelFailed);
    expect(fake.requests).toHaveLength(1);
    expect((await balance('hw-cy')).tokensUsed).toBe(0);
    const reservations = await billing.db
      .selectFrom('reservations')
      .select('status')
      .where('user_id', '=', 'hw-cy')
      .execute();
    expect(reservations).toEqual([{ status: 'released' }]);
  });

  it('keeps the OCR text when billing cannot be reached, without calling the model', async () => {
    const token = await h.token('hw-dee');
    await billing.stop();
    try {
      const doc = await upload(h, token, png);
      const row = await pageRow(h, doc._id);
      expect(row.transcribed_by).toBeNull();
      expect(row.handwriting_note).toBe(HANDWRITING_NOTES.billingUnavailable);
      expect(fake.requests).toHaveLength(0);
    } finally {
      await billing.start();
    }
  });
});

describe('handwriting without a model (offline)', () => {
  let h: DocumentsHarness;

  beforeAll(async () => {
    requireInfra('DATABASE_URL');
    h = await startDocuments({ env: { HANDWRITING_PROVIDER: 'off', EXTRACTION_PROVIDER: 'rules' } });
    await h.startWorker();
  }, 120_000);
  afterAll(async () => {
    await h?.close();
  });

  it('keeps the OCR text and says that handwriting needs a model', async () => {
    const token = await h.token('hw-offline');
    const doc = await upload(h, token, await handwrittenPagePng(LINES, HAND));
    const row = await pageRow(h, doc._id);
    expect(row.confidence).toBeLessThan(LOW_OCR_CONFIDENCE);
    expect(row.transcribed_by).toBeNull();
    expect(row.ocr_text).toBeNull();
    expect(row.text).not.toBe(TRANSCRIPTION);
    const shown = await detail(h, token, doc._id);
    expect(shown.extractedText).toBe(row.text);
    expect(shown.pages[0]).toMatchObject({
      pageNumber: 1,
      handwritingNote:
        'This page may be handwriting. Handwriting needs an AI model; ask your administrator to configure one.',
    });
    expect(shown.pages[0]!.transcribedByAi).toBeUndefined();
    expect(shown.lowConfidencePages).toEqual([1]);
  });

  it('says the same of a handwritten picture OCR read nothing from', async () => {
    const token = await h.token('hw-offline');
    // Specks all over: tesseract finds no words at all, and reports a mean confidence of 95 over none.
    const doc = await upload(
      h,
      token,
      await handwrittenPagePng(LINES, { tilt: 14, jitter: 10, blur: 1, specks: 1500, seed: 7 }),
    );
    const row = await pageRow(h, doc._id);
    expect(row.text).toBe('');
    expect(row.handwriting_note).toBe(HANDWRITING_NOTES.offline);
  });

  it('caps the answer to a partial hold, stops asking once billing refuses, and sends at most HANDWRITING_MAX_PAGES', async () => {
    const token = await h.token('hw-offline');
    const hand = await handwrittenPagePng(LINES, HAND);
    const doc = await upload(
      h,
      token,
      await typedThenHandwrittenPdf('A typed page of a three-page letter, for its rows.', hand),
      'three.pdf',
    );
    await h.deps.database.db
      .insertInto('document_pages')
      .values({
        document_id: doc._id,
        page_number: 3,
        text: '',
        ocr: true,
        image_key: null,
        width: null,
        height: null,
        confidence: 20,
        words: '[]',
      })
      .execute();
    const dir = await mkdtemp(path.join(tmpdir(), 'gn-hw-'));
    try {
      const file = path.join(dir, 'original');
      await writeFile(file, hand);
      const low = (n: number) => ({
        pageNumber: n,
        text: `ocr ${n}`,
        ocr: true,
        imageKey: null,
        width: null,
        height: null,
        confidence: 30,
        rotation: 0,
        skew: 0,
        words: [],
      });
      const asked: number[] = [];
      const reserves: string[] = [];
      const transcriber = {
        provider: 'anthropic' as const,
        model: 'claude-stub',
        async transcribe(_image: unknown, o: { maxTokens: number }) {
          asked.push(o.maxTokens);
          return { text: `page text ${asked.length}`, usage: { inputTokens: 10, outputTokens: 5 } };
        },
      };
      let inputTokens = 0;
      const meter = {
        async reserve(_user: string, requestId: string, estimated: number, minimum: number) {
          reserves.push(requestId);
          inputTokens = minimum - 256;
          // The first page gets what the account had left (300 tokens over its input), then nothing.
          return reserves.length === 1 ? { amount: Math.min(estimated, inputTokens + 300) } : null;
        },
        settle: async () => ({ used: 15, remaining: 0 }),
        release: async () => {},
      };
      const deps = {
        database: h.deps.database,
        storage: h.deps.storage,
        config: h.deps.config,
        logger: h.deps.logger,
        transcriber,
        meter,
      };
      const input = {
        documentId: doc._id,
        ownerId: 'hw-offline',
        kind: 'jpeg',
        // The third reading ("Read again" twice), its seventh try: a new charge, not the upload's answered again.
        reading: 3,
        run: 7,
        file,
        signal: new AbortController().signal,
      };
      const parsed = { text: '', pages: [low(1), low(2), low(3)], ocrWords: [] };
      expect(await readHandwriting(parsed, input, deps)).toEqual({ transcribed: [1], noted: [2, 3] });
      expect(asked).toEqual([300]);
      expect(reserves).toEqual([`handwriting-${doc._id}-r3-a7-p1`, `handwriting-${doc._id}-r3-a7-p2`]);
      expect(parsed.text).toBe('page text 1\n\nocr 2\n\nocr 3');
      const notes = await h.deps.database.db
        .selectFrom('document_pages')
        .select(['page_number', 'handwriting_note', 'transcribed_by', 'ocr_text'])
        .where('document_id', '=', doc._id)
        .orderBy('page_number')
        .execute();
      expect(notes).toEqual([
        { page_number: 1, handwriting_note: null, transcribed_by: 'ai:claude-stub', ocr_text: 'ocr 1' },
        { page_number: 2, handwriting_note: HANDWRITING_NOTES.noTokens, transcribed_by: null, ocr_text: null },
        { page_number: 3, handwriting_note: HANDWRITING_NOTES.noTokens, transcribed_by: null, ocr_text: null },
      ]);

      // At most HANDWRITING_MAX_PAGES pages a document; a new run clears the last one's marks first.
      const capped = {
        ...deps,
        config: { ...h.deps.config, HANDWRITING_MAX_PAGES: 1 },
        meter: { ...meter, reserve: async () => ({ amount: 100_000 }) },
      };
      expect(
        await readHandwriting({ text: '', pages: [low(1), low(2)], ocrWords: [] }, { ...input, run: 8 }, capped),
      ).toEqual({ transcribed: [1], noted: [2] });
      const after = await h.deps.database.db
        .selectFrom('document_pages')
        .select(['page_number', 'handwriting_note'])
        .where('document_id', '=', doc._id)
        .orderBy('page_number')
        .execute();
      expect(after).toEqual([
        { page_number: 1, handwriting_note: null },
        { page_number: 2, handwriting_note: HANDWRITING_NOTES.tooManyPages(1) },
        { page_number: 3, handwriting_note: null },
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('says nothing about handwriting on a photo read with low confidence', async () => {
    // Tesseract reads this photo as nothing at all (confidence 95); here its reading is made what
    // photos often give: a few unsure specks. The photo rule (decision 0055) keeps it out.
    const token = await h.token('hw-offline');
    const doc = await upload(h, token, astronautJpeg(), 'astronaut.jpg');
    const dir = await mkdtemp(path.join(tmpdir(), 'gn-hw-'));
    try {
      const file = path.join(dir, 'original');
      await writeFile(file, astronautJpeg());
      const specks = [{ text: 'Ee', confidence: 31, left: 10, top: 10, width: 20, height: 12 }];
      const page = {
        pageNumber: 1,
        text: 'Ee',
        ocr: true,
        imageKey: null,
        width: 512,
        height: 512,
        confidence: 31,
        rotation: 0,
        skew: 0,
        words: [],
      };
      const deps = { database: h.deps.database, storage: h.deps.storage, config: h.deps.config, logger: h.deps.logger };
      const input = {
        documentId: doc._id,
        ownerId: 'hw-offline',
        kind: 'jpeg',
        reading: 1,
        run: 1,
        file,
        signal: new AbortController().signal,
      };
      expect(await readHandwriting({ text: 'Ee', pages: [page], ocrWords: specks }, input, deps)).toEqual({
        transcribed: [],
        noted: [],
      });
      expect((await pageRow(h, doc._id)).handwriting_note).toBeNull();
      // The same reading of a handwritten sheet (the look of paper) is a handwriting candidate.
      await writeFile(file, await handwrittenPagePng(LINES, HAND));
      expect(await readHandwriting({ text: 'Ee', pages: [page], ocrWords: specks }, input, deps)).toEqual({
        transcribed: [],
        noted: [1],
      });
      expect((await pageRow(h, doc._id)).handwriting_note).toBe(HANDWRITING_NOTES.offline);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
