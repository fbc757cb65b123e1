import type { IncomingMessage } from 'node:http';
import type { Server } from 'node:http';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { GatewayConfig } from '../config';
import { BODY_LIMIT, pathOf, uploadOf } from '../routes-table';

/**
 * Slow clients (issue 29, point 3; decision 0210). A request that opens and never finishes — headers
 * that never end, a body declared and never sent, or one trickled a byte at a time — used to be held
 * forever, and, its upstream request already started, held one of the 128 connections of the
 * service's pool with it: 128 of them blocked a service for everyone. Now:
 *
 * - headers must be complete within HEADERS_TIMEOUT_MS (Node's own check, answered 408), and a
 *   connection that sends nothing at all is closed after as long;
 * - a body must arrive at BODY_MIN_RATE bytes per second at least, measured over each
 *   BODY_RATE_WINDOW_MS while the gateway is reading it (not while the service holds it back), or
 *   the request is answered 408 and its connection closed — a rate rather than a total, so a 200 MB
 *   upload over a slow but honest line still goes through;
 * - no connection to the service is taken for a body that has not arrived: an API body (at most
 *   1 MB) is read whole before it is sent on; an upload is streamed from its first bytes on (the
 *   documents service refuses a disguised file by its first 64 KB, decision 0150).
 */

export const SLOW_REQUEST_MESSAGE = 'The request arrived too slowly. Please try again.';
const TOO_LARGE_MESSAGE = 'Request body too large (limit 1 MB).';

/** A body that stopped arriving, or arrives below the minimum rate: 408 through the error handler. */
export class SlowBodyError extends Error {
  readonly statusCode = 408;
  readonly code = 'GATEWAY_SLOW_BODY';
  constructor() {
    super(SLOW_REQUEST_MESSAGE);
  }
}

/** The client went away mid-body: nobody to answer, nothing for the error log (a 4xx is not logged as a failure). */
class ClientGoneError extends Error {
  readonly statusCode = 400;
  constructor() {
    super('The client closed the connection before its request was sent.');
  }
}

class BodyTooLargeError extends Error {
  readonly statusCode = 413;
  constructor() {
    super(TOO_LARGE_MESSAGE);
  }
}

/** Whether the request says it carries a body (a length above 0, or chunks). */
export function hasBody(raw: IncomingMessage): boolean {
  return raw.headers['transfer-encoding'] !== undefined || Number(raw.headers['content-length'] ?? 0) > 0;
}

/**
 * Calls `onSlow` once if, over a window of `windowMs` during which the request was being read,
 * fewer than `minRate` bytes per second arrived on its connection. Only while the request flows:
 * a body held back (the service reads slowly, a hook is still running) is not the client's fault,
 * and each resume starts a new window. Counts the socket's bytes, so it reads nothing itself.
 */
export function watchBodyRate(raw: IncomingMessage, windowMs: number, minRate: number, onSlow: () => void): void {
  const socket = raw.socket;
  const needed = (minRate * windowMs) / 1000;
  let timer: NodeJS.Timeout | undefined;
  let from = 0;
  const stop = () => {
    clearTimeout(timer);
    timer = undefined;
    raw.off('resume', start);
    raw.off('pause', hold);
  };
  const check = () => {
    if (raw.complete || raw.destroyed || socket.destroyed) return stop();
    if (socket.bytesRead - from >= needed) return start();
    stop();
    onSlow();
  };
  function start() {
    clearTimeout(timer);
    from = socket.bytesRead;
    timer = setTimeout(check, windowMs);
    timer.unref();
  }
  function hold() {
    clearTimeout(timer);
    timer = undefined;
  }
  raw.on('resume', start);
  raw.on('pause', hold);
  raw.once('end', stop);
  raw.once('close', stop);
  if (raw.readableFlowing) start();
}

/** The body being read by `takeBody`, stopped (rejected) when it arrives too slowly. */
const reading = new WeakMap<IncomingMessage, (err: Error) => void>();

/**
 * What the proxy sends on for a body it was handed unread (the request itself): an API body read
 * whole (so the service's connection is taken only once it is all here), an upload once its first
 * bytes are here (the request, to be streamed on). Rejects with 413 past the API limit, 408 when the
 * body arrives too slowly (see watchBodyRate), or when the client goes away.
 */
function takeBody(req: FastifyRequest, raw: IncomingMessage): Promise<Readable> {
  const upload = uploadOf(pathOf(req)) !== undefined;
  return new Promise<Readable>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (err: Error | undefined, body?: Readable) => {
      raw.off('data', onData);
      raw.off('end', onEnd);
      raw.off('close', onClose);
      raw.off('error', onError);
      reading.delete(raw);
      if (err) reject(err);
      else resolve(body!);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (upload) {
        // Its first bytes are here: streamed on from now on (early-answers.ts gives the proxy its own stream).
        raw.pause();
        raw.unshift(chunk);
        return finish(undefined, raw);
      }
      if (size > BODY_LIMIT) return finish(new BodyTooLargeError());
      chunks.push(chunk);
    };
    const onEnd = () => finish(undefined, Readable.from(chunks.length ? [Buffer.concat(chunks)] : []));
    const onClose = () => {
      if (!raw.complete) finish(new ClientGoneError());
    };
    // An IncomingMessage errs only when its connection is lost ("aborted").
    const onError = () => finish(new ClientGoneError());
    reading.set(raw, finish);
    raw.on('data', onData);
    raw.once('end', onEnd);
    raw.once('close', onClose);
    raw.once('error', onError);
  });
}

/** What to do with a request whose body arrives too slowly, wherever it is. */
function tooSlow(req: FastifyRequest, reply: FastifyReply): void {
  const raw = req.raw;
  req.log.info({ bytesRead: raw.socket?.bytesRead }, 'request body too slow');
  const stopReading = reading.get(raw);
  if (stopReading) {
    stopReading(new SlowBodyError());
    return;
  }
  // The answer is out already (refused before the body, or answered early): nothing to say, cut it off.
  if (reply.sent || reply.raw.headersSent || !(req.body instanceof Readable)) {
    raw.socket?.destroy();
    return;
  }
  // Streaming on to the service: answer 408, and stop the upstream request (the proxy has nothing to add).
  const body = req.body;
  reply.code(408).send({ error: SLOW_REQUEST_MESSAGE });
  if (body !== raw) body.destroy(new SlowBodyError());
}

/** The request-time limits (the hooks, with callbacks: security-headers.ts says why); before the routes and the early answers. */
export function registerSlowClientLimits(app: FastifyInstance, config: GatewayConfig): void {
  app.addHook('onRequest', (req, reply, done) => {
    const raw = req.raw;
    if (!raw.complete && hasBody(raw))
      watchBodyRate(raw, config.BODY_RATE_WINDOW_MS, config.BODY_MIN_RATE, () => tooSlow(req, reply));
    done();
  });
  // The proxy's body parser hands on the request itself: its body is taken here, before the proxy starts.
  app.addHook('preHandler', (req, _reply, done) => {
    if (req.body !== req.raw || req.raw.complete) return done();
    takeBody(req, req.raw).then((body) => {
      req.body = body;
      done();
    }, done);
  });
  // A request too slow (or too large) is not read further: its connection closes after the answer.
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (reply.statusCode === 408 || reply.statusCode === 413) reply.header('connection', 'close');
    done(null, payload);
  });
}

/**
 * The server's side: headers within HEADERS_TIMEOUT_MS (Node answers 408; it checks every second
 * rather than every 30 s), and a connection that has sent no byte by then is closed. Node's timer
 * only runs once a request has begun; a connection that never starts one would be held forever
 * (connectionTimeout is 0: a book request may wait 30 minutes for its answer).
 */
export function limitSlowConnections(server: Server, config: GatewayConfig): void {
  server.headersTimeout = config.HEADERS_TIMEOUT_MS;
  (server as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval = Math.min(
    1000,
    config.HEADERS_TIMEOUT_MS,
  );
  server.on('connection', (socket) => {
    const timer = setTimeout(() => {
      if (socket.bytesRead === 0) socket.destroy();
    }, config.HEADERS_TIMEOUT_MS);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
  });
}
