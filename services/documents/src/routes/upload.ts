import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { DOCUMENT_TOO_LARGE_MESSAGE, DOCUMENT_UPLOAD_LIMIT_BYTES, type OcrLanguage, parseLanguagesField } from '@gnology/contracts';
import { requireUser } from '@gnology/platform/auth/require-user';
import { badRequest, HttpError } from '@gnology/platform/http/errors';
import { lingerAfterAnswer } from '@gnology/platform/http/linger';
import { newObjectId } from '@gnology/platform/ids';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import type { DocumentsDeps } from '../context';
import { decideKind, pdfHeaderOffset, safeDisplayName } from '../domain/file-types';
import { detectTextEncoding } from '../domain/text-decoding';
import { viewTokenSecret } from '../domain/view-token';
import { enqueueProcessing } from '../jobs/enqueue';
import { insertUploadedDocument, listPages, getOwnedDocument } from '../store/documents-store';
import { originalKey } from '../store/object-keys';
import { getOcrLanguages } from '../store/ocr-settings-store';
import { presentDocument } from './present';

// Enough for file-type to see any signature we accept, and for the text check.
const HEAD_BYTES = 64 * 1024;
// Multipart boundaries and headers around the file: a declared length beyond limit + this is refused unread.
const MULTIPART_SLACK = 64 * 1024;

class TooLarge extends Error {}

/**
 * Refusing an upload while its body still arrives (a disguised file seen in its first bytes, a
 * file past the limit): closing the connection at once resets it while the client still sends,
 * and a client writing its body (the gateway's proxy) then fails on the reset without reading the
 * answer (issue 14: the user saw 503 "service unavailable"). Instead the rest of the body is read
 * and dropped, the connection kept; a client still sending `LINGER_MS` after the answer is cut off.
 */
function lingerAfterRefusal(req: FastifyRequest, reply: FastifyReply): void {
  const raw = req.raw;
  if (raw.complete) return;
  // Unpiped from the multipart parser first: a stream left without pipes pauses.
  raw.unpipe();
  raw.resume();
  lingerAfterAnswer(raw, reply.raw);
}

/**
 * POST /api/documents/upload — the file (field `document`) is streamed to object storage under a
 * new id; only its first 64 KB are held, to decide its type by content. Over 200 MB the stream is
 * cut, the partial object deleted and 413 answered; nothing is recorded. An optional `languages`
 * field (`deu,eng`) chooses the languages scanned pages are read in; without it, the account's.
 */
export const uploadRoutes: FastifyPluginAsync<{ deps: DocumentsDeps }> = async (app, { deps }) => {
  const limit = DOCUMENT_UPLOAD_LIMIT_BYTES;
  const secret = viewTokenSecret(deps.config);

  const schema = {
    tags: ['documents'],
    summary: 'Upload a document',
    description:
      'multipart/form-data. `languages` (optional, before the file): the OCR languages of the document as comma-separated codes, for example `deu,eng` (one to three of eng, deu, frk, fra, spa, ita, nld, por, pol, swe, nor, dan, lat); without it, your account\'s (GET /api/documents/settings/ocr). `document`: the file, PDF, JPG, PNG, DOC, DOCX or TXT, up to 200 MB. Answers 201 and the document, pending; 400 for a refused file or languages, 413 over the limit.',
  };

  app.post('/api/documents/upload', { preHandler: requireUser(deps.verifier), schema }, async (req, reply) => {
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > limit + MULTIPART_SLACK) {
      reply.header('connection', 'close');
      throw new HttpError(413, DOCUMENT_TOO_LARGE_MESSAGE);
    }
    if (!req.isMultipart()) throw badRequest('Please select a file to upload');
    const part = await req.file({ limits: { fileSize: limit + 1, files: 1, fields: 10, parts: 20, fieldNameSize: 100 } });
    if (!part) throw badRequest('Please select a file to upload');
    if (part.fieldname !== 'document') {
      part.file.destroy();
      lingerAfterRefusal(req, reply);
      throw badRequest('Send the file in the form field "document".');
    }
    const file = part.file;
    // The document's OCR languages (issue 14): the `languages` field sent before the file (as the
    // web app sends it), checked before any byte is stored; else one sent after it, read below.
    let languages = languagesField(part.fields);
    if (typeof languages === 'string') {
      file.destroy();
      lingerAfterRefusal(req, reply);
      throw badRequest(languages);
    }
    const { head, ended } = await readHead(file, HEAD_BYTES);
    if (head.length === 0) throw badRequest('The file is empty. Please choose another file.');
    const sniffed = await fileTypeFromBuffer(head);
    const decision = decideKind(part.filename, sniffed, detectTextEncoding(head) !== undefined, pdfHeaderOffset(head));
    if (!decision.ok) {
      file.destroy();
      lingerAfterRefusal(req, reply);
      throw badRequest(decision.error);
    }

    const id = newObjectId();
    const userId = req.user!.id;
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
      await deps.storage.delete(key).catch((e) => req.log.warn({ err: e, key }, 'could not delete a partial upload'));
      if (err instanceof TooLarge || (err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        lingerAfterRefusal(req, reply);
        throw new HttpError(413, DOCUMENT_TOO_LARGE_MESSAGE);
      }
      throw err;
    }

    if (!languages) {
      languages = await languagesAfterFile(req, part.fields);
      if (typeof languages === 'string') {
        await deps.storage.delete(key).catch((e) => req.log.warn({ err: e, key }, 'could not delete a refused upload'));
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
          original_name: (part.filename || 'document').slice(0, 500),
          filename: safeDisplayName(part.filename || ''),
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
        req.id,
      );
    } catch (err) {
      await deps.storage.delete(key).catch(() => {});
      throw err;
    }
    // After the commit: a lost enqueue is recovered by the worker's sweep of pending documents.
    await enqueueProcessing(deps, { id, kind: decision.kind, size }, req.id).catch((err) => req.log.error({ err, documentId: id }, 'could not enqueue document processing'));

    const row = (await getOwnedDocument(deps.database.db, id, userId))!;
    const record = presentDocument(row, await listPages(deps.database.db, id), { secret, ttlSeconds: deps.config.VIEW_TOKEN_TTL_SECONDS });
    return reply.status(201).send(record);
  });
};

type Fields = Record<string, unknown>;
// How long the rest of a body (a field after the file) may take to arrive once the file has.
const FIELDS_AFTER_FILE_MS = 5_000;

/** The `languages` form field: its codes, a message when it is refused, undefined when absent or empty (the account's choice). */
function languagesField(fields: Fields): OcrLanguage[] | string | undefined {
  const field = fields.languages as { type?: string; value?: unknown } | unknown[] | undefined;
  if (Array.isArray(field)) return 'Send the field "languages" once, for example "deu,eng".';
  const value = field?.type === 'field' && typeof field.value === 'string' ? field.value : '';
  if (!value.trim()) return undefined;
  const parsed = parseLanguagesField(value);
  return 'error' in parsed ? parsed.error : parsed.languages;
}

/** A `languages` field sent after the file: read once the rest of the body has been parsed. */
async function languagesAfterFile(req: FastifyRequest, fields: Fields): Promise<OcrLanguage[] | string | undefined> {
  const raw = req.raw;
  if (!raw.complete && !raw.destroyed) {
    const ac = new AbortController();
    const timer = setTimeout(() => ac.abort(), FIELDS_AFTER_FILE_MS);
    await Promise.race([once(raw, 'end', { signal: ac.signal }), once(raw, 'close', { signal: ac.signal })])
      .catch(() => {})
      .finally(() => {
        clearTimeout(timer);
        ac.abort();
      });
  }
  // The multipart parser emits the fields of the last chunk in the turn after it.
  await new Promise((r) => setImmediate(r));
  return languagesField(fields);
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
