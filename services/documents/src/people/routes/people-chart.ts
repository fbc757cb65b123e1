import { ChartQuery, ErrorBody } from '@gnology/contracts';
import { requireUser } from '@gnology/platform/auth/require-user';
import { notFound } from '@gnology/platform/http/errors';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DocumentsDeps } from '../../context';
import { personChart } from '../use-cases/chart-person';
import { attachment } from '../../library/routes/searchable-pdf';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * GET /api/people/:id/chart (issue 32, decision 0229): a person's pedigree, descendants or fan
 * chart, 2 to 8 generations, as SVG (each person a link to their page) or as a PDF on landscape
 * sheets, downloaded as an attachment. Any id string is accepted so a malformed one is 404 like
 * an unknown one; a bad kind, generations, format or paper is 400 naming what is allowed; a chart
 * too big to draw or print is 422 saying so.
 */
export const peopleChartRoutes: FastifyPluginAsync<{ deps: DocumentsDeps }> = async (plain, { deps }) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/people/:id/chart',
    {
      preHandler: requireUser(deps.verifier),
      schema: {
        tags: ['people'],
        summary: "A person's family chart (pedigree, descendants or fan) as SVG or PDF",
        description:
          'Names, life years and a place for everyone within `generations` (the person counts as the first). SVG: each person is a link to /people/{id}; PDF: landscape A4 or Letter, one sheet when the names stay readable, else a grid of sheets. A person drawn twice (pedigree collapse) is marked and not followed further.',
        params: z.object({ id: z.string().max(100) }),
        querystring: ChartQuery,
        response: {
          200: z.any().describe('The chart (image/svg+xml or application/pdf), as an attachment'),
          400: ErrorBody,
          404: ErrorBody,
          422: ErrorBody,
        },
      },
    },
    async (req, reply) => {
      if (!UUID.test(req.params.id)) throw notFound('Person not found');
      const file = await personChart(deps, req.user!.id, req.params.id.toLowerCase(), req.query);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', attachment(file.fileName))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(file.bytes);
    },
  );
};
