// Where the gateway's CPU goes: the gateway (or the floor) under `node --cpu-prof` in front of the
// bench upstream, loaded by autocannon, then its profile summed by self time per function and per
// module group.
//   npx tsx bench/gateway/profile.ts                   (gateway, /api/documents/ping, 50 connections, 10 s)
//   PROFILE_TARGET=floor.ts PROFILE_ROUTE=/api/documents PROFILE_SECONDS=10 npx tsx bench/gateway/profile.ts
//   npx tsx bench/gateway/profile.ts some.cpuprofile   (only the summary of a profile written before)
import { fork } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { createTestSigner } from '../../shared/testing/src/tokens';
import { summariseProfile } from './profile-summary';

const here = path.dirname(fileURLToPath(import.meta.url));
const given = process.argv[2];
if (given) {
  console.log(
    summariseProfile(JSON.parse(readFileSync(given, 'utf8')), {
      lastSeconds: Number(process.env.PROFILE_SECONDS ?? Number.POSITIVE_INFINITY),
      requests: Number(process.env.PROFILE_REQUESTS ?? 0),
    }),
  );
  process.exit(0);
}
const target = process.env.PROFILE_TARGET ?? 'gateway.ts';
const route = process.env.PROFILE_ROUTE ?? '/api/documents/ping';
const seconds = Number(process.env.PROFILE_SECONDS ?? 10);
const signer = await createTestSigner();
const token = await signer.sign({ id: 'bench-user' }, { expiresIn: '2h' });
const dir = mkdtempSync(path.join(tmpdir(), 'gateway-prof-'));

type Child = ReturnType<typeof fork>;
const start = (file: string, env: Record<string, string>, execArgv: string[] = []) => {
  const child = fork(path.join(here, file), [], {
    execArgv: ['--import', 'tsx', ...execArgv],
    env: { ...process.env, ...env },
    stdio: 'inherit',
  });
  return new Promise<Child>((resolve, reject) => {
    child.once('message', () => resolve(child));
    child.once('exit', (c) => reject(new Error(`${file} exited ${c}`)));
  });
};
const upstream = await start('upstream.ts', { PORT: '19281' });
const profiled = await start(
  target,
  { PORT: '19280', UPSTREAM_PORT: '19281', BENCH_JWKS: JSON.stringify(signer.jwks) },
  ['--cpu-prof', `--cpu-prof-dir=${dir}`],
);
const url = `http://127.0.0.1:19280${route}`;
const headers = { authorization: `Bearer ${token}` };
await autocannon({ url, headers, connections: 10, duration: 1 });
const r = await autocannon({ url, headers, connections: 50, duration: seconds });
console.log(`${target} ${route}: ${Math.round(r.requests.average)} req/s, non-2xx ${r.non2xx}`);
await new Promise((resolve) => {
  profiled.once('exit', resolve);
  profiled.send('exit');
});
upstream.kill();
const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
if (!file) throw new Error(`no profile in ${dir}`);
console.log(`profile: ${path.join(dir, file)}`);
// The load's seconds only (the last second is the exit).
console.log(
  summariseProfile(JSON.parse(readFileSync(path.join(dir, file), 'utf8')), {
    top: 50,
    lastSeconds: seconds,
    requests: r.requests.total,
  }),
);
