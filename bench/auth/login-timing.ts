/**
 * Login answer times for a right password, a wrong password and an unknown e-mail. The last two
 * must be indistinguishable (same answer, similar time) so login does not reveal which e-mails
 * have accounts; all three are dominated by one argon2id check (docs/decisions/0010).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/auth/login-timing.ts
 *
 * The auth app runs in this process on a fresh database (real Postgres), driven with
 * app.inject one request at a time, interleaving the three cases so drift hits them alike.
 */
import { createTestService } from '@gnology/testing';
import { buildApp } from '../../services/auth/src/app';
import { authEnvSchema } from '../../services/auth/src/config';
import { migrations } from '../../services/auth/src/migrations';

const ROUNDS = 200;

const svc = await createTestService({ name: 'auth', schema: 'auth', migrations });
const config = {
  ...svc.config,
  ...authEnvSchema.parse({ LOGIN_MAX_FAILURES_PER_EMAIL: '1000000', LOGIN_MAX_FAILURES_PER_IP: '1000000' }),
};
const app = await buildApp({ ...svc, config });

const signup = {
  name: 'Bench User',
  email: 'bench.user@example.com',
  password: 'correct-horse',
  cellPhone: '(555) 010-0000',
  optionalCode: '',
};
await app.inject({ method: 'POST', url: '/api/auth/register', payload: signup });

const cases = {
  'right password': { email: signup.email, password: signup.password },
  'wrong password': { email: signup.email, password: 'wrong-horse-x' },
  'unknown e-mail': { email: 'nobody.here@example.com', password: 'wrong-horse-x' },
};
const times: Record<string, number[]> = Object.fromEntries(Object.keys(cases).map((k) => [k, []]));
const statuses: Record<string, Set<number>> = Object.fromEntries(Object.keys(cases).map((k) => [k, new Set()]));

for (let i = 0; i < ROUNDS + 10; i++) {
  for (const [name, body] of Object.entries(cases)) {
    const t0 = performance.now();
    const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: body });
    const ms = performance.now() - t0;
    if (i >= 10) times[name]!.push(ms); // the first rounds warm up argon2 and the pool
    statuses[name]!.add(res.statusCode);
  }
}

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
console.log(`login timing, ${ROUNDS} requests per case, sequential (ms)`);
console.log('case             status  p50    p95    p99');
for (const name of Object.keys(cases)) {
  const xs = times[name]!;
  console.log(
    `${name.padEnd(16)} ${[...statuses[name]!].join(',').padEnd(7)} ${pct(xs, 50).toFixed(1).padEnd(6)} ${pct(xs, 95).toFixed(1).padEnd(6)} ${pct(xs, 99).toFixed(1)}`,
  );
}
await app.close();
await svc.cleanup();
