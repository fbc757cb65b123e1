import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { lazyChildLogger } from '../src/http/lazy-child-logger';

function capture(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { logger: pino({ level, redact: ['req.headers.authorization'] }, stream), lines };
}

describe('a request logger made on first use', () => {
  it('writes what the default child would, with its bindings and redaction, and skips levels below the logger', async () => {
    const { logger, lines } = capture('warn');
    const log = lazyChildLogger(logger, { reqId: 'r-1' }, {});
    log.info('not written');
    log.warn({ req: { headers: { authorization: 'Bearer secret' } } }, 'written');
    await new Promise((r) => setImmediate(r));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ reqId: 'r-1', msg: 'written', req: { headers: { authorization: '[Redacted]' } } });
    expect(log.isLevelEnabled('info')).toBe(false);
  });

  it("follows a route's own log level", async () => {
    const { logger, lines } = capture('info');
    const log = lazyChildLogger(logger, { reqId: 'r-2' }, { level: 'warn' });
    log.info('below the route level');
    log.error('above it');
    await new Promise((r) => setImmediate(r));
    expect(lines.map((l) => l.msg)).toEqual(['above it']);
    expect(log.level).toBe('warn');
  });
});
