import type { IncomingMessage, ServerResponse } from 'node:http';

/** How long the rest of an unread request body is read and dropped after the answer went out. */
export const LINGER_MS = 10_000;

/**
 * An answer sent before its request body has all arrived (an upload refused by its first bytes):
 * closing the connection then would reset it while the client still sends, and a client busy
 * writing (a browser, the gateway's proxy) fails on the reset without reading the answer (issue 14).
 * So once the answer is out, the connection lingers: the rest of the body is read and dropped, and
 * a client still sending `LINGER_MS` later is cut off. The caller makes sure the body flows (it
 * resumes the request, or a pipe reads it).
 */
export function lingerAfterAnswer(raw: IncomingMessage, res: ServerResponse): void {
  res.once('finish', () => {
    if (raw.complete) return;
    // An injected request (fastify's inject) has a stand-in socket without destroy(): nothing to cut off there.
    const timer = setTimeout(() => {
      const socket: { destroy?: unknown } | undefined = raw.socket;
      if (typeof socket?.destroy === 'function') raw.socket.destroy();
    }, LINGER_MS);
    timer.unref();
    raw.once('end', () => clearTimeout(timer));
    raw.once('close', () => clearTimeout(timer));
  });
}
