import { PassThrough, Readable } from 'node:stream';
import { lingerAfterAnswer } from '@gnology/platform/http/linger';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * A service may answer before the request body has all arrived: the documents service refuses a
 * disguised file after its first 64 KB (issue 14). The proxy (undici) then stops sending, and
 * destroys the body stream it was given; given the client's own request, that would destroy the
 * client's connection before the service's answer reached it. So the proxy gets a stream of its
 * own (a PassThrough fed by the request), and when the proxy lets go of it early, the rest of the
 * client's body is read and dropped ("lingering"), so the answer is delivered instead of a reset.
 * A client still sending `LINGER_MS` (shared/platform/src/http/linger.ts) after its answer went out is cut off.
 */

const shielded = new WeakSet<FastifyRequest>();

function shield(req: FastifyRequest): PassThrough {
  const raw = req.raw;
  const pass = new PassThrough({ highWaterMark: 64 * 1024 });
  // Destroyed with an error while the proxy's request still waits for a connection (no listener of
  // undici's yet), the error would be uncaught and end the process; the proxy sees it all the same.
  pass.on('error', () => {});
  raw.pipe(pass);
  // The client went away mid-body: the upstream request is aborted too.
  raw.once('close', () => {
    if (!raw.complete) pass.destroy(new Error('the client closed the connection before its request was sent'));
  });
  pass.once('close', () => {
    if (raw.complete) return;
    raw.unpipe(pass);
    raw.resume();
  });
  shielded.add(req);
  return pass;
}

/** Hooks with callbacks, as the rest of the hot path (security-headers.ts says why). */
export function registerEarlyAnswers(app: FastifyInstance): void {
  // After the proxies' body parsers (which hand on the request itself) and before they send it.
  app.addHook('preHandler', (req, _reply, done) => {
    if (req.body === req.raw && req.body instanceof Readable && !req.raw.complete) req.body = shield(req);
    done();
  });
  app.addHook('onSend', (req, reply, payload, done) => {
    const raw = req.raw;
    // A request too slow (slow-clients.ts) is not lingered over: its connection closes after the 408.
    if (!shielded.has(req) || raw.complete || reply.statusCode === 408) return done(null, payload);
    // The proxy (routes/proxy.ts) asks to close a connection whose request is not all read; closing it now would
    // reset it while the client still sends, and the client could lose the answer. It lingers instead.
    reply.removeHeader('connection');
    lingerAfterAnswer(raw, reply.raw);
    done(null, payload);
  });
}
