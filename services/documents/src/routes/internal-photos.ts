import { PhotoLookupRequest, type PhotoLookupResponse } from '@gnology/contracts';
import { notFound } from '@gnology/platform/http/errors';
import { requireInternal } from '@gnology/platform/http/internal';
import { OBJECT_ID } from '@gnology/platform/ids';
import { ObjectNotFoundError } from '@gnology/platform/storage/types';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DocumentsDeps } from '../context';
import { ownedImages } from '../store/photo-lookup';

/**
 * The album service's window on photos (decision 0051): it checks a request's photo ids against
 * their owner here, and reads each photo's original bytes through here, never from documents'
 * tables or objects directly.
 */
export const internalPhotoRoutes: FastifyPluginAsync<{ deps: DocumentsDeps }> = async (plain, { deps }) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const internal = requireInternal(deps.config.INTERNAL_TOKEN);

  app.post('/internal/documents/photos', { preHandler: internal, schema: { body: PhotoLookupRequest, hide: true } }, async (req): Promise<PhotoLookupResponse> => {
    const rows = await ownedImages(deps.database.db, req.body.userId, req.body.ids);
    return {
      photos: rows.map((r) => ({
        id: r.id,
        originalName: r.original_name,
        mimetype: r.mimetype,
        size: Number(r.size),
        width: r.width,
        height: r.height,
        peopleIdentified: r.people_identified,
        dateInfo: r.date_info,
        geographicalInfo: r.geographical_info,
        tags: r.tags,
      })),
    };
  });

  app.get(
    '/internal/documents/:id/original',
    { preHandler: internal, schema: { params: z.object({ id: z.string() }), querystring: z.object({ userId: z.string().min(1) }), hide: true } },
    async (req, reply) => {
      if (!OBJECT_ID.test(req.params.id)) throw notFound('Photo not found');
      const [row] = await ownedImages(deps.database.db, req.query.userId, [req.params.id]);
      if (!row) throw notFound('Photo not found');
      try {
        const info = await deps.storage.stat(row.storage_key);
        reply.header('content-type', row.mimetype).header('content-length', info.size);
        return reply.send(await deps.storage.get(row.storage_key));
      } catch (e) {
        if (e instanceof ObjectNotFoundError) throw notFound('Photo not found');
        throw e;
      }
    },
  );
};
