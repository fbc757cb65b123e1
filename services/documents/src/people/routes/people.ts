import {
  ErrorBody,
  IndividualDetail,
  IndividualResponse,
  MergePeopleBody,
  PeopleListQuery,
  PeopleListResponse,
  RenamePersonBody,
  SplitPersonBody,
} from '@gnology/contracts';
import { requireUser } from '@gnology/platform/auth/require-user';
import { notFound } from '@gnology/platform/http/errors';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DocumentsDeps } from '../../context';
import { listPeople } from '../use-cases/list-people';
import { mergePeople, renamePerson, splitPerson } from '../use-cases/edit-people';
import { readPerson } from '../use-cases/read-person';

// Any string is accepted as an id so that a malformed one answers 404 like an unknown one.
const Params = z.object({ id: z.string().max(100) });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The people index (issue 16, decision 0185): the user's individuals, one with its evidence,
 * timeline, conflicts and relatives, and the user's merge, split and rename. Another user's id, or
 * a malformed one, is 404 like an unknown one.
 */
export const peopleRoutes: FastifyPluginAsync<{ deps: DocumentsDeps }> = async (plain, { deps }) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const auth = requireUser(deps.verifier);
  const checkedId = (id: string) => {
    if (!UUID.test(id)) throw notFound('Person not found');
    return id.toLowerCase();
  };

  app.get(
    '/api/people',
    {
      preHandler: auth,
      schema: {
        tags: ['people'],
        summary: 'Everyone your documents name, grouped into individuals (q filters by name)',
        querystring: PeopleListQuery,
        response: { 200: PeopleListResponse },
      },
    },
    async (req): Promise<PeopleListResponse> => listPeople(deps, req.user!.id, req.query.q),
  );

  app.post(
    '/api/people/merge',
    {
      preHandler: auth,
      schema: {
        tags: ['people'],
        summary: 'Merge individuals into the first (your decision wins over automatic grouping)',
        body: MergePeopleBody,
        response: { 200: IndividualResponse, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (req): Promise<IndividualResponse> => ({
      individual: await mergePeople(
        deps,
        req.user!.id,
        req.body.ids.map((id) => id.toLowerCase()),
      ),
    }),
  );

  app.get(
    '/api/people/:id',
    {
      preHandler: auth,
      schema: {
        tags: ['people'],
        summary: 'One individual: evidence, timeline, conflicts and relatives',
        params: Params,
        response: { 200: IndividualDetail, 404: ErrorBody },
      },
    },
    async (req): Promise<IndividualDetail> => {
      return readPerson(deps, req.user!.id, checkedId(req.params.id));
    },
  );

  app.post(
    '/api/people/:id/split',
    {
      preHandler: auth,
      schema: {
        tags: ['people'],
        summary: 'Split mentions off into a new individual (kept against regrouping)',
        params: Params,
        body: SplitPersonBody,
        response: { 200: IndividualResponse, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (req): Promise<IndividualResponse> => {
      const id = checkedId(req.params.id);
      return {
        individual: await splitPerson(
          deps,
          req.user!.id,
          id,
          req.body.mentionIds.map((m) => m.toLowerCase()),
        ),
      };
    },
  );

  app.patch(
    '/api/people/:id',
    {
      preHandler: auth,
      schema: {
        tags: ['people'],
        summary: 'Rename an individual (your name wins)',
        params: Params,
        body: RenamePersonBody,
        response: { 200: IndividualResponse, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (req): Promise<IndividualResponse> => {
      const id = checkedId(req.params.id);
      return { individual: await renamePerson(deps, req.user!.id, id, req.body.name) };
    },
  );
};
