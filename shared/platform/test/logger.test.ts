import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, redactUrl } from '../src/logger';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk, _enc, cb) {
      for (const l of String(chunk).trim().split('\n')) lines.push(JSON.parse(l));
      cb();
    },
  });
  return { lines, destination };
}

describe('logger', () => {
  it('redacts authorization headers, cookies, passwords and tokens', () => {
    const { lines, destination } = capture();
    const log = createLogger({ service: 't', destination });
    log.info(
      {
        req: {
          method: 'GET',
          url: '/api/documents/1/view?token=abc.def&x=1',
          headers: { authorization: 'Bearer secret' },
        },
      },
      'r',
    );
    log.info({ headers: { authorization: 'Bearer s2', cookie: 'sid=1' } }, 'h');
    log.info({ body: { password: 'hunter2', token: 't0k', newPassword: 'n', currentPassword: 'c' } }, 'b');
    const text = JSON.stringify(lines);
    for (const secret of ['Bearer secret', 'Bearer s2', 'sid=1', 'hunter2', 't0k', 'abc.def'])
      expect(text).not.toContain(secret);
    expect((lines[0].req as { url: string }).url).toBe('/api/documents/1/view?token=[REDACTED]&x=1');
    expect(lines[1].headers).toEqual({ authorization: '[REDACTED]', cookie: '[REDACTED]' });
    expect(lines[2].body).toMatchObject({ password: '[REDACTED]', token: '[REDACTED]' });
  });

  it('redacts verification codes and every secret field, at any of three depths, but keeps error codes', () => {
    const { lines, destination } = capture();
    const log = createLogger({ service: 't', destination });
    log.info({ to: '+15551234567', smsCode: '482913' }, 'sms');
    log.info({ body: { email: 'a@example.com', code: '573920' } }, 'verify');
    log.info({ user: { verificationCode: '110293', codeHash: 'salt:abcdef0123' } }, 'nested');
    log.info(
      {
        config: {
          INTERNAL_TOKEN: 'internal-secret-value',
          JWT_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----xyz',
          STRIPE_SECRET_KEY: 'sk_live_123',
        },
      },
      'config',
    );
    log.info(
      {
        headers: { 'x-internal-token': 'internal-secret-2' },
        outer: { inner: { token: 'deep-token', privateKey: 'pk-1' } },
      },
      'deep',
    );
    log.warn({ err: { code: 'ECONNREFUSED' }, code: 'ETIMEDOUT' }, 'upstream failed');
    const text = JSON.stringify(lines);
    for (const secret of [
      '482913',
      '573920',
      '110293',
      'abcdef0123',
      'internal-secret-value',
      'BEGIN PRIVATE KEY',
      'sk_live_123',
      'internal-secret-2',
      'deep-token',
      'pk-1',
    ]) {
      expect(text, secret).not.toContain(secret);
    }
    expect(lines[0]).toMatchObject({ to: '+15551234567', smsCode: '[REDACTED]' });
    expect(lines[1].body).toEqual({ email: 'a@example.com', code: '[REDACTED]' });
    expect(lines[5]).toMatchObject({ code: 'ETIMEDOUT', err: { code: 'ECONNREFUSED' } });
  });

  it('keeps the service name and ISO time on every line', () => {
    const { lines, destination } = capture();
    createLogger({ service: 'documents', destination }).warn('x');
    expect(lines[0]).toMatchObject({ service: 'documents', level: 40, msg: 'x' });
    expect(String(lines[0].time)).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('redactUrl handles several secret parameters', () => {
    expect(redactUrl('/a?token=1&b=2&access_token=3')).toBe('/a?token=[REDACTED]&b=2&access_token=[REDACTED]');
    expect(redactUrl('/plain')).toBe('/plain');
    // A personal access token in any parameter (issue 18), not only the known names.
    expect(redactUrl('/api/documents?key=gnpat_AbC-1_x&b=2')).toBe('/api/documents?key=gnpat_[REDACTED]&b=2');
  });
});
