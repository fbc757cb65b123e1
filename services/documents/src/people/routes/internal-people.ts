import { PeopleLookupRequest, type PeopleLookupResponse } from '@gnology/contracts';
import { requireInternal } from '@gnology/platform/http/internal';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DocumentsDeps } from '../../context';
import { lookupPeople } from '../use-cases/read-people';

/**
 * POST /internal/people/lookup — Gene asks what the user's people index knows of the names in a
 * question ("What do we know about Thomas Whitfield?"): the matching individuals with evidence,
 * timeline, conflicts and relatives (decision 0185). Only that user's index is read.
 */
export const internalPeopleRoutes: FastifyPluginAsync<{ deps: DocumentsDeps }> = async (plain, { deps }) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/internal/people/lookup',
    { preHandler: requireInternal(deps.config.INTERNAL_TOKEN), schema: { body: PeopleLookupRequest, hide: true } },
    async (req): Promise<PeopleLookupResponse> => ({
      individuals: await lookupPeople(deps, req.body.userId, req.body.names),
    }),
  );
};
