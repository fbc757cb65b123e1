import { buffer } from 'node:stream/consumers';
import {
  SEARCHABLE_PDF_NO_WORDS_MESSAGE,
  SEARCHABLE_PDF_NOT_READY_MESSAGE,
  searchablePdfFileName,
} from '@gnology/contracts';
import { conflict, notFound } from '@gnology/platform/http/errors';
import { OBJECT_ID } from '@gnology/platform/ids';
import { ObjectNotFoundError } from '@gnology/platform/storage/types';
import sharp from 'sharp';
import type { DocumentsDeps } from '../../context';
import { type ScanPage, writeSearchablePdf } from '../domain/searchable-pdf/write-pdf';
import { getOwnedDocument, type ListedDocument } from '../store/documents-store';
import { type SearchablePageRow, searchablePages } from '../store/searchable-pages-query';
import { loadTextLayerFont } from '../../fonts/product-fonts';

/** The searchable copy of a document: its bytes and the file name to save it under. */
export interface SearchablePdf {
  bytes: Buffer;
  fileName: string;
}

export interface SearchablePdfLimits {
  /** Builds one process runs at once (each holds its pages' images in memory); the rest wait their turn. */
  concurrent: number;
  /** Page images one build may hold; a document above it is refused (409). */
  maxImageBytes: number;
}

const DEFAULT_LIMITS: SearchablePdfLimits = { concurrent: 2, maxImageBytes: 256 * 1024 * 1024 };

/**
 * GET /api/documents/:id/searchable-pdf (issue 31, point 6; decision 0220): the user's scanned
 * document as a PDF of its page images with their OCR'd words as an invisible text layer, built on
 * request from what is stored (the page images and the words' boxes) and never kept: a "Read
 * again" changes the words, and the next download follows. Another user's document, or an id
 * that cannot be one, is 404; a document with no OCR'd words (text files, PDFs with a text layer,
 * scans not read yet) is 409 with a message saying why.
 */
export function searchablePdfMaker(
  deps: Pick<DocumentsDeps, 'database' | 'storage' | 'config'>,
  limits: SearchablePdfLimits = DEFAULT_LIMITS,
): (ownerId: string, id: string) => Promise<SearchablePdf> {
  const turn = turns(limits.concurrent);
  return async (ownerId, id) => {
    if (!OBJECT_ID.test(id)) throw notFound('Document not found');
    const doc = await getOwnedDocument(deps.database.db, id, ownerId);
    if (!doc) throw notFound('Document not found');
    const pages = await searchablePages(deps.database.db, id);
    if (!pages.some((p) => p.words.length > 0)) {
      const reading = doc.processing_status === 'pending' || doc.processing_status === 'processing';
      throw conflict(reading ? SEARCHABLE_PDF_NOT_READY_MESSAGE : SEARCHABLE_PDF_NO_WORDS_MESSAGE);
    }
    const release = await turn();
    try {
      const scans: ScanPage[] = [];
      let held = 0;
      for (const page of pages) {
        const image = await pageImage(deps, doc, page);
        if (!image) continue;
        held += image.bytes.length;
        if (held > limits.maxImageBytes)
          throw conflict('This document has too many large pages to make one searchable PDF of.');
        scans.push({
          image: image.bytes,
          width: image.width,
          height: image.height,
          // Stored as fractions of the page image: in its pixels here.
          words: page.words.map((w) => ({
            text: w.text,
            left: w.x * image.width,
            top: w.y * image.height,
            width: w.w * image.width,
            height: w.h * image.height,
          })),
        });
      }
      const bytes = await writeSearchablePdf(scans, { font: await loadTextLayerFont(), title: doc.original_name });
      return { bytes: Buffer.from(bytes), fileName: searchablePdfFileName(doc.original_name) };
    } finally {
      release();
    }
  };
}

/**
 * A page's image as its words' boxes see it. A rendered page (every PDF page; a picture OCR
 * turned or straightened) has a stored JPEG. A picture read as it was has none: the original is
 * the page, upright by its EXIF orientation as OCR read it, written out as a JPEG (a PNG embedded
 * as it is would be decoded and recompressed by pdf-lib, far slower). Pages without an image (not
 * a scan) are left out.
 */
async function pageImage(
  deps: Pick<DocumentsDeps, 'storage' | 'config'>,
  doc: ListedDocument,
  page: SearchablePageRow,
): Promise<{ bytes: Buffer; width: number; height: number } | null> {
  if (page.imageKey) {
    const bytes = await read(deps, page.imageKey);
    const meta = await sharp(bytes).metadata();
    if (meta.format !== 'jpeg' || !meta.width || !meta.height) return null;
    return { bytes, width: meta.width, height: meta.height };
  }
  if (page.pageNumber !== 1 || (doc.kind !== 'jpeg' && doc.kind !== 'png')) return null;
  const original = await read(deps, doc.storage_key);
  const { data, info } = await sharp(original, { limitInputPixels: deps.config.MAX_IMAGE_PIXELS })
    .rotate()
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 90 })
    .toBuffer({ resolveWithObject: true });
  return { bytes: data, width: info.width, height: info.height };
}

async function read(deps: Pick<DocumentsDeps, 'storage'>, key: string): Promise<Buffer> {
  try {
    return await buffer(await deps.storage.get(key));
  } catch (e) {
    if (e instanceof ObjectNotFoundError) throw notFound('File not found');
    throw e;
  }
}

/** At most `n` holders at once; the others wait in order. Returns a function that waits for a turn and gives its release. */
export function turns(n: number): () => Promise<() => void> {
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };
  return () =>
    new Promise((resolve) => {
      if (running < n) {
        running++;
        resolve(release);
      } else waiting.push(() => resolve(release));
    });
}
