import { existsSync } from 'node:fs';
import path from 'node:path';
import cors from '@fastify/cors';
import proxy from '@fastify/http-proxy';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { bearerToken, requireUser } from '@gnology/platform/auth/require-user';
import type { TokenVerifier } from '@gnology/platform/auth/token-verifier';
import { createServiceApp } from '@gnology/platform/http/service-app';
import type { Logger } from '@gnology/platform/logger';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  type AccessTokenCheck,
  PAT_READ_ONLY,
  accessTokenMayReach,
  createAccessTokenCheck,
  isAccessToken,
} from './access-tokens';
import type { GatewayConfig } from './config';
import { registerEarlyAnswers } from './early-answers';
import { lazyChildLogger } from './lazy-child-logger';
import { registerOpenApi } from './openapi';
import { securityHeaders } from './security-headers';
import {
  BODY_LIMIT,
  ROUTES,
  UPLOAD_LIMIT,
  UPLOAD_PATH,
  UPLOAD_TOO_LARGE,
  isFilePath,
  isPublicPath,
  isStrictPath,
  upstreamUrls,
} from './routes-table';

export interface GatewayDeps {
  config: GatewayConfig;
  logger: Logger;
  verifier: TokenVerifier;
  /** Called when a user's password change went through here, to drop cached token versions. */
  onPasswordChanged?: (userId: string) => void;
  /** Optional Redis client (ioredis) for rate-limit counters shared across replicas. */
  rateLimitRedis?: unknown;
  /** Checks personal access tokens with auth; by default over HTTP to AUTH_URL. */
  accessTokens?: AccessTokenCheck;
}

function pathOf(req: FastifyRequest): string {
  const q = req.url.indexOf('?');
  return q === -1 ? req.url : req.url.slice(0, q);
}

/**
 * The only public entry: checks sessions, limits rates and bodies, proxies each /api area to
 * its service, and serves the web build with the SPA fallback.
 */
export async function buildGateway(deps: GatewayDeps): Promise<FastifyInstance> {
  const { config, verifier } = deps;
  const upstreams = upstreamUrls(config);
  const webDir = path.resolve(config.WEB_DIR);
  const hasWeb = existsSync(path.join(webDir, 'index.html'));
  const app = createServiceApp({
    name: 'gateway',
    logger: deps.logger,
    bodyLimit: BODY_LIMIT,
    trustedProxies: config.TRUSTED_PROXIES,
    metricsToken: config.METRICS_TOKEN,
    checks: Object.fromEntries(
      Object.entries(upstreams).map(([name, base]) => [
        name,
        async () => {
          const res = await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(2500) });
          if (!res.ok) throw new Error(`${name} is not ready (${res.status})`);
        },
      ]),
    ),
    fastify: { requestTimeout: 0, connectionTimeout: 0, keepAliveTimeout: 72_000, childLoggerFactory: lazyChildLogger },
    // The SPA fallback: any GET outside /api that is not a file gets index.html.
    notFound: (req, reply) => {
      const p = pathOf(req);
      // A missing hashed asset (a chunk of an older build) is a 404, not the page: a script tag must not get HTML.
      if (req.method === 'GET' && !p.startsWith('/api/') && !p.startsWith('/assets/') && hasWeb) {
        const file = p.slice(1);
        if (file && !file.includes('..') && path.extname(file) && existsSync(path.join(webDir, file)))
          return reply.header('cache-control', 'public, max-age=3600').sendFile(file);
        // The page names the current hashed assets: a browser asks again before using its copy.
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      }
      return reply.status(404).send({ error: `Not found: ${req.method} ${p}` });
    },
  });

  // Same headers as @fastify/helmet with these options, without its per-request parsing.
  const security = await securityHeaders();
  app.addHook('onRequest', async (_req, reply) => {
    reply.headers(security);
  });

  const origins = config.CORS_ORIGINS.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (origins.length) await app.register(cors, { origin: origins, credentials: false });

  const authenticate = requireUser(verifier, { allowUnverified: true });
  const accessTokens =
    deps.accessTokens ??
    createAccessTokenCheck({ authUrl: config.AUTH_URL, internalToken: config.INTERNAL_TOKEN, logger: deps.logger });
  // A request made with a personal access token goes on to its service with the short session auth exchanged it for.
  const exchangedSessions = new WeakMap<object, string>();

  // Body limits are enforced before anything is read or proxied. The proxy streams bodies,
  // so Fastify's own bodyLimit never sees them; the declared length is what we can check.
  app.addHook('onRequest', async (req, reply) => {
    const p = pathOf(req);
    if (!p.startsWith('/api/')) return;
    const limit = p === UPLOAD_PATH ? UPLOAD_LIMIT : BODY_LIMIT;
    const length = Number(req.headers['content-length'] ?? 0);
    if (length > limit) {
      return reply
        .status(413)
        .header('connection', 'close')
        .send({ error: p === UPLOAD_PATH ? UPLOAD_TOO_LARGE : 'Request body too large (limit 1 MB).' });
    }
    if (isPublicPath(p) && !(isFilePath(p) && req.headers.authorization)) return;
    const bearer = bearerToken(req);
    if (isAccessToken(bearer)) {
      if (!accessTokenMayReach(req.method, p)) return reply.status(403).send({ error: PAT_READ_ONLY });
      const { user, sessionToken } = await accessTokens.verify(bearer);
      req.user = user;
      exchangedSessions.set(req, sessionToken);
      return;
    }
    // Unverified accounts pass here; each service answers them 403 where it must.
    return authenticate(req, reply);
  });

  await app.register(rateLimit, {
    global: true,
    hook: 'preHandler',
    timeWindow: 60_000,
    // biome-ignore lint/suspicious/noExplicitAny: ioredis instance, typed by the plugin as Redis
    redis: deps.rateLimitRedis as any,
    allowList: (req) => !pathOf(req).startsWith('/api/'),
    keyGenerator: (req) => {
      const p = pathOf(req);
      if (isStrictPath(p)) return `strict:${req.ip}:${p}`;
      return req.user ? `user:${req.user.id}` : `ip:${req.ip}`;
    },
    max: (_req, key) =>
      key.startsWith('strict:')
        ? config.RATE_LIMIT_AUTH
        : key.startsWith('user:')
          ? config.RATE_LIMIT_PER_USER
          : config.RATE_LIMIT_PER_IP,
    // The plugin throws what this returns; the shared error handler turns it into `{ error }`.
    errorResponseBuilder: (_req, ctx) =>
      Object.assign(
        new Error(`Too many requests. Please try again in ${Math.max(1, Math.ceil(ctx.ttl / 60_000))} minute(s).`),
        { statusCode: 429 },
      ),
  });

  registerOpenApi(app, upstreams);

  app.addHook('onResponse', async (req, reply) => {
    if (req.user && reply.statusCode === 200 && req.method === 'POST' && pathOf(req) === '/api/users/change-password') {
      deps.onPasswordChanged?.(req.user.id);
    }
  });

  // A service's answer given before the body has all arrived reaches the client (issue 14).
  registerEarlyAnswers(app);

  for (const route of ROUTES) {
    const base = upstreams[route.upstream];
    await app.register(proxy, {
      upstream: base,
      prefix: route.prefix,
      rewritePrefix: route.prefix,
      undici: {
        connections: 128,
        pipelining: 1,
        headersTimeout: config.UPSTREAM_TIMEOUT_MS,
        bodyTimeout: config.UPSTREAM_TIMEOUT_MS,
        connectTimeout: 5_000,
      },
      replyOptions: {
        rewriteRequestHeaders: (req, headers) => {
          // undici refuses `Expect: 100-continue` (curl sends it on uploads over 1 MB).
          const { expect: _expect, ...rest } = headers as Record<string, string>;
          const exchanged = exchangedSessions.get(req);
          if (exchanged) rest.authorization = `Bearer ${exchanged}`;
          return { ...rest, 'x-request-id': req.id, 'x-forwarded-for': req.ip };
        },
        onError: (reply, { error }) => {
          const code = (error as { code?: string }).code ?? '';
          const timedOut = code.includes('TIMEOUT');
          reply.log.warn({ upstream: route.upstream, code }, 'upstream failed');
          reply.status(timedOut ? 504 : 503).send({
            error: timedOut
              ? 'The service took too long to answer. Please try again.'
              : `The ${route.upstream} service is unavailable. Please try again in a moment.`,
          });
        },
      },
    });
  }

  if (hasWeb) {
    // preCompressed: the build writes .br and .gz copies (scripts/lib/precompress.mjs); the copy the
    // browser accepts is sent, the plain file otherwise. Vary keeps shared caches from mixing them.
    // serve: false: no route per file; /assets/* below and the fallback above send every file, each
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
  }
  return app;
}
