import { once } from 'node:events';
import {
  DOCUMENT_TOO_LARGE_MESSAGE,
  DOCUMENT_UPLOAD_LIMIT_BYTES,
  type OcrLanguage,
  parseLanguagesField,
} from '@gnology/contracts';
import { requireUser } from '@gnology/platform/auth/require-user';
import { badRequest, HttpError } from '@gnology/platform/http/errors';
import { lingerAfterAnswer } from '@gnology/platform/http/linger';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { DocumentsDeps } from '../../context';
import { viewTokenSecret } from '../domain/view-token';
import { uploadDocument } from '../use-cases/upload-document';
import { presentDocument } from '../use-cases/present-document';
import { takeWorkSlot } from '../use-cases/take-work-slot';

// Multipart boundaries and headers around the file: a declared length beyond limit + this is refused unread.
const MULTIPART_SLACK = 64 * 1024;

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
 * POST /api/documents/upload — the request's checks (declared length, multipart, field names,
 * a `languages` field sent before the file) happen here; the file itself streams through
 * use-cases/upload-document.ts. An optional `languages` field (`deu,eng`) chooses the languages
 * scanned pages are read in; without it, the account's.
 */
export const uploadRoutes: FastifyPluginAsync<{ deps: DocumentsDeps }> = async (app, { deps }) => {
  const limit = DOCUMENT_UPLOAD_LIMIT_BYTES;
  const secret = viewTokenSecret(deps.config);

  const schema = {
    tags: ['documents'],
    summary: 'Upload a document',
    description:
      "multipart/form-data. `languages` (optional, before the file): the OCR languages of the document as comma-separated codes, for example `deu,eng` (one to three of eng, deu, frk, fra, spa, ita, nld, por, pol, swe, nor, dan, lat); without it, your account's (GET /api/documents/settings/ocr). `document`: the file, PDF, JPG, PNG, DOC, DOCX or TXT, up to 200 MB. Answers 201 and the document, pending; 400 for a refused file or languages, 413 over the limit, 429 past the hourly upload limit.",
  };

  app.post('/api/documents/upload', { preHandler: requireUser(deps.verifier), schema }, async (req, reply) => {
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > limit + MULTIPART_SLACK) {
      reply.header('connection', 'close');
      throw new HttpError(413, DOCUMENT_TOO_LARGE_MESSAGE);
    }
    // Per-user hourly limit (issue 29, point 5): refused before a byte of the file is read.
    await takeWorkSlot(deps, 'upload', req.user!.id, reply).catch((err) => {
      lingerAfterRefusal(req, reply);
      throw err;
    });
    if (!req.isMultipart()) throw badRequest('Please select a file to upload');
    const part = await req.file({
      limits: { fileSize: limit + 1, files: 1, fields: 10, parts: 20, fieldNameSize: 100 },
    });
    if (!part) throw badRequest('Please select a file to upload');
    if (part.fieldname !== 'document') {
      part.file.destroy();
      lingerAfterRefusal(req, reply);
      throw badRequest('Send the file in the form field "document".');
    }
    const file = part.file;
    // The document's OCR languages (issue 14): the `languages` field sent before the file (as the
    // web app sends it), checked before any byte is stored; else one sent after it, read below.
    const languages = languagesField(part.fields);
    if (typeof languages === 'string') {
      file.destroy();
      lingerAfterRefusal(req, reply);
      throw badRequest(languages);
    }
    const { row, pages } = await uploadDocument(deps, {
      userId: req.user!.id,
      requestId: req.id,
      filename: part.filename,
      file,
      languages,
      languagesAfterFile: () => languagesAfterFile(req, part.fields),
      refuseWhileReceiving: () => lingerAfterRefusal(req, reply),
      log: req.log,
    });
    const record = presentDocument(row, pages, { secret, ttlSeconds: deps.config.VIEW_TOKEN_TTL_SECONDS });
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
