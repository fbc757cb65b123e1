import {
  ErrorBody,
  GEDCOM_TOO_LARGE_MESSAGE,
  GEDCOM_UPLOAD_LIMIT_BYTES,
  ImportAccepted,
  ImportIdParams,
  ImportListResponse,
  ImportRecord,
} from '@gnology/contracts';
import { requireUser } from '@gnology/platform/auth/require-user';
import { badRequest, HttpError, notFound } from '@gnology/platform/http/errors';
import { lingerAfterAnswer } from '@gnology/platform/http/linger';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DocumentsDeps } from '../../context';
import { safeDisplayName } from '../../library/domain/file-types';
import { acceptTreeFile, listTreeImports, readImport, undoImport } from '../use-cases/import-gedcom';
import { takeWorkSlot } from '../../library/use-cases/take-work-slot';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MULTIPART_SLACK = 64 * 1024;
const UndoResponse = z.object({ message: z.string(), importId: z.string() });

/** A refused upload's body is read and dropped so the client sees the answer (as upload.ts does). */
function drain(req: FastifyRequest, reply: FastifyReply): void {
  if (req.raw.complete) return;
  req.raw.unpipe();
  req.raw.resume();
  lingerAfterAnswer(req.raw, reply.raw);
}

/**
 * GEDCOM import (issue 32, decisions 0222–0224): upload a tree file, follow its job, undo it.
 * Owner-scoped: another user's import id, or a malformed one, is 404 like an unknown one.
 */
export const peopleImportRoutes: FastifyPluginAsync<{ deps: DocumentsDeps }> = async (plain, { deps }) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const auth = requireUser(deps.verifier);
  const checkedId = (id: string) => {
    if (!UUID.test(id)) throw notFound('Import not found');
    return id.toLowerCase();
  };

  app.post(
    '/api/people/import',
    {
      preHandler: auth,
      schema: {
        tags: ['people'],
        summary: 'Import a family tree from a GEDCOM file (runs as a job)',
        description:
          'multipart/form-data with one field, `file`: a GEDCOM 5.5.1, 5.5.5 or 7.0 file (UTF-8 with or without BOM, UTF-16, ANSEL or ASCII) or a GEDZIP (.gdz), up to 50 MB, judged by its content. Answers 202 and the import id; follow it with GET /api/people/imports/{importId}. 400 for a file that is not GEDCOM (with what it is), 413 over the limit, 429 past the hourly upload limit (imports count as uploads).',
        response: { 202: ImportAccepted, 400: ErrorBody, 413: ErrorBody, 429: ErrorBody },
      },
    },
    async (req, reply) => {
      if (Number(req.headers['content-length'] ?? 0) > GEDCOM_UPLOAD_LIMIT_BYTES + MULTIPART_SLACK) {
        reply.header('connection', 'close');
        throw new HttpError(413, GEDCOM_TOO_LARGE_MESSAGE);
      }
      await takeWorkSlot(deps, 'upload', req.user!.id, reply).catch((err) => {
        drain(req, reply);
        throw err;
      });
      if (!req.isMultipart()) throw badRequest('Please choose a GEDCOM file to import');
      const part = await req.file({ limits: { fileSize: GEDCOM_UPLOAD_LIMIT_BYTES, files: 1, fields: 5, parts: 10 } });
      if (!part) throw badRequest('Please choose a GEDCOM file to import');
      if (part.fieldname !== 'file') {
        part.file.destroy();
        drain(req, reply);
        throw badRequest('Send the file in the form field "file".');
      }
      const bytes = await part.toBuffer().catch((err: { code?: string }) => {
        drain(req, reply);
        if (err.code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, GEDCOM_TOO_LARGE_MESSAGE);
        throw err;
      });
      const importId = await acceptTreeFile(deps, {
        ownerId: req.user!.id,
        // Shown on the page: no path, no control or bidirectional characters (issue 29, point 9).
        fileName: part.filename ? safeDisplayName(part.filename) : 'tree.ged',
        bytes,
        requestId: req.id,
      });
      return reply.status(202).send({ importId });
    },
  );

  app.get(
    '/api/people/imports',
    {
      preHandler: auth,
      schema: {
        tags: ['people'],
        summary: 'Your GEDCOM imports, newest first',
        response: { 200: ImportListResponse },
      },
    },
    async (req): Promise<ImportListResponse> => ({
      imports: await listTreeImports(deps, req.user!.id),
    }),
  );

  app.get(
    '/api/people/imports/:importId',
    {
      preHandler: auth,
      schema: {
        tags: ['people'],
        summary:
          "A GEDCOM import's status: queued, running, completed (with counts and warnings) or failed (with the error)",
        params: ImportIdParams,
        response: { 200: ImportRecord, 404: ErrorBody },
      },
    },
    async (req): Promise<ImportRecord> => readImport(deps, req.user!.id, checkedId(req.params.importId)),
  );

  app.delete(
    '/api/people/imports/:importId',
    {
      preHandler: auth,
      schema: {
        tags: ['people'],
        summary: 'Undo a GEDCOM import as a whole: every person, family and source it brought is removed',
        params: ImportIdParams,
        response: { 200: UndoResponse, 404: ErrorBody },
      },
    },
    async (req) => {
      const importId = checkedId(req.params.importId);
      await undoImport(deps, req.user!.id, importId);
      return { message: 'Import undone', importId };
    },
  );
};
