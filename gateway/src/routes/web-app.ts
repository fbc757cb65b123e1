import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { GatewayDeps } from '../context';
import { pathOf } from '../routes-table';

/** The web build's folder, when it holds a build (index.html). */
function webBuild(deps: Pick<GatewayDeps, 'config'>): string | undefined {
  const webDir = path.resolve(deps.config.WEB_DIR);
  return existsSync(path.join(webDir, 'index.html')) ? webDir : undefined;
}

/**
 * The not-found answer: the SPA fallback. Any GET outside /api that is not a file gets index.html;
 * everything else `{ error: 'Not found: …' }`.
 */
export function spaFallback(deps: Pick<GatewayDeps, 'config'>) {
  const webDir = webBuild(deps);
  return (req: FastifyRequest, reply: FastifyReply) => {
    const p = pathOf(req);
    // A missing hashed asset (a chunk of an older build) is a 404, not the page: a script tag must not get HTML.
    if (req.method === 'GET' && !p.startsWith('/api/') && !p.startsWith('/assets/') && webDir) {
      const file = p.slice(1);
      if (file && !file.includes('..') && path.extname(file) && existsSync(path.join(webDir, file)))
        return reply.header('cache-control', 'public, max-age=3600').sendFile(file);
      // The page names the current hashed assets: a browser asks again before using its copy.
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ error: `Not found: ${req.method} ${p}` });
  };
}

/**
 * The web build's files. Not encapsulated (fastify-plugin): the SPA fallback, which is the root
 * app's not-found handler, sends files with the same `reply.sendFile`.
 */
export const webAppRoutes: FastifyPluginAsync<{ deps: GatewayDeps }> = fp(
  async (app: FastifyInstance, { deps }: { deps: GatewayDeps }) => {
    const webDir = webBuild(deps);
    if (!webDir) return;
    // preCompressed: the build writes .br and .gz copies (scripts/lib/precompress.mjs); the copy the
    // browser accepts is sent, the plain file otherwise. Vary keeps shared caches from mixing them.
    // serve: false: no route per file; /assets/* below and the fallback send every file, each
    // with its own Cache-Control (cacheControl: false, or send would overwrite it).
    await app.register(fastifyStatic, {
      root: webDir,
      serve: false,
      index: false,
      cacheControl: false,
      preCompressed: true,
      setHeaders: (res) => res.setHeader('vary', 'accept-encoding'),
    });
    // Hashed file names change with their content: a year, never revalidated.
    app.get('/assets/*', (req, reply) =>
      reply.header('cache-control', 'public, max-age=31536000, immutable').sendFile(pathOf(req).slice(1)),
    );
  },
);
