import {
  ALBUM_FAILURE_MESSAGE,
  ALBUM_STYLES,
  AlbumList,
  AlbumRecord,
  AlbumRequest,
  albumFileName,
} from '@gnology/contracts';
import { requireUser } from '@gnology/platform/auth/require-user';
import { HttpError } from '@gnology/platform/http/errors';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import type { AlbumDeps } from '../context';
import { toAlbumRecord } from '../use-cases/present-album';
import { deleteAlbum } from '../use-cases/delete-album';
import { generateAlbum } from '../use-cases/generate-album';
import { getAlbum, listAlbums, openAlbumPdf } from '../use-cases/read-albums';
import { waitForAlbum } from '../use-cases/wait-for-album';

const ErrorBody = z.object({ error: z.string() });
const IdParams = z.object({ id: z.string() });
const UNKNOWN_STYLE_MESSAGE = `Unknown album style. Choose one of: ${ALBUM_STYLES.join(', ')}.`;
const STILL_RENDERING_MESSAGE =
  'The album is taking longer than expected. It will appear in your albums when it is ready.';

/**
 * The album API (contracts/albums.ts). `POST /api/albums/generate` records the album and enqueues
 * its render; with `Prefer: respond-async` it answers 202 and the album record at once, otherwise
 * it waits for the render and answers the PDF, as the spec's client expects.
 */
export const albumRoutes: FastifyPluginAsync<{ deps: AlbumDeps }> = async (plain, { deps }) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const auth = requireUser(deps.verifier);

  // The request's own words for the album's two rules people meet (the spec's message for an empty
  // album); every other validation error keeps the service's usual "field: message" form.
  app.setErrorHandler((err, _req, reply) => {
    // The hourly album limit (decision 0213) says when to come back in the header too.
    if (err instanceof HttpError && err.statusCode === 429 && typeof err.extra?.retryAfterSeconds === 'number')
      return reply.status(429).header('retry-after', String(err.extra.retryAfterSeconds)).send({ error: err.message });
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const field = first?.instancePath?.replace(/^\//, '') ?? '';
      if (field === 'photos' && first?.message) return reply.status(400).send({ error: first.message });
      if (field === 'style') return reply.status(400).send({ error: UNKNOWN_STYLE_MESSAGE });
    }
    throw err;
  });

  app.post(
    '/api/albums/generate',
    {
      preHandler: auth,
      schema: {
        tags: ['albums'],
        summary: 'Generate a photo album PDF',
        description:
          'Answers the PDF (attachment named after the title) once rendered. With `Prefer: respond-async` answers 202 and the album record at once; follow GET /api/albums/{id}. A photo named twice, or photos adding up to more pixels than an album prints, answer 400; past the hourly album limit, 429 with retry-after.',
        body: AlbumRequest,
        headers: z.object({ prefer: z.string().optional() }).passthrough(),
        response: { 202: AlbumRecord, 400: ErrorBody, 404: ErrorBody, 429: ErrorBody, 500: ErrorBody, 504: ErrorBody },
      },
    },
    async (req, reply) => {
      const userId = req.user!.id;
      const row = await generateAlbum(deps, userId, req.body, req.id);
      if (/\brespond-async\b/i.test(req.headers.prefer ?? '')) {
        return reply
          .status(202)
          .header('preference-applied', 'respond-async')
          .header('location', `/api/albums/${row.id}`)
          .send(toAlbumRecord(row));
      }
      // The client waits: stop polling if it goes away (the job carries on and the album is kept).
      const gone = new AbortController();
      req.raw.once('close', () => gone.abort());
      reply.raw.once('close', () => gone.abort());
      const done = await waitForAlbum(deps, row.id, {
        timeoutMs: deps.config.ALBUM_WAIT_TIMEOUT_MS,
        signal: gone.signal,
      });
      if (done?.status === 'completed') {
        const pdf = await openAlbumPdf(deps, userId, row.id);
        return sendPdf(reply, pdf);
      }
      if (done?.status === 'failed' || !done) return reply.status(500).send({ error: ALBUM_FAILURE_MESSAGE });
      return reply.status(504).send({ error: STILL_RENDERING_MESSAGE });
    },
  );

  app.get(
    '/api/albums',
    {
      preHandler: auth,
      schema: { tags: ['albums'], summary: "The user's albums, newest first", response: { 200: AlbumList } },
    },
    async (req) => ({ albums: (await listAlbums(deps, req.user!.id)).map(toAlbumRecord) }),
  );

  app.get(
    '/api/albums/:id',
    {
      preHandler: auth,
      schema: {
        tags: ['albums'],
        summary: 'An album: status, progress and result',
        params: IdParams,
        response: { 200: AlbumRecord, 404: ErrorBody },
      },
    },
    async (req) => toAlbumRecord(await getAlbum(deps, req.user!.id, req.params.id)),
  );

  app.get(
    '/api/albums/:id/pdf',
    {
      preHandler: auth,
      schema: { tags: ['albums'], summary: "Download an album's PDF", params: IdParams, response: { 404: ErrorBody } },
    },
    async (req, reply) => sendPdf(reply, await openAlbumPdf(deps, req.user!.id, req.params.id)),
  );

  app.delete(
    '/api/albums/:id',
    {
      preHandler: auth,
      schema: {
        tags: ['albums'],
        summary: 'Delete an album and its PDF',
        params: IdParams,
        response: { 200: z.object({ message: z.string() }), 404: ErrorBody },
      },
    },
    async (req) => {
      await deleteAlbum(deps, req.user!.id, req.params.id);
      return { message: 'Album deleted' };
    },
  );
};

function sendPdf(reply: FastifyReply, pdf: { album: { title: string }; size: number; body: Readable }) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-length', pdf.size)
    .header('content-disposition', `attachment; filename="${albumFileName(pdf.album.title)}"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(pdf.body);
}
