import { buffer } from 'node:stream/consumers';
import { LOW_OCR_CONFIDENCE } from '@gnology/contracts';
import type { Logger } from '@gnology/platform/logger';
import type { ObjectStorage as Storage } from '@gnology/platform/storage';
import sharp from 'sharp';
import type { DocumentsConfig } from '../../../config';
import type { DocumentsDeps } from '../../../context';
import { looksLikePaper } from '../../../photos/domain/paper-look';
import { classifyImage, measureImageText } from '../../../photos/domain/photo-classification';
import { measurePaperOf, measurePaperOfImage } from '../../../photos/jobs/faces/paper-look-of-file';
import type { ParsedPage } from '../../domain/parsed-page';
import { clearPageTranscriptions, notePage, saveTranscribedPage } from '../../use-cases/record-reading';
import type { ParseResult } from '../parsers/types';
import { createTokenMeter, type TokenMeter } from './billing';
import {
  createHandwritingTranscriber,
  type HandwritingTranscriber,
  imageTokens,
  MAX_IMAGE_SIDE,
  MAX_TRANSCRIPTION_TOKENS,
  PROMPT_TOKENS,
  type PageImage,
} from './transcriber';

/** What a reader sees on a low-confidence page when the page kept its OCR text (decision 0155). */
export const HANDWRITING_NOTES = {
  offline: 'This page may be handwriting. Handwriting needs an AI model; ask your administrator to configure one.',
  noTokens: 'Not transcribed: no tokens left.',
  billingUnavailable:
    'Not transcribed: the token service could not be reached. This is the OCR reading; use "Read again" later.',
  modelFailed:
    'Not transcribed: the AI model could not read this page. This is the OCR reading; use "Read again" later.',
  noImage: 'Not transcribed: the page image could not be read. This is the OCR reading.',
  empty: 'The AI model found no writing it could read on this page. This is the OCR reading.',
  tooManyPages: (max: number) =>
    `Not transcribed: AI transcription covers the first ${max} low-confidence pages of a document. This is the OCR reading.`,
} as const;

/** The least a page can be transcribed with: its input and a short answer. Below it, billing refuses. */
const MINIMUM_ANSWER_TOKENS = 256;

export interface HandwritingDeps {
  database: DocumentsDeps['database'];
  storage: Pick<Storage, 'get'>;
  config: DocumentsConfig;
  logger: Logger;
  /** For tests: the model and the meter (default: from the config). */
  transcriber?: HandwritingTranscriber | null;
  meter?: TokenMeter;
}

export interface HandwritingInput {
  documentId: string;
  ownerId: string;
  kind: string;
  /** The document's reading: 1 for the upload, then one more for each "Read again" (each is charged anew). */
  reading: number;
  /** The processing run (a reservation per run and page: a retried run holds anew). */
  run: number;
  /** The original file on the worker's disk: the page image of a JPG/PNG stored upright as it was. */
  file: string;
  signal: AbortSignal;
}

export interface HandwritingOutcome {
  transcribed: number[];
  noted: number[];
}

// One model client per configuration (the worker's lifetime).
const transcribers = new WeakMap<DocumentsConfig, HandwritingTranscriber | null>();
function transcriberFor(config: DocumentsConfig): HandwritingTranscriber | null {
  if (!transcribers.has(config)) transcribers.set(config, createHandwritingTranscriber(config));
  return transcribers.get(config) ?? null;
}

async function isPhoto(parsed: ParseResult, file: string): Promise<boolean> {
  const paper = looksLikePaper(await measurePaperOf(file));
  return classifyImage(parsed.ocrWords ?? [], { paper }).photo;
}

/** Letters and digits below which a PDF page's text layer counts as none (the PDF parser's MIN_TEXT_CHARS). */
const MIN_TEXT_CHARS = 25;

const hasNoText = (page: ParsedPage) => page.text.replace(/[^\p{L}\p{N}]/gu, '').length < MIN_TEXT_CHARS;

/**
 * A PDF page scanned but unread: no text layer, and OCR found nothing it kept (the PDF parser then
 * records no OCR confidence), yet its page image looks like a sheet of paper with ink on it (a
 * blank page has no ink). Handwriting OCR cannot read at all lands here.
 */
async function isUnreadScan(page: ParsedPage, storage: Pick<Storage, 'get'>): Promise<boolean> {
  if (page.ocr || !page.imageKey || !hasNoText(page)) return false;
  try {
    return looksLikePaper(await measurePaperOfImage(sharp(await buffer(await storage.get(page.imageKey)))));
  } catch {
    return false;
  }
}

const isLow = (p: ParsedPage) => p.ocr && p.confidence !== null && p.confidence < LOW_OCR_CONFIDENCE;

/**
 * Handwriting (issue 14): after the pages are saved, each page OCR read with low confidence is
 * sent to the configured vision model, its tokens held and settled with billing like a research
 * request. A transcribed page's text becomes the model's (`parsed` is updated, so the document's
 * text and extraction use it) and its OCR reading is kept in `ocr_text`. Without a model, tokens,
 * or a working model, the page keeps its OCR text and a note says why. Nothing here fails the
 * document, except the worker shutting down (the run is retried).
 */
export async function readHandwriting(
  parsed: ParseResult,
  input: HandwritingInput,
  deps: HandwritingDeps,
): Promise<HandwritingOutcome> {
  await clearPageTranscriptions(deps, { documentId: input.documentId });
  const outcome: HandwritingOutcome = { transcribed: [], noted: [] };
  const image = input.kind === 'jpeg' || input.kind === 'png';
  const low: ParsedPage[] = [];
  for (const page of parsed.pages) {
    // An image OCR read nothing it is sure of (tesseract may then report a high mean confidence over no words).
    const unreadImage = image && measureImageText(parsed.ocrWords ?? []).confidentWords === 0;
    if (isLow(page) || unreadImage || (input.kind === 'pdf' && (await isUnreadScan(page, deps.storage))))
      low.push(page);
  }
  if (low.length === 0) return outcome;
  // A photo (people, a house) is read with low confidence or as nothing too: it is not handwriting.
  // The photo step's rule (decision 0055): few confident words and not the look of paper.
  if (image && (await isPhoto(parsed, input.file))) return outcome;

  const log = deps.logger.child({ handwriting: true });
  const model = deps.transcriber !== undefined ? deps.transcriber : transcriberFor(deps.config);
  const note = async (page: ParsedPage, text: string) => {
    await notePage(deps, { documentId: input.documentId, pageNumber: page.pageNumber, note: text });
    outcome.noted.push(page.pageNumber);
  };
  if (!model) {
    for (const page of low) await note(page, HANDWRITING_NOTES.offline);
    return outcome;
  }
  const meter =
    deps.meter ?? createTokenMeter({ billingUrl: deps.config.BILLING_URL, secret: deps.config.INTERNAL_TOKEN });
  const max = deps.config.HANDWRITING_MAX_PAGES;
  // Once billing refuses or cannot be reached, the document's later pages are not asked for again.
  let stopped: string | null = null;
  for (const [i, page] of low.entries()) {
    if (i >= max || stopped) {
      await note(page, stopped ?? HANDWRITING_NOTES.tooManyPages(max));
      continue;
    }
    const result = await transcribePage(page, input, { model, meter, log, storage: deps.storage });
    if (input.signal.aborted) throw input.signal.reason ?? new Error('aborted');
    if (typeof result === 'string') {
      if (result === HANDWRITING_NOTES.noTokens || result === HANDWRITING_NOTES.billingUnavailable) stopped = result;
      await note(page, result);
      continue;
    }
    await saveTranscribedPage(deps, {
      documentId: input.documentId,
      pageNumber: page.pageNumber,
      text: result.text,
      ocrText: page.text,
      transcribedBy: `ai:${model.model}`,
    });
    page.text = result.text;
    outcome.transcribed.push(page.pageNumber);
  }
  if (outcome.transcribed.length > 0) {
    parsed.text = parsed.pages
      .map((p) => p.text)
      .filter(Boolean)
      .join('\n\n');
  }
  log.info({ transcribed: outcome.transcribed, noted: outcome.noted, model: model.model }, 'handwriting read');
  return outcome;
}

/** One page: its image, a hold, the model, the settlement. Returns the transcription, or the note to show instead. */
async function transcribePage(
  page: ParsedPage,
  input: HandwritingInput,
  ctx: { model: HandwritingTranscriber; meter: TokenMeter; log: Logger; storage: Pick<Storage, 'get'> },
): Promise<{ text: string } | string> {
  const { model, meter, log } = ctx;
  let image: PageImage;
  try {
    image = await pageImage(page, input, ctx.storage);
  } catch (err) {
    log.warn({ err: { message: (err as Error).message }, page: page.pageNumber }, 'handwriting: no page image');
    return HANDWRITING_NOTES.noImage;
  }
  const inputTokens = imageTokens(image.width, image.height) + PROMPT_TOKENS;
  // Billing answers a repeated id as it answered the first: the reading is in it, or a Read again would be free.
  const requestId = `handwriting-${input.documentId}-r${input.reading}-a${input.run}-p${page.pageNumber}`;
  let held: { amount: number } | null;
  try {
    held = await meter.reserve(
      input.ownerId,
      requestId,
      inputTokens + MAX_TRANSCRIPTION_TOKENS,
      inputTokens + MINIMUM_ANSWER_TOKENS,
    );
  } catch (err) {
    log.warn({ err: { message: (err as Error).message }, page: page.pageNumber }, 'handwriting: billing unavailable');
    return HANDWRITING_NOTES.billingUnavailable;
  }
  if (!held) return HANDWRITING_NOTES.noTokens;
  // A partial hold (what the account had left) caps the answer, so the page never costs more than was held.
  const maxTokens = Math.max(1, Math.min(MAX_TRANSCRIPTION_TOKENS, held.amount - inputTokens));
  let text: string;
  try {
    const answer = await model.transcribe(image, { maxTokens, signal: input.signal });
    text = answer.text;
    // Settling is idempotent by request id: one more try after a second. If both fail the hold
    // stays and billing's sweep charges it when it expires (decision 0086); the page is read.
    await meter
      .settle(requestId, answer.usage)
      .catch(() => new Promise((r) => setTimeout(r, 1000)).then(() => meter.settle(requestId, answer.usage)))
      .catch((err: Error) => log.warn({ err: { message: err.message }, requestId }, 'handwriting: settlement failed'));
  } catch (err) {
    await meter.release(requestId).catch(() => {});
    if (input.signal.aborted) throw err;
    log.warn({ err: { message: (err as Error).message }, page: page.pageNumber }, 'handwriting: the model failed');
    return HANDWRITING_NOTES.modelFailed;
  }
  if (!text) return HANDWRITING_NOTES.empty;
  return { text };
}

/** The page as the reader sees it (the stored upright page image, else the uploaded picture), at most MAX_IMAGE_SIDE px. */
async function pageImage(page: ParsedPage, input: HandwritingInput, storage: Pick<Storage, 'get'>): Promise<PageImage> {
  const source = page.imageKey
    ? await buffer(await storage.get(page.imageKey))
    : input.kind === 'jpeg' || input.kind === 'png'
      ? input.file
      : null;
  if (!source) throw new Error('the page has no image');
  const out = await sharp(source, { limitInputPixels: 200_000_000 })
    .rotate()
    .flatten({ background: '#ffffff' })
    .resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 85 })
    .toBuffer({ resolveWithObject: true });
  return { jpeg: out.data, width: out.info.width, height: out.info.height };
}
