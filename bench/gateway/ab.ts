// A/B of the gateway's CPU per request: this checkout against an older one, side by side in one run.
//   Before the skeleton (2c7aeab and older, flat gateway/src):
//   mkdir -p bench/gateway/_baseline/src && for f in access-tokens app config early-answers lazy-child-logger openapi routes-table security-headers; do git show <rev>:gateway/src/$f.ts > bench/gateway/_baseline/src/$f.ts; done
//   After it: mkdir -p bench/gateway/_baseline && git archive <rev> gateway/src | tar -x --strip-components=1 -C bench/gateway/_baseline
//   npx tsx bench/gateway/ab.ts       (about 45 s; delete _baseline afterwards)
// Rate-limit stores (decision 0207): BENCH_AB_REDIS_URL=redis://127.0.0.1:6379 compares this checkout
// without Redis ('before') and with it ('after'); with a _baseline from before 0207 (its plugin
// given the client: a Redis round trip per request) that one runs with Redis too, as 'per-request'.
import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import autocannon from 'autocannon';
import { createTestSigner } from '../../shared/testing/src/tokens';
const signer = await createTestSigner();
const token = await signer.sign({ id: 'bench-user' }, { expiresIn: '2h' });
type C = ReturnType<typeof fork>;
const start = (env: Record<string, string>, file = 'gateway.ts') => {
  const c = fork(new URL(file, import.meta.url).pathname, [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...env },
    stdio: 'inherit',
  });
  return new Promise<C>((r, reject) => {
    c.once('message', () => r(c));
    c.once('exit', (code) => reject(new Error(`${file} exited ${code}`)));
  });
};
const cpuOf = (c: C) =>
  new Promise<number>((r) => {
    const on = (m: unknown) => {
      const cpu = (m as { cpu?: number } | null)?.cpu;
      if (cpu) {
        c.off('message', on);
        r(cpu);
      }
    };
    c.on('message', on);
    c.send('cpu');
  });
const up = await start({ PORT: '19191' }, 'upstream.ts');
const base = { UPSTREAM_PORT: '19191', BENCH_JWKS: JSON.stringify(signer.jwks) };
const redisUrl = process.env.BENCH_AB_REDIS_URL;
const baseline = new URL('./_baseline/src/app.ts', import.meta.url).pathname;
const old =
  !redisUrl || existsSync(baseline)
    ? await start({ ...base, PORT: '19192', BENCH_GATEWAY_APP: baseline, BENCH_REDIS_URL: redisUrl ?? '' })
    : undefined;
const now = await start({ ...base, PORT: '19193', BENCH_REDIS_URL: redisUrl ?? '' });
const plain = redisUrl ? await start({ ...base, PORT: '19194', BENCH_REDIS_URL: '' }) : undefined;
const contenders: [string, C, number][] = redisUrl
  ? [
      ['before', plain!, 19194],
      ['after', now, 19193],
      ...(old ? [['per-request', old, 19192] as [string, C, number]] : []),
    ]
  : [
      ['before', old!, 19192],
      ['after', now, 19193],
    ];
for (const route of ['/api/documents/ping', '/api/documents'])
  for (let round = 0; round < 2; round++)
    for (const [name, c, port] of contenders) {
      await autocannon({
        url: `http://127.0.0.1:${port}${route}`,
        headers: { authorization: `Bearer ${token}` },
        connections: 10,
        duration: 1,
      });
      const b = await cpuOf(c);
      const r = await autocannon({
        url: `http://127.0.0.1:${port}${route}`,
        headers: { authorization: `Bearer ${token}` },
        connections: 100,
        duration: 4,
      });
      const cpu = (await cpuOf(c)) - b;
      console.log(
        route,
        round,
        name,
        'rps',
        Math.round(r.requests.average),
        'cpu µs/req',
        Math.round(cpu / r.requests.total),
        'non2xx',
        r.non2xx,
      );
    }
for (const c of [old, now, plain, up]) c?.kill();
