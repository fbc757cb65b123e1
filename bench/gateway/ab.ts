// A/B of the gateway's CPU per request: this checkout against an older one and against the floor
// (floor.ts, a bare undici proxy), side by side in one run, alternating round by round.
//   mkdir -p bench/gateway/_baseline && git archive <rev> gateway/src | tar -x --strip-components=1 -C bench/gateway/_baseline
//   AB_ROUNDS=4 npx tsx bench/gateway/ab.ts       (about 30 s a round; delete _baseline afterwards)
// Before the skeleton (2c7aeab and older, flat gateway/src):
//   mkdir -p bench/gateway/_baseline/src && for f in access-tokens app config early-answers lazy-child-logger openapi routes-table security-headers; do git show <rev>:gateway/src/$f.ts > bench/gateway/_baseline/src/$f.ts; done
// Rate-limit stores (decision 0207): BENCH_AB_REDIS_URL=redis://127.0.0.1:6379 compares this checkout
// without Redis ('before') and with it ('after'); with a _baseline from before 0207 (its plugin
// given the client: a Redis round trip per request) that one runs with Redis too, as 'per-request'.
// Each case: autocannon, 100 connections, AB_SECONDS (4) after a 1 s warm-up; CPU is the measured
// process's user + system time over the requests it served. The summary gives each contender's
// median and its ratio to the floor's median.
import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';
import { createTestSigner } from '../../shared/testing/src/tokens';

const rounds = Number(process.env.AB_ROUNDS ?? 2);
const seconds = Number(process.env.AB_SECONDS ?? 4);
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
// AB_CPU=user: user time only. On a loaded machine the kernel's loopback work for other processes
// is charged as system time to whichever process runs, and swamps the difference between contenders.
const userOnly = process.env.AB_CPU === 'user';
const cpuOf = (c: C) =>
  new Promise<number>((r) => {
    const on = (m: unknown) => {
      const got = m as { cpu?: number; user?: number } | null;
      if (got?.cpu) {
        c.off('message', on);
        r(userOnly ? got.user! : got.cpu);
      }
    };
    c.on('message', on);
    c.send('cpu');
  });
const up = await start({ PORT: '19191' }, 'upstream.ts');
const base = { UPSTREAM_PORT: '19191', BENCH_JWKS: JSON.stringify(signer.jwks) };
const redisUrl = process.env.BENCH_AB_REDIS_URL;
const baseline = new URL('./_baseline/src/app.ts', import.meta.url).pathname;
const old = existsSync(baseline)
  ? await start({ ...base, PORT: '19192', BENCH_GATEWAY_APP: baseline, BENCH_REDIS_URL: redisUrl ?? '' })
  : undefined;
const now = await start({ ...base, PORT: '19193', BENCH_REDIS_URL: redisUrl ?? '' });
const plain = redisUrl ? await start({ ...base, PORT: '19194', BENCH_REDIS_URL: '' }) : undefined;
const floor = redisUrl ? undefined : await start({ PORT: '19195', UPSTREAM_PORT: '19191' }, 'floor.ts');
const contenders: [string, C, number][] = redisUrl
  ? [
      ['before', plain!, 19194],
      ['after', now, 19193],
      ...(old ? [['per-request', old, 19192] as [string, C, number]] : []),
    ]
  : [...(old ? [['before', old, 19192] as [string, C, number]] : []), ['after', now, 19193], ['floor', floor!, 19195]];
const cpu: Record<string, number[]> = {};
const loads: number[] = [];
console.log(
  `${os.cpus().length} cores, node ${process.version}, ${new Date().toISOString()}, CPU: ${userOnly ? 'user' : 'user + system'}`,
);
for (let round = 0; round < rounds; round++)
  // The order turns each round, so no contender always runs first (coldest) or last.
  for (const route of ['/api/documents/ping', '/api/documents'])
    for (let i = 0; i < contenders.length; i++) {
      const [name, c, port] = contenders[(i + round) % contenders.length]!;
      const url = `http://127.0.0.1:${port}${route}`;
      const headers = { authorization: `Bearer ${token}` };
      await autocannon({ url, headers, connections: 10, duration: 1 });
      const load = os.loadavg()[0]!;
      loads.push(load);
      const b = await cpuOf(c);
      const r = await autocannon({ url, headers, connections: 100, duration: seconds });
      const perRequest = Math.round(((await cpuOf(c)) - b) / r.requests.total);
      cpu[`${route} ${name}`] = [...(cpu[`${route} ${name}`] ?? []), perRequest];
      console.log(
        route,
        round,
        name,
        'rps',
        Math.round(r.requests.average),
        'cpu µs/req',
        perRequest,
        'non2xx',
        r.non2xx,
        'load',
        load.toFixed(1),
      );
    }
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
console.log(`\nload average ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)} (1 min)`);
console.log('| route | contender | CPU µs/req, each round | median | ÷ floor median |');
console.log('|---|---|---|---|---|');
for (const route of ['/api/documents/ping', '/api/documents']) {
  const floorMedian = cpu[`${route} floor`] ? median(cpu[`${route} floor`]!) : undefined;
  for (const [name] of contenders) {
    const xs = cpu[`${route} ${name}`]!;
    const m = median(xs);
    console.log(
      `| ${route} | ${name} | ${xs.join(' / ')} | ${m} | ${floorMedian ? (m / floorMedian).toFixed(2) : '–'} |`,
    );
  }
}
for (const c of [old, now, plain, floor, up]) c?.kill();
