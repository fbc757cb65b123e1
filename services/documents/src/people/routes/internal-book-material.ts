import { notFound } from '@gnology/platform/http/errors';
import { requireInternal } from '@gnology/platform/http/internal';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DocumentsDeps } from '../../context';
import { BOOK_MAX_GENERATIONS, readBookMaterial } from '../use-cases/read-book-material';
import { readBookPhoto } from '../use-cases/read-book-material-photo';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const BookMaterialRequest = z.object({
  userId: z.string().min(1).max(100),
  /** Any string: an id that is not a person of this user's (malformed included) is 404. */
  rootIndividualId: z.string().max(100).optional(),
  generations: z.number().int().min(1).max(BOOK_MAX_GENERATIONS).default(4),
});

/**
 * The book's material (issue 33, decision 0234), for the research service's compile job:
 * `POST /internal/book-material` answers the people, events, citations, conflicts, tagged photos
 * (without bytes) and the root's pedigree chart; `GET /internal/book-material/photos/:id` answers
 * one of those photos as a JPEG at most 1600 px on its longer side. Internal secret, one owner.
 */
export const internalBookMaterialRoutes: FastifyPluginAsync<{ deps: DocumentsDeps }> = async (plain, { deps }) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const internal = requireInternal(deps.config.INTERNAL_TOKEN);
  app.post(
    '/internal/book-material',
    { preHandler: internal, schema: { body: BookMaterialRequest, hide: true } },
    async (req) => {
      const { userId, rootIndividualId, generations } = req.body;
      if (rootIndividualId !== undefined && !UUID.test(rootIndividualId)) throw notFound('Person not found');
      return readBookMaterial(deps, userId, { rootIndividualId, generations });
    },
  );
  app.get(
    '/internal/book-material/photos/:id',
    {
      preHandler: internal,
      schema: {
        params: z.object({ id: z.string().max(100) }),
        querystring: z.object({ userId: z.string().min(1).max(100) }),
        hide: true,
      },
    },
    async (req, reply) => {
      const photo = await readBookPhoto(deps, req.query.userId, req.params.id);
      // The size after turning upright and scaling, which the book's layout needs (EXIF can swap the sides).
      return reply
        .header('content-type', 'image/jpeg')
        .header('cache-control', 'private, no-store')
        .header('x-image-width', photo.width)
        .header('x-image-height', photo.height)
        .send(photo.data);
    },
  );
};
