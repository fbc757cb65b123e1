import { CreateAccessTokenBody, DocumentRecord } from '@gnology/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { GatewayDeps } from '../context';
import { z } from 'zod';

interface OpenApiDoc {
  openapi?: string;
  info?: unknown;
  paths?: Record<string, unknown>;
  components?: { schemas?: Record<string, unknown>; securitySchemes?: Record<string, unknown> };
  security?: Record<string, string[]>[];
}

type Operation = {
  security?: Record<string, string[]>[];
  responses?: Record<string, unknown>;
  requestBody?: unknown;
  description?: string;
};

const SESSION = { sessionToken: [] as string[] };
const ACCESS_TOKEN = { accessToken: [] as string[] };

/** The operations a personal access token may call (the gateway's accessTokenMayReach, in OpenAPI path form). */
const PAT_OPERATIONS = [
  '/api/documents',
  '/api/documents/{id}',
  '/api/documents/{id}/view',
  '/api/documents/{id}/thumbnail',
  '/api/documents/{id}/page/{n}',
  '/api/documents/{id}/pages/{pageNumber}/words',
];

const json = (schema: z.ZodType, io: 'input' | 'output' = 'output') => ({
  'application/json': { schema: z.toJSONSchema(schema, { io, unrepresentable: 'any' }) },
});

/**
 * What integrators read (issue 18): both security schemes, which operations take an access token,
 * and the answers of the document routes they use. The documents service validates no response
 * schema on these hot routes, so their shapes are stated here from the same contract types.
 */
function describeForIntegrators(
  doc: OpenApiDoc & { paths: Record<string, unknown>; components: { schemas: Record<string, unknown> } },
) {
  doc.components.securitySchemes = {
    sessionToken: {
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
      description: 'The session token from POST /api/auth/login.',
    },
    accessToken: {
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'gnpat_…',
      description:
        "A personal access token (Account → Integrations). Reads the owner's documents only; any other call answers 403. See docs/integrators/access-tokens.md.",
    },
  };
  doc.security = [SESSION];
  const op = (path: string, method: string) => (doc.paths[path] as Record<string, Operation> | undefined)?.[method];
  for (const path of PAT_OPERATIONS) {
    const get = op(path, 'get');
    if (get) get.security = [SESSION, ACCESS_TOKEN];
  }
  const list = op('/api/documents', 'get');
  if (list)
    list.responses = {
      ...list.responses,
      200: {
        description: "The user's documents, newest first.",
        content: json(z.array(DocumentRecord.omit({ extractedText: true }))),
      },
    };
  const one = op('/api/documents/{id}', 'get');
  if (one) {
    one.responses = {
      ...one.responses,
      200: {
        description: 'The document with its extracted text (`extractedText`) and its pages (`pages`, `pageImages`).',
        content: json(DocumentRecord.required({ extractedText: true })),
      },
      404: { description: "No such document, or another user's." },
    };
  }
  const create = op('/api/auth/access-tokens', 'post');
  if (create) {
    create.requestBody = { required: true, content: json(CreateAccessTokenBody, 'input') };
    // Issue 29, point 7 (decision 0212): the password is asked again, as change-password does.
    create.responses = {
      ...create.responses,
      400: {
        description:
          'A field is missing or invalid (`Current password is required`), or the password is wrong (`Current password is incorrect`).',
      },
      429: { description: 'Five wrong passwords in 15 minutes, counted with change-password.' },
    };
  }
}

/** Answers the services do not describe with a zod schema: the GEDCOM download, the charts and the book are files, not JSON (decisions 0186, 0229, 0233). */
function describeDownloads(doc: OpenApiDoc & { paths: Record<string, unknown> }) {
  const gedcom = (doc.paths['/api/people/export'] as Record<string, Operation> | undefined)?.get;
  if (gedcom) {
    gedcom.responses = {
      ...gedcom.responses,
      200: {
        description:
          'gnology-people.ged as an attachment (Content-Disposition), UTF-8: individuals, families, events with dates and places, one source per document with its citation, citations and notes; then every person, family and source of the imported family trees with their facts, citations and notes (xrefs @TI…@, @TF…@, @TS…@; decision 0230). GEDCOM 5.5.1 declares `1 CHAR UTF-8`; GEDCOM 7 starts with a byte order mark.',
        content: { 'text/plain': { schema: { type: 'string' } } },
      },
    };
  }
  // Family charts (issue 32, decision 0229): a drawing to save or show, SVG or PDF by `format`.
  const chart = (doc.paths['/api/people/{id}/chart'] as Record<string, Operation> | undefined)?.get;
  if (chart)
    chart.responses = {
      ...chart.responses,
      200: {
        description:
          'The chart as an attachment named "<name> <kind> (<n> generations).svg|pdf": SVG (format=svg) with a viewBox, each person a link to /people/{id} named by its <title>; or PDF (format=pdf) on landscape A4 or Letter sheets, Inter embedded, several sheets when names would print under 4.5 pt.',
        content: {
          'image/svg+xml': { schema: { type: 'string' } },
          'application/pdf': { schema: { type: 'string', format: 'binary' } },
        },
      },
      404: { description: "No such person, or another user's." },
      422: {
        description:
          'Too big: more than 2,000 people in one chart, or more than 40 sheets in one PDF; `error` says how many and to choose fewer generations.',
      },
    };
  // The family history book (issue 33, decision 0233): the last compile as a file.
  const book = (doc.paths['/api/books/{id}/export'] as Record<string, Operation> | undefined)?.get;
  if (book)
    book.responses = {
      ...book.responses,
      200: {
        description:
          "The last compile of the book as an attachment named after its title: PDF (print-ready, the book's trim), DOCX, EPUB 3 or Markdown, by `format`.",
        content: {
          'application/pdf': { schema: { type: 'string', format: 'binary' } },
          'application/vnd.openxmlformats-officedocument.wordprocessingml.document': {
            schema: { type: 'string', format: 'binary' },
          },
          'application/epub+zip': { schema: { type: 'string', format: 'binary' } },
          'text/markdown': { schema: { type: 'string' } },
        },
      },
    };
  const citation = (doc.paths['/api/documents/{id}/citation'] as Record<string, Operation> | undefined)?.get;
  if (citation)
    citation.responses = { ...citation.responses, 404: { description: "No such document, or another user's." } };
}

/**
 * GET /api/docs: one OpenAPI document for the public API, merged from each service's own
 * (generated from the zod schemas that validate its routes). Internal routes are left out.
 */
export const openApiRoutes: FastifyPluginAsync<{ deps: GatewayDeps }> = async (app, { deps }) => {
  const { upstreams } = deps;
  let cached: { at: number; doc: OpenApiDoc } | undefined;
  app.get('/api/docs', async (_req, reply) => {
    if (cached && Date.now() - cached.at < 60_000) return cached.doc;
    const docs = await Promise.all(
      Object.entries(upstreams).map(async ([name, base]) => {
        try {
          const res = await fetch(`${base}/openapi.json`, { signal: AbortSignal.timeout(3000) });
          return { name, doc: res.ok ? ((await res.json()) as OpenApiDoc) : undefined };
        } catch {
          return { name, doc: undefined };
        }
      }),
    );
    const merged: OpenApiDoc & { paths: Record<string, unknown>; components: { schemas: Record<string, unknown> } } = {
      openapi: '3.1.0',
      info: {
        title: 'GNology API',
        version: '1.0.0',
        description:
          'The public HTTP API of GNology, behind the gateway. Bearer session tokens from /api/auth/login; personal access tokens (gnpat_…) read documents only.',
      },
      paths: {},
      components: { schemas: {} },
    };
    const missing: string[] = [];
    for (const { name, doc } of docs) {
      if (!doc?.paths) {
        missing.push(name);
        continue;
      }
      for (const [p, item] of Object.entries(doc.paths)) if (p.startsWith('/api/')) merged.paths[p] = item;
      Object.assign(merged.components.schemas, doc.components?.schemas ?? {});
    }
    describeForIntegrators(merged);
    describeDownloads(merged);
    if (missing.length) reply.header('warning', `199 - "incomplete: ${missing.join(', ')} unavailable"`);
    else cached = { at: Date.now(), doc: merged };
    return merged;
  });
};
