import { DocumentRecord, ErrorBody, OcrSettings, ocrLanguagesProblem, ReprocessDocumentBody } from '@gnology/contracts';
import { requireUser } from '@gnology/platform/auth/require-user';
import type { FastifyPluginAsync } from 'fastify';
import { hasZodFastifySchemaValidationErrors, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DocumentsDeps } from '../../context';
import { viewTokenSecret } from '../domain/view-token';
import { chooseOcrLanguages, readOcrSettings } from '../use-cases/choose-ocr-languages';
import { reprocessDocument } from '../use-cases/reprocess-document';
import { takeWorkSlot } from '../use-cases/take-work-slot';

export { STILL_PROCESSING_MESSAGE } from '../use-cases/reprocess-document';
const IdParams = z.object({ id: z.string() });

/**
 * OCR languages (issue 14): the account's choice (GET/PUT /api/documents/settings/ocr) and "Read
 * again" (POST /api/documents/:id/reprocess), which puts a finished document back in the queue in
 * the languages given (else those it was read in). Another user's document, or a malformed id, is 404.
 */
export const ocrRoutes: FastifyPluginAsync<{ deps: DocumentsDeps }> = async (plain, { deps }) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const auth = requireUser(deps.verifier);
  const present = { secret: viewTokenSecret(deps.config), ttlSeconds: deps.config.VIEW_TOKEN_TTL_SECONDS };

  // A refused choice of languages is said in words a person can act on ("de" is not a language
  // GNology reads. Choose from: ...) instead of the schema's "languages.0: Invalid option".
  app.setErrorHandler((err, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(err) && err.validationContext === 'body') {
      const languages = (req.body as { languages?: unknown } | undefined)?.languages;
      const problem =
        req.body && typeof req.body === 'object'
          ? ocrLanguagesProblem(languages)
          : 'Send a JSON body such as {"languages": ["deu", "eng"]}.';
      if (problem) return reply.status(400).send({ error: problem });
    }
    throw err;
  });

  app.get(
    '/api/documents/settings/ocr',
    {
      preHandler: auth,
      schema: {
        tags: ['documents'],
        summary: 'The languages your scanned documents are read in (English until you choose)',
        response: { 200: OcrSettings },
      },
    },
    async (req) => readOcrSettings(deps, req.user!.id),
  );

  app.put(
    '/api/documents/settings/ocr',
    {
      preHandler: auth,
      schema: {
        tags: ['documents'],
        summary: 'Choose the languages your scanned documents are read in (one to three)',
        description:
          'Applies to uploads from now on; an upload may choose its own with the `languages` form field. Documents already read keep theirs (use reprocess).',
        body: OcrSettings,
        response: { 200: OcrSettings, 400: ErrorBody },
      },
    },
    async (req) => chooseOcrLanguages(deps, req.user!.id, req.body.languages),
  );

  app.post(
    '/api/documents/:id/reprocess',
    {
      preHandler: auth,
      schema: {
        tags: ['documents'],
        summary: 'Read a document again (OCR), optionally in other languages',
        description:
          'Answers 202 and the document, pending again: follow GET /api/documents/{id} until it is completed or failed. Its pages are replaced by the new reading. 409 while it is still being processed; 429 past the hourly Read again limit.',
        params: IdParams,
        // No body at all (null to the validator) reads again in the languages the document has.
        body: ReprocessDocumentBody.nullish(),
        response: { 202: DocumentRecord, 400: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody },
      },
    },
    async (req, reply) => {
      // Per-user hourly limit (issue 29, point 5): each run is a full OCR pass.
      await takeWorkSlot(deps, 'reprocess', req.user!.id, reply);
      const record = await reprocessDocument(deps, {
        id: req.params.id,
        userId: req.user!.id,
        languages: req.body?.languages,
        requestId: req.id,
        present,
        log: req.log,
      });
      return reply.status(202).send(record);
    },
  );
};
