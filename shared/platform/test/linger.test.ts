import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LINGER_MS, lingerAfterAnswer } from '../src/http/linger';

/** A request whose body has not all arrived when the answer goes out, on `socket`. */
function unfinished(socket: unknown) {
  const raw = Object.assign(new EventEmitter(), { complete: false, socket }) as unknown as IncomingMessage;
  const res = new EventEmitter() as unknown as ServerResponse;
  lingerAfterAnswer(raw, res);
  res.emit('finish');
  return raw;
}

describe('lingering after an early answer', () => {
  afterEach(() => void vi.useRealTimers());

  it('cuts off a client still sending after LINGER_MS', () => {
    vi.useFakeTimers();
    const socket = { destroy: vi.fn() };
    unfinished(socket);
    vi.advanceTimersByTime(LINGER_MS - 1);
    expect(socket.destroy).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(socket.destroy).toHaveBeenCalledOnce();
  });

  it('leaves alone a request whose body ends in time', () => {
    vi.useFakeTimers();
    const socket = { destroy: vi.fn() };
    unfinished(socket).emit('end');
    vi.advanceTimersByTime(LINGER_MS);
    expect(socket.destroy).not.toHaveBeenCalled();
  });

  it('does not throw on an injected request, whose stand-in socket cannot be destroyed', () => {
    // fastify's inject (light-my-request) gives the request a socket without destroy(): the timer threw an
    // uncaught TypeError ten seconds later, which fails a whole test run that happened to be still going.
    vi.useFakeTimers();
    unfinished({ remoteAddress: '127.0.0.1' });
    expect(() => vi.advanceTimersByTime(LINGER_MS)).not.toThrow();
  });
});
