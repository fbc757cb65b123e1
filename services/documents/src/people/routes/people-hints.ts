import { ErrorBody, HintDecisionResponse, HintIdParams, PeopleHintsResponse } from '@gnology/contracts';
import { requireUser } from '@gnology/platform/auth/require-user';
import { notFound } from '@gnology/platform/http/errors';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DocumentsDeps } from '../../context';
import { acceptHint, listHints, rejectHint } from '../use-cases/decide-hints';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Hints (issue 32, decisions 0227–0228): documents' people who match someone of the user's
 * imported tree, with the reasons; accept links them (one person, origin 'both'), reject keeps
 * them apart for good. Another user's hint id, or a malformed one, is 404 like an unknown one.
 */
export const peopleHintRoutes: FastifyPluginAsync<{ deps: DocumentsDeps }> = async (plain, { deps }) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const db = deps.database.db;
  const auth = requireUser(deps.verifier);
  const checkedId = (id: string) => {
    if (!UUID.test(id)) throw notFound('Hint not found');
    return id.toLowerCase();
  };

  app.get(
    '/api/people/hints',
    {
      preHandler: auth,
      schema: {
        tags: ['people'],
        summary: 'Hints: people your documents name who match someone of your imported tree, with the reasons',
        response: { 200: PeopleHintsResponse },
      },
    },
    async (req): Promise<PeopleHintsResponse> => listHints(deps, req.user!.id),
  );

  app.post(
    '/api/people/hints/:id/accept',
    {
      preHandler: auth,
      schema: {
        tags: ['people'],
        summary: "Accept a hint: the document's person and the tree person become one (the document is evidence)",
        params: HintIdParams,
        response: { 200: HintDecisionResponse, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (req): Promise<HintDecisionResponse> => acceptHint(deps, req.user!.id, checkedId(req.params.id)),
  );

  app.post(
    '/api/people/hints/:id/reject',
    {
      preHandler: auth,
      schema: {
        tags: ['people'],
        summary: 'Reject a hint: the two are kept apart for good (never hinted again)',
        params: HintIdParams,
        response: { 200: HintDecisionResponse, 404: ErrorBody },
      },
    },
    async (req): Promise<HintDecisionResponse> => rejectHint(deps, req.user!.id, checkedId(req.params.id)),
  );
};
