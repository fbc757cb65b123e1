import { PhotoLookupRequest, type PhotoLookupResponse } from '@gnology/contracts';
import { requireInternal } from '@gnology/platform/http/internal';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DocumentsDeps } from '../../context';
import { lookUpPhotos, openPhotoOriginal } from '../use-cases/look-up-photos';

/**
 * The album service's window on photos (decision 0051): it checks a request's photo ids against
 * their owner here, and reads each photo's original bytes through here, never from documents'
 * tables or objects directly.
 */
export const internalPhotoRoutes: FastifyPluginAsync<{ deps: DocumentsDeps }> = async (plain, { deps }) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const internal = requireInternal(deps.config.INTERNAL_TOKEN);

  app.post(
    '/internal/documents/photos',
    { preHandler: internal, schema: { body: PhotoLookupRequest, hide: true } },
    async (req): Promise<PhotoLookupResponse> => lookUpPhotos(deps, req.body.userId, req.body.ids),
  );

  app.get(
    '/internal/documents/:id/original',
    {
      preHandler: internal,
      schema: {
        params: z.object({ id: z.string() }),
        querystring: z.object({ userId: z.string().min(1) }),
        hide: true,
      },
    },
    async (req, reply) => {
      const photo = await openPhotoOriginal(deps, req.query.userId, req.params.id);
      reply.header('content-type', photo.mimetype).header('content-length', photo.size);
      return reply.send(photo.body);
    },
  );
};
