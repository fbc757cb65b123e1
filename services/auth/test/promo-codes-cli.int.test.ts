import { requireInfra } from '@gnology/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../src/cli/promo-codes';
import { type AuthTest, newSignup, startAuth } from './helpers';

requireInfra('DATABASE_URL');

let t: AuthTest;
const saved = process.env.DATABASE_URL;
beforeAll(async () => {
  t = await startAuth();
  process.env.DATABASE_URL = t.svc.config.DATABASE_URL;
});
afterAll(async () => {
  process.env.DATABASE_URL = saved;
  await t?.close();
});

async function run(...args: string[]) {
  const lines: string[] = [];
  await main(args, (l) => lines.push(l));
  return lines;
}

describe('promo-codes CLI', () => {
  it('adds, lists and disables the codes sign-up accepts', async () => {
    expect(await run('add', 'spring-25', '--description', 'Spring mailing', '--max-uses', '100')).toEqual([
      'added SPRING-25',
    ]);
    expect((await t.post('/api/auth/register', newSignup({ optionalCode: 'SPRING-25' }))).status).toBe(201);

    const [line] = await run('list');
    expect(line).toMatch(/^SPRING-25\s+active, 1 used \(max 100\), no expiry, 1 accounts {2}— Spring mailing$/);

    expect(await run('disable', 'spring-25')).toEqual(['disabled SPRING-25']);
    const refused = await t.post('/api/auth/register', newSignup({ optionalCode: 'SPRING-25' }));
    expect(refused.status).toBe(400);
    expect((await run('list'))[0]).toContain('disabled');
  });
});
