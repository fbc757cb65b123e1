import { PeopleExportQuery } from '@gnology/contracts';
import { requireUser } from '@gnology/platform/auth/require-user';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DocumentsDeps } from '../../context';
import { exportPeopleGedcom } from '../use-cases/export-people-gedcom';

/**
 * GET /api/people/export?format=gedcom-5.5.1|gedcom-7 (issue 16, decision 0186): the user's whole
 * people index and imported family trees (issue 32, decision 0230) as a GEDCOM file to download,
 * UTF-8 (5.5.1 says so with `1 CHAR UTF-8`; 7.0 files always are). Only the signed-in user's
 * people and trees: nobody else's id can be named here.
 */
export const peopleExportRoutes: FastifyPluginAsync<{ deps: DocumentsDeps }> = async (plain, { deps }) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/people/export',
    {
      preHandler: requireUser(deps.verifier),
      schema: {
        tags: ['people'],
        summary:
          'Download your people index and imported family trees as GEDCOM 5.5.1 or GEDCOM 7 (gnology-people.ged, UTF-8)',
        querystring: PeopleExportQuery,
      },
    },
    async (req, reply) => {
      const file = await exportPeopleGedcom(deps, req.user!.id, req.query.format);
      reply
        .header('content-type', 'text/plain; charset=utf-8')
        .header('content-disposition', 'attachment; filename="gnology-people.ged"')
        .header('cache-control', 'private, no-store');
      return file;
    },
  );
};
