import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { DOCUMENT_TOO_LARGE_MESSAGE, DOCUMENT_UPLOAD_LIMIT_BYTES, type OcrLanguage } from '@gnology/contracts';
import { badRequest, HttpError } from '@gnology/platform/http/errors';
import { newObjectId } from '@gnology/platform/ids';
import type { FastifyBaseLogger } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import type { DocumentsDeps } from '../../context';
import { decideKind, pdfHeaderOffset, safeDisplayName, storedOriginalName } from '../domain/file-types';
import { detectTextEncoding } from '../domain/text-decoding';
import { enqueueProcessing } from '../jobs/enqueue';
import { getOwnedDocument, type ListedDocument, listPages } from '../store/documents-store';
import { originalKey } from '../domain/object-keys';
import { insertUploadedDocument } from './record-upload';
import { getOcrLanguages } from '../store/ocr-settings-store';

// Enough for file-type to see any signature we accept, and for the text check.
const HEAD_BYTES = 64 * 1024;

class TooLarge extends Error {}

export interface UploadInput {
  userId: string;
  requestId: string;
  /** The file part's name as the client sent it, and its body, still arriving. */
  filename: string;
  file: Readable;
  /** Languages sent before the file; undefined lets `languagesAfterFile` or the account decide. */
  languages: OcrLanguage[] | undefined;
  /** A `languages` field sent after the file: its codes, a message when refused, undefined when absent. */
  languagesAfterFile: () => Promise<OcrLanguage[] | string | undefined>;
  /** Called just before a refusal while the body still arrives, so the caller can drain it (see routes/upload.ts). */
  refuseWhileReceiving: () => void;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

/**
 * An upload, from its first bytes to a pending document: only the first 64 KB are held, to decide
 * the type by content; the file streams to object storage under a new id and is cut one byte past
 * the limit (the partial object deleted, 413, nothing recorded); then the record, its task and
 * `document.uploaded` are written in one transaction and processing is enqueued.
 */
export async function uploadDocument(
  deps: DocumentsDeps,
  input: UploadInput,
): Promise<{ row: ListedDocument; pages: Awaited<ReturnType<typeof listPages>> }> {
  const limit = DOCUMENT_UPLOAD_LIMIT_BYTES;
  const { file, userId } = input;
  const { head, ended } = await readHead(file, HEAD_BYTES);
  if (head.length === 0) throw badRequest('The file is empty. Please choose another file.');
  const sniffed = await fileTypeFromBuffer(head);
  const decision = decideKind(input.filename, sniffed, detectTextEncoding(head) !== undefined, pdfHeaderOffset(head));
  if (!decision.ok) {
    file.destroy();
    input.refuseWhileReceiving();
    throw badRequest(decision.error);
  }

  const id = newObjectId();
  const key = originalKey(userId, id);
  // Counts bytes on the way to storage and cuts the stream one byte past the limit.
  let size = 0;
  const counter = new PassThrough({
    transform(chunk: Buffer, _enc, cb) {
      size += chunk.length;
      if (size > limit) return cb(new TooLarge());
      cb(null, chunk);
    },
  });
  file.on('limit', () => counter.destroy(new TooLarge()));
  file.on('error', (err) => counter.destroy(err));
  if (ended) {
    // A small file arrived whole while sniffing: store it as it is.
    size = head.length;
  } else {
    // readHead gave the sample back to the stream: the whole file flows from its first byte.
    file.pipe(counter);
  }
  try {
    await deps.storage.put(key, ended ? head : counter, { contentType: decision.mimetype, ...(ended ? { size } : {}) });
    if (size > limit || (file as { truncated?: boolean }).truncated) throw new TooLarge();
  } catch (err) {
    file.unpipe(counter);
    file.resume();
    await deps.storage.delete(key).catch((e) => input.log.warn({ err: e, key }, 'could not delete a partial upload'));
    if (err instanceof TooLarge || (err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      input.refuseWhileReceiving();
      throw new HttpError(413, DOCUMENT_TOO_LARGE_MESSAGE);
    }
    throw err;
  }

  let languages: OcrLanguage[] | string | undefined = input.languages;
  if (!languages) {
    languages = await input.languagesAfterFile();
    if (typeof languages === 'string') {
      await deps.storage.delete(key).catch((e) => input.log.warn({ err: e, key }, 'could not delete a refused upload'));
      throw badRequest(languages);
    }
  }

  const uploadedAt = new Date();
  try {
    await insertUploadedDocument(
      deps.database.db,
      {
        id,
        owner_id: userId,
        original_name: storedOriginalName(input.filename),
        filename: safeDisplayName(input.filename || ''),
        mimetype: decision.mimetype,
        kind: decision.kind,
        document_type: decision.kind === 'jpeg' || decision.kind === 'png' ? 'photo' : 'other',
        size,
        storage_key: key,
        uploaded_at: uploadedAt,
        page_count: null,
        processed_at: null,
        thumbnail_key: null,
        extraction_method: null,
        ocr_languages: JSON.stringify(languages ?? (await getOcrLanguages(deps.database.db, userId))),
      },
      input.requestId,
    );
  } catch (err) {
    await deps.storage.delete(key).catch(() => {});
    throw err;
  }
  // After the commit: a lost enqueue is recovered by the worker's sweep of pending documents.
  await enqueueProcessing(deps, { id, kind: decision.kind, size }, input.requestId).catch((err) =>
    input.log.error({ err, documentId: id }, 'could not enqueue document processing'),
  );

  const row = (await getOwnedDocument(deps.database.db, id, userId))!;
  return { row, pages: await listPages(deps.database.db, id) };
}

/**
 * Reads at least `n` bytes (fewer only when the stream ends first) and, unless it ended, puts
 * them back at the front of the stream at once: in the same tick as the last read, before the
 * stream could emit 'end' (unshifting after 'end' would lose the file).
 */
async function readHead(stream: Readable, n: number): Promise<{ head: Buffer; ended: boolean }> {
  const chunks: Buffer[] = [];
  let length = 0;
  while (length < n) {
    const chunk = stream.read() as Buffer | null;
    if (chunk !== null) {
      chunks.push(chunk);
      length += chunk.length;
      continue;
    }
    if (stream.readableEnded) return { head: Buffer.concat(chunks), ended: true };
    if (stream.destroyed) throw badRequest('The upload was interrupted. Please try again.');
    const ac = new AbortController();
    const ended = await Promise.race([
      once(stream, 'readable', { signal: ac.signal }).then(() => false),
      once(stream, 'end', { signal: ac.signal }).then(() => true),
      once(stream, 'close', { signal: ac.signal }).then(() => true),
    ]).finally(() => ac.abort());
    if (ended) return { head: Buffer.concat(chunks), ended: true };
  }
  const head = Buffer.concat(chunks);
  stream.unshift(head);
  return { head, ended: false };
}
