import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigError, env, loadConfig } from '../src/config';
import { serviceEnvSchema } from '../src/service-env';

describe('loadConfig', () => {
  const schema = z.object({ DATABASE_URL: env.url(), PORT: env.port(8080), ROLE: env.role() });

  it('parses and applies defaults', () => {
    const c = loadConfig(schema, { DATABASE_URL: 'postgres://u@h:5432/db', NODE_ENV: 'test' });
    expect(c).toEqual({ DATABASE_URL: 'postgres://u@h:5432/db', PORT: 8080, ROLE: 'all' });
  });

  it('names a missing variable and what is expected, in one line', () => {
    expect(() => loadConfig(schema, { NODE_ENV: 'test' })).toThrowError(ConfigError);
    try {
      loadConfig(schema, { NODE_ENV: 'test' });
    } catch (e) {
      expect((e as Error).message).toBe(
        'config error: DATABASE_URL is missing: expected a URL such as postgres://user@host:5432/db',
      );
    }
  });

  it('names an invalid variable', () => {
    expect(() => loadConfig(schema, { NODE_ENV: 'test', DATABASE_URL: 'postgres://h/db', ROLE: 'boss' })).toThrowError(
      /^config error: ROLE is invalid: expected one of api, worker, relay, all, migrate$/,
    );
  });

  it('stops a real process with exit code 78 and the one line on stderr', async () => {
    const { spawnSync } = await import('node:child_process');
    const script = `import { loadConfig } from './shared/platform/src/config.ts'; import { serviceEnvSchema } from './shared/platform/src/service-env.ts'; loadConfig(serviceEnvSchema);`;
    const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      env: { PATH: process.env.PATH, INTERNAL_TOKEN: 'x'.repeat(20) },
      encoding: 'utf8',
      cwd: new URL('../../..', import.meta.url).pathname,
    });
    expect(r.status).toBe(78);
    expect(r.stderr.trim()).toBe(
      'config error: DATABASE_URL is missing: expected a PostgreSQL URL such as postgres://user@host:5432/gnology',
    );
  });

  it('service env selects embedded backends when production variables are unset', () => {
    const c = serviceEnvSchema.parse({
      DATABASE_URL: 'postgres://u@h/db',
      INTERNAL_TOKEN: 'x'.repeat(16),
      REDIS_URL: '',
    });
    expect(c.REDIS_URL).toBeUndefined();
    expect(c.KAFKA_BROKERS).toBeUndefined();
    expect(c.S3_ENDPOINT).toBeUndefined();
  });
});
