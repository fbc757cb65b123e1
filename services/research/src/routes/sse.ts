import type { FastifyReply, FastifyRequest } from 'fastify';

/** A server-sent-events response on a hijacked reply: unbuffered, with a heartbeat. */
export interface SseStream {
  send(event: string, data: unknown, id?: string | number): void;
  comment(text: string): void;
  end(): void;
  readonly closed: boolean;
  /** Aborts when the client goes away or the server shuts down. */
  readonly signal: AbortSignal;
}

const open = new Set<SseStream>();

/** Ends every open stream (server shutdown): clients reconnect, generation streams resume by offset. */
export function endAllStreams(): void {
  for (const s of [...open]) s.end();
}

export function startSse(req: FastifyRequest, reply: FastifyReply): SseStream {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    'x-request-id': req.id,
  });
  res.flushHeaders?.();
  const controller = new AbortController();
  let closed = false;
  const heartbeat = setInterval(() => stream.comment('keep-alive'), 15_000);
  heartbeat.unref();
  const close = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    open.delete(stream);
    controller.abort();
  };
  res.on('close', close);
  const stream: SseStream = {
    send(event, data, id) {
      if (closed) return;
      res.write(`${id !== undefined ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    comment(text) {
      if (!closed) res.write(`: ${text}\n\n`);
    },
    end() {
      if (!closed) res.end();
      close();
    },
    get closed() {
      return closed;
    },
    signal: controller.signal,
  };
  open.add(stream);
  return stream;
}
