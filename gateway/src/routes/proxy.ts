import { Readable } from 'node:stream';
import { LINKS_UNTIL_HEADER } from '@gnology/contracts';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { Pool } from 'undici';
import type { GatewayDeps } from '../context';
import { exchangedSession } from '../hot-path/session-check';
import { PASSWORD_CHANGE_PATH, ROUTES, type Upstream, pathOf, uploadOf } from '../routes-table';
import { forgetTokensOnPasswordChange } from './password-change';

/** Hooks for one area's requests only, each registered in that area's own scope (issue 34). */
const AREA_PLUGINS = new Map([[PASSWORD_CHANGE_PATH, forgetTokensOnPasswordChange]]);

/** Answers up to this size (declared by the service) are read whole before they are sent on. */
const SMALL_ANSWER = 16 * 1024;
const METHODS: HTTPMethods[] = ['DELETE', 'GET', 'HEAD', 'PATCH', 'POST', 'PUT', 'OPTIONS'];

/**
 * Headers that belong to one connection, not to the request or answer (RFC 9110 §7.6.1), and
 * `expect` (undici refuses `Expect: 100-continue`, which curl sends on uploads over 1 MB). `host`
 * is the upstream's, set by undici from the pool's origin.
 */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'expect',
  'host',
  'te',
]);

function requestHeaders(req: FastifyRequest): Record<string, string | string[]> {
  const incoming = req.headers;
  const out: Record<string, string | string[]> = {};
  // Headers the client names in Connection are for this hop only; a client cannot strip ours with it.
  const named =
    typeof incoming.connection === 'string'
      ? new Set(
          incoming.connection
            .toLowerCase()
            .split(',')
            .map((s) => s.trim()),
        )
      : undefined;
  for (const name in incoming) {
    const value = incoming[name];
    if (value === undefined || HOP_BY_HOP.has(name) || named?.has(name)) continue;
    out[name] = value;
  }
  if (incoming.te === 'trailers') out.te = 'trailers';
  // Set by the gateway only (a client's would merely shorten its own links, but it is not theirs to send).
  delete out[LINKS_UNTIL_HEADER];
  const exchanged = exchangedSession(req);
  if (exchanged) {
    out.authorization = `Bearer ${exchanged.sessionToken}`;
    out[LINKS_UNTIL_HEADER] = String(exchanged.linksUntil);
  }
  out['x-request-id'] = req.id;
  out['x-forwarded-for'] = req.ip;
  return out;
}

function answerHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const name in headers) {
    const value = headers[name];
    if (value !== undefined && name !== 'connection' && name !== 'keep-alive' && name !== 'transfer-encoding')
      out[name] = value;
  }
  return out;
}

/**
 * Each /api area to the service that owns it (routes-table.ts): an undici Pool per service with
 * keep-alive connections, bodies streamed both ways (server-sent events unbuffered), the client's
 * request id and address passed on. Pipelining stays at 1: a pipelined request would wait behind a
 * long answer (a 30-minute book request, an SSE stream) on the same connection.
 */
export const proxyRoutes: FastifyPluginAsync<{ deps: GatewayDeps }> = async (app, { deps }) => {
  const { config, upstreams } = deps;
  const pools = new Map<string, Pool>();
  const poolOf = (base: string, lane: 'api' | 'upload' = 'api') => {
    let pool = pools.get(`${lane} ${base}`);
    if (!pool) {
      pool = new Pool(base, {
        connections: 128,
        pipelining: 1,
        headersTimeout: config.UPSTREAM_TIMEOUT_MS,
        bodyTimeout: config.UPSTREAM_TIMEOUT_MS,
        connectTimeout: 5_000,
      });
      pools.set(`${lane} ${base}`, pool);
    }
    return pool;
  };
  app.addHook('onClose', async () => {
    await Promise.all([...pools.values()].map((pool) => pool.close()));
  });

  // The body is not parsed: the request itself goes on to the service (early-answers.ts shields it).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_req, payload, done) => done(null, payload));

  const failed = (reply: FastifyReply, upstream: Upstream, err: unknown) => {
    const code = (err as { code?: string }).code ?? '';
    const timedOut = code.includes('TIMEOUT');
    reply.log.warn({ upstream, code }, 'upstream failed');
    if (reply.sent || reply.raw.headersSent) return;
    return reply.status(timedOut ? 504 : 503).send({
      error: timedOut
        ? 'The service took too long to answer. Please try again.'
        : `The ${upstream} service is unavailable. Please try again in a moment.`,
    });
  };

  for (const route of ROUTES) {
    const api = poolOf(upstreams[route.upstream]);
    // An upload holds its connection for as long as its body takes to arrive (at BODY_MIN_RATE at
    // least, decision 0210): uploads have a pool of their own, so slow ones cannot take every
    // connection to the documents service from the rest of its API.
    const uploads = route.upstream === 'documents' ? poolOf(upstreams[route.upstream], 'upload') : api;
    const handler = async (req: FastifyRequest, reply: FastifyReply) => {
      const pool = uploadOf(pathOf(req)) ? uploads : api;
      let res: Awaited<ReturnType<Pool['request']>>;
      try {
        res = await pool.request({
          method: req.method as HTTPMethods & ('GET' | 'POST'),
          path: req.url,
          headers: requestHeaders(req),
          body: req.body instanceof Readable ? req.body : undefined,
        });
      } catch (err) {
        return failed(reply, route.upstream, err);
      }
      // The client went away while the service was answering: nothing to send it.
      if (reply.raw.destroyed) {
        res.body.once('error', () => {}).destroy();
        return reply;
      }
      reply.code(res.statusCode).headers(answerHeaders(res.headers));
      // A connection whose request is not all read cannot carry another one (early-answers.ts may keep it).
      if (!req.raw.complete) reply.header('connection', 'close');
      // A small answer of declared length goes out with its headers in one socket write; anything
      // else (server-sent events, files, answers without a length) is streamed as it arrives.
      if (Number(res.headers['content-length']) <= SMALL_ANSWER && req.method !== 'HEAD') {
        let body: Buffer;
        try {
          body = Buffer.from(await res.body.arrayBuffer());
        } catch (err) {
          return failed(reply, route.upstream, err);
        }
        return reply.send(body);
      }
      return reply.send(res.body);
    };
    // Each area in a scope of its own, so a hook that concerns one area (AREA_PLUGINS) runs for its requests only.
    const plugin = AREA_PLUGINS.get(route.prefix);
    await app.register(async (area) => {
      if (plugin) await area.register(plugin, { deps });
      for (const url of [route.prefix, `${route.prefix}/*`]) area.route({ method: METHODS, url, handler });
    });
  }
};
