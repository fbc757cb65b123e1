import type { FastifyInstance } from 'fastify';

interface OpenApiDoc {
  openapi?: string;
  info?: unknown;
  paths?: Record<string, unknown>;
  components?: { schemas?: Record<string, unknown> };
}

/**
 * GET /api/docs: one OpenAPI document for the public API, merged from each service's own
 * (generated from the zod schemas that validate its routes). Internal routes are left out.
 */
export function registerOpenApi(app: FastifyInstance, upstreams: Record<string, string>) {
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
      info: { title: 'GNology API', version: '1.0.0', description: 'The public HTTP API of GNology, behind the gateway. Bearer session tokens from /api/auth/login.' },
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
    if (missing.length) reply.header('warning', `199 - "incomplete: ${missing.join(', ')} unavailable"`);
    else cached = { at: Date.now(), doc: merged };
    return merged;
  });
}
