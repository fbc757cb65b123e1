import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../src/config';
import { kafkaSecurityFromEnv } from '../src/events/kafka-security';
import { serviceEnvSchema } from '../src/service-env';

const dir = mkdtempSync(path.join(tmpdir(), 'gn-kafka-sec-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const base = { DATABASE_URL: 'postgres://u@h/db', INTERNAL_TOKEN: 'x'.repeat(16) };
const parse = (e: Record<string, string>) => serviceEnvSchema.parse({ ...base, ...e });

describe('Kafka TLS and SASL settings', () => {
  it('none by default: a plain connection', () => {
    expect(kafkaSecurityFromEnv(parse({}))).toEqual({});
  });

  it('TLS with the system CAs, or with a private CA file', () => {
    expect(kafkaSecurityFromEnv(parse({ KAFKA_SSL: 'true' }))).toEqual({ ssl: true });
    const ca = path.join(dir, 'ca.pem');
    writeFileSync(ca, '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n');
    expect(kafkaSecurityFromEnv(parse({ KAFKA_SSL: 'true', KAFKA_SSL_CA_FILE: ca })).ssl).toEqual({
      ca: [expect.stringContaining('BEGIN CERTIFICATE')],
      rejectUnauthorized: true,
    });
  });

  it('SASL SCRAM with user and password', () => {
    const s = kafkaSecurityFromEnv(
      parse({
        KAFKA_SSL: 'true',
        KAFKA_SASL_MECHANISM: 'scram-sha-512',
        KAFKA_SASL_USERNAME: 'gnology',
        KAFKA_SASL_PASSWORD: 'pw-123',
      }),
    );
    expect(s).toEqual({ ssl: true, sasl: { mechanism: 'scram-sha-512', username: 'gnology', password: 'pw-123' } });
  });

  it('refuses incomplete or contradictory settings with one line naming the variable, never the password', () => {
    const fails = (e: Record<string, string>, re: RegExp) => {
      let err: unknown;
      try {
        kafkaSecurityFromEnv(parse(e));
      } catch (x) {
        err = x;
      }
      expect(err).toBeInstanceOf(ConfigError);
      expect((err as Error).message).toMatch(re);
      expect((err as Error).message).not.toContain('\n');
      expect((err as Error).message).not.toContain('s3cret-pw');
    };
    fails(
      { KAFKA_SASL_MECHANISM: 'scram-sha-256', KAFKA_SASL_PASSWORD: 's3cret-pw' },
      /^config error: KAFKA_SASL_USERNAME is missing/,
    );
    fails({ KAFKA_SASL_MECHANISM: 'plain', KAFKA_SASL_USERNAME: 'u' }, /^config error: KAFKA_SASL_PASSWORD is missing/);
    fails(
      { KAFKA_SASL_USERNAME: 'u', KAFKA_SASL_PASSWORD: 's3cret-pw' },
      /^config error: KAFKA_SASL_MECHANISM is missing/,
    );
    fails(
      { KAFKA_SSL_CA_FILE: path.join(dir, 'ca.pem') },
      /^config error: KAFKA_SSL_CA_FILE is set but KAFKA_SSL is not true/,
    );
    fails(
      { KAFKA_SSL: 'true', KAFKA_SSL_CA_FILE: path.join(dir, 'nope.pem') },
      /^config error: KAFKA_SSL_CA_FILE cannot be read \(ENOENT\)/,
    );
    writeFileSync(path.join(dir, 'bad.pem'), 'not a certificate');
    fails(
      { KAFKA_SSL: 'true', KAFKA_SSL_CA_FILE: path.join(dir, 'bad.pem') },
      /^config error: KAFKA_SSL_CA_FILE is invalid/,
    );
  });

  it('an unknown mechanism fails the environment schema', () => {
    expect(serviceEnvSchema.safeParse({ ...base, KAFKA_SASL_MECHANISM: 'gssapi' }).success).toBe(false);
  });

  it('topic defaults: 6 partitions, 30 days retention, the broker replication factor', () => {
    const c = parse({});
    expect([c.KAFKA_TOPIC_PARTITIONS, c.KAFKA_TOPIC_RETENTION_MS, c.KAFKA_TOPIC_REPLICATION_FACTOR]).toEqual([
      6, 2_592_000_000, -1,
    ]);
    expect(serviceEnvSchema.safeParse({ ...base, KAFKA_TOPIC_PARTITIONS: '0' }).success).toBe(false);
  });

  it('a service started with an incomplete SASL setting exits 78 with the one line, before connecting anywhere', async () => {
    const { spawnSync } = await import('node:child_process');
    const script = `import { z } from 'zod'; import { runService } from './shared/platform/src/runtime.ts';
      await runService({ name: 'probe', schema: 'probe', defaultPort: 0, env: z.object({}), migrations: {}, buildApp: () => { throw new Error('must not get this far'); } });`;
    const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      env: {
        PATH: process.env.PATH,
        INTERNAL_TOKEN: 'x'.repeat(20),
        // Nothing listens here: the check must come before any connection is tried.
        DATABASE_URL: 'postgres://u@127.0.0.1:1/db',
        KAFKA_BROKERS: '127.0.0.1:1',
        KAFKA_SASL_MECHANISM: 'scram-sha-512',
        KAFKA_SASL_PASSWORD: 's3cret-pw',
      },
      encoding: 'utf8',
      timeout: 30_000,
      cwd: new URL('../../..', import.meta.url).pathname,
    });
    expect(r.status, r.stderr).toBe(78);
    expect(r.stderr.trim()).toBe(
      'config error: KAFKA_SASL_USERNAME is missing: expected the SASL user name (KAFKA_SASL_MECHANISM=scram-sha-512)',
    );
    // A whole Node process compiling the runtime with tsx: seconds on a busy two-core machine.
  }, 30_000);
});
