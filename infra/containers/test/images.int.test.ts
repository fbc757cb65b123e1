import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { createTestDatabase, requireInfra, type TestDatabase } from '@gnology/testing';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scannedPagePng } from '../../../services/documents/test/fixtures/generate';
import { OBITUARY } from '../../../services/documents/test/fixtures/texts';
import { defaultInputs, ensureBaseImage } from './base-image';
import { type BuiltTarget, buildTargets, snapshotContext, TARGETS, type Target } from './build-images';
import { Docker, run } from './docker';
import { type DockerEngine, ensureDockerEngine } from './docker-engine';

/**
 * Issue 17, "images that really build and run": every Dockerfile target is built on a Debian
 * base made here (no registry is reachable from CI), run as CI would deploy it (non-root,
 * read-only root filesystem, tmpfs on /tmp and /app/.data) against the machine's PostgreSQL
 * and Redis, and must pass its HEALTHCHECK, answer /readyz, process a real OCR job and stop
 * cleanly on SIGTERM. Then docker-compose.yml is validated by Debian's docker-compose 1.29 and
 * its application services run against the host's infrastructure
 * (docker-compose.host-infra.yml) until a signed-in user has uploaded a document.
 *
 * No Docker engine (not root, no kernel support) fails the suite with the one-line reason:
 * CI never skips a test.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const log = (line: string) => console.log(`containers: ${line}`);
const run_id = randomBytes(3).toString('hex');
const TAG = `test-${run_id}`;
const SERVICES = TARGETS.filter((t) => t !== 'gateway') as Exclude<Target, 'gateway'>[];
/** The grace period the services promise (SHUTDOWN_TIMEOUT_MS) and `docker stop -t` gives. */
const GRACE_S = 30;

let engine: DockerEngine | undefined;
let docker: Docker;
let built: BuiltTarget[] = [];
const databases: TestDatabase[] = [];
const containers: string[] = [];
const timings: Record<string, number> = {};

beforeAll(async () => {
  const t0 = Date.now();
  engine = await ensureDockerEngine(log);
  docker = new Docker(engine.host);
  const base = await ensureBaseImage(docker, defaultInputs(repoRoot), log);
  timings.base = base.seconds;
  const context = await snapshotContext(repoRoot);
  try {
    built = await buildTargets(docker, context.dir, { baseImage: base.tag, tag: TAG, log });
  } finally {
    context.remove();
  }
  timings.build = built.reduce((s, b) => s + b.seconds, 0);
  timings.setup = (Date.now() - t0) / 1000;
  log(
    `base image ${base.built ? 'built' : 'reused'} in ${base.seconds.toFixed(1)} s; seven targets built in ${timings.build.toFixed(1)} s (${built.map((b) => `${b.target} ${b.seconds.toFixed(0)} s`).join(', ')})`,
  );
}, 45 * 60_000);

afterAll(async () => {
  if (docker) {
    if (containers.length) await docker.run(['rm', '-f', '-v', ...containers]);
    // The seven images of this run; the base and the build cache stay for the next run.
    if (built.length) await docker.run(['rmi', ...built.map((b) => b.image)]);
  }
  await Promise.all(databases.map((d) => d.drop().catch(() => {})));
  // The queues of this run's two queue prefixes (the machine's Redis is shared with other suites).
  {
    const redis = new Redis(requireInfra('REDIS_URL'), { lazyConnect: true, maxRetriesPerRequest: 1 });
    try {
      await redis.connect();
      for (const prefix of [`gnct_${run_id}`, `gncc_${run_id}`]) {
        let cursor = '0';
        do {
          const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
          if (keys.length) await redis.del(...keys);
          cursor = next;
        } while (cursor !== '0');
      }
    } finally {
      redis.disconnect();
    }
  }
  await engine?.stop();
  log(
    `timings (s): ${JSON.stringify(Object.fromEntries(Object.entries(timings).map(([k, v]) => [k, Math.round(v * 10) / 10])))}`,
  );
}, 5 * 60_000);

/** Free loopback ports (the suites of npm test run side by side on this machine). */
async function freePorts(n: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: n },
      () =>
        new Promise<import('node:net').Server>((resolve, reject) => {
          const s = createServer();
          s.once('error', reject);
          s.listen(0, '127.0.0.1', () => resolve(s));
        }),
    ),
  );
  const ports = servers.map((s) => (s.address() as import('node:net').AddressInfo).port);
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  return ports;
}

async function logsOf(name: string): Promise<string> {
  const r = await docker.run(['logs', '--tail', '25', name]);
  return `${r.stdout}${r.stderr}`.trim();
}

async function waitFor<T>(
  what: string,
  timeoutMs: number,
  probe: () => Promise<T | undefined>,
  explain: () => Promise<string> = async () => '',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not after ${timeoutMs / 1000} s\n${await explain()}`);
    await sleep(1000);
  }
}

async function getJson(url: string, token?: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(url, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    signal: AbortSignal.timeout(10_000),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: kept as text for the message.
  }
  return { status: res.status, body };
}

async function postJson(url: string, payload: unknown, token?: string): Promise<Record<string, unknown>> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(payload),
    signal: AbortSignal.timeout(20_000),
  });
  const body = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`POST ${url} answered ${res.status}: ${JSON.stringify(body)}`);
  return body;
}

let userCounter = 0;

/**
 * Registers and verifies a user through the gateway, as web/e2e does: the console SMS sender
 * writes the code to the outbox file in auth's data folder, read here with `docker exec`.
 */
async function signUp(gateway: string, authContainer: string): Promise<string> {
  userCounter += 1;
  const n = `${Date.now().toString().slice(-6)}${userCounter}`;
  const user = {
    name: 'Ada Lovelace',
    email: `ada.${run_id}.${n}@example.com`,
    password: 'correct-horse-battery',
    cellPhone: `(555) ${n.slice(0, 3)}-${n.slice(3, 7).padEnd(4, '0')}`,
    optionalCode: '',
  };
  const registered = await postJson(`${gateway}/api/auth/register`, user);
  const outbox = await docker.check(['exec', authContainer, 'cat', '/app/.data/sms-outbox.jsonl']);
  const sent = outbox
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { to: string; code: string });
  const code = sent[sent.length - 1]?.code;
  expect(code).toMatch(/^\d{4,8}$/);
  await postJson(`${gateway}/api/auth/verify-phone`, { email: user.email, code }, registered.token as string);
  const login = await postJson(`${gateway}/api/auth/login`, { email: user.email, password: user.password });
  return login.token as string;
}

/** Uploads a scanned page (PNG, OCR lane) and waits until the worker role has read it. */
async function uploadScanAndWaitForOcr(gateway: string, token: string): Promise<{ id: string; seconds: number }> {
  // A third of a page at 200 dpi: real OCR work, kept short for two cores.
  const png = await scannedPagePng(OBITUARY, { dpi: 200, heightInches: 3.5 });
  const form = new FormData();
  form.append('document', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'turner-obituary-scan.png');
  const t0 = Date.now();
  const res = await fetch(`${gateway}/api/documents/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
    signal: AbortSignal.timeout(30_000),
  });
  const uploaded = (await res.json()) as { _id?: string; document?: { _id: string } };
  expect(res.status, JSON.stringify(uploaded)).toBe(201);
  const id = uploaded._id ?? uploaded.document?._id;
  expect(id).toBeTruthy();
  const done = await waitFor('the OCR job of the uploaded scan to complete', 180_000, async () => {
    const { body } = await getJson(`${gateway}/api/documents/${id}`, token);
    const doc = body as { processingStatus?: string; extractedText?: string; processingError?: string };
    if (doc.processingStatus === 'failed') throw new Error(`processing failed: ${doc.processingError}`);
    return doc.processingStatus === 'completed' ? doc : undefined;
  });
  expect(done.extractedText).toMatch(/Mary Ellen Turner/);
  return { id: id!, seconds: (Date.now() - t0) / 1000 };
}

describe('service images (docker run, read-only, host network)', () => {
  const names = {} as Record<Target, string>;
  const ports = {} as Record<Target, number>;
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase('gn_containers');
    databases.push(db);
    const free = await freePorts(TARGETS.length);
    TARGETS.forEach((t, i) => {
      ports[t] = free[i];
      names[t] = `gn-${t}-${run_id}`;
    });
  });

  const serviceEnv = (): Record<string, string> => ({
    // npm start's embedded settings (infra/embedded/launcher.mjs) on the host's Postgres and Redis.
    ALLOW_EMBEDDED_DEFAULTS: 'true',
    HOST: '127.0.0.1',
    DATABASE_URL: db.url,
    REDIS_URL: requireInfra('REDIS_URL'),
    QUEUE_PREFIX: `gnct_${run_id}`,
    INTERNAL_TOKEN: `containers-test-${run_id}-token`,
    OCR_WORKERS: '1',
    ...Object.fromEntries(SERVICES.map((s) => [`${s.toUpperCase()}_URL`, `http://127.0.0.1:${ports[s]}`])),
  });

  async function start(target: Target, env: Record<string, string>) {
    const image = built.find((b) => b.target === target)!.image;
    containers.push(names[target]);
    await docker.check([
      'run',
      '-d',
      '--name',
      names[target],
      '--network',
      'host',
      // As decision 0003 documents: a read-only root, scratch only in the two tmpfs mounts.
      '--read-only',
      '--tmpfs',
      '/tmp',
      '--tmpfs',
      // A tmpfs is root's unless told otherwise; the services run as node (1000).
      '/app/.data:uid=1000,gid=1000',
      ...Object.entries({ ...env, PORT: String(ports[target]) }).flatMap(([k, v]) => ['-e', `${k}=${v}`]),
      image,
    ]);
  }

  it("builds all seven targets from one shared build, without the web app's packages or broken links", async () => {
    expect(built.map((b) => b.target)).toEqual([...TARGETS]);
    const sizes: Record<string, number> = {};
    for (const b of built) {
      sizes[b.target] = Math.round((await docker.inspect<number>(b.image, '.Size')) / 1e6);
      // The prune keeps only the servers' dependencies: no React (the web app is prebuilt into
      // web/dist), no `@gnology/*` links to workspace folders the image does not have.
      const probe = await docker.check([
        'run',
        '--rm',
        '--network',
        'none',
        b.image,
        'sh',
        '-c',
        'find /app/node_modules -xtype l; for p in react react-dom @gnology; do test -e /app/node_modules/$p && echo "has $p"; done; true',
      ]);
      expect(probe.trim(), `${b.target}: broken links or web packages`).toBe('');
    }
    log(`image sizes (MB): ${JSON.stringify(sizes)}`);
    // All targets share every layer but their last (decision 0003): the same size within a few MB
    // (the gateway adds web/dist).
    expect(Math.max(...Object.values(sizes)) - Math.min(...Object.values(sizes))).toBeLessThan(50);
  });

  it(
    'runs every target as non-root on a read-only root, healthy and ready against the host Postgres and Redis',
    async () => {
      const t0 = Date.now();
      // Auth first, as the launcher does: the others fetch its signing keys.
      await start('auth', serviceEnv());
      await waitFor(
        'auth ready',
        120_000,
        async () => ((await getJson(`http://127.0.0.1:${ports.auth}/readyz`)).status === 200 ? true : undefined),
        () => logsOf(names.auth),
      );
      for (const s of SERVICES.filter((s) => s !== 'auth')) await start(s, serviceEnv());
      // The gateway keeps rate-limit counters in memory: nothing of this run left in the shared Redis.
      const { REDIS_URL: _redis, DATABASE_URL: _db, QUEUE_PREFIX: _q, ...gatewayEnv } = serviceEnv();
      await start('gateway', gatewayEnv);

      for (const t of TARGETS) {
        await waitFor(
          `${t} /readyz`,
          180_000,
          async () => ((await getJson(`http://127.0.0.1:${ports[t]}/readyz`)).status === 200 ? true : undefined),
          () => logsOf(names[t]),
        );
      }
      timings.allReady = (Date.now() - t0) / 1000;
      for (const t of TARGETS) {
        // Docker's own view: the image's HEALTHCHECK passes (first probe 15 s after start).
        await waitFor(
          `${t} HEALTHCHECK healthy`,
          120_000,
          async () =>
            (await docker.inspect<string>(names[t], '.State.Health.Status')) === 'healthy' ? true : undefined,
          async () => JSON.stringify(await docker.inspect(names[t], '.State.Health')),
        );
        expect(await docker.inspect<boolean>(names[t], '.HostConfig.ReadonlyRootfs')).toBe(true);
        expect((await docker.check(['exec', names[t], 'id', '-u'])).trim()).toBe('1000');
        // The root filesystem really refuses writes; the two scratch mounts take them.
        const write = await docker.run(['exec', names[t], 'sh', '-c', 'touch /app/probe']);
        expect(write.code, `${t}: /app is writable`).not.toBe(0);
        await docker.check(['exec', names[t], 'sh', '-c', 'touch /tmp/probe /app/.data/probe']);
      }
      timings.allHealthy = (Date.now() - t0) / 1000;
    },
    8 * 60_000,
  );

  it(
    'a signed-in user uploads a scan through the gateway and the documents worker role reads it (OCR)',
    async () => {
      const gateway = `http://127.0.0.1:${ports.gateway}`;
      const token = await signUp(gateway, names.auth);
      const { seconds } = await uploadScanAndWaitForOcr(gateway, token);
      timings.ocrJob = seconds;
    },
    5 * 60_000,
  );

  it(
    `stops every target on SIGTERM within the ${GRACE_S} s grace period, exit code 0`,
    async () => {
      // One at a time, gateway first, as a rollout would; each measured on its own.
      for (const t of ['gateway', ...SERVICES] as Target[]) {
        const t0 = Date.now();
        await docker.check(['stop', '-t', String(GRACE_S), names[t]]);
        const seconds = (Date.now() - t0) / 1000;
        const state = await docker.inspect<{ ExitCode: number; OOMKilled: boolean }>(names[t], '.State');
        expect(state.ExitCode, `${t} exit code\n${await logsOf(names[t])}`).toBe(0);
        expect(seconds, `${t} took ${seconds} s to stop`).toBeLessThan(GRACE_S - 1);
        timings[`stop_${t}`] = seconds;
      }
    },
    8 * 60_000,
  );
});

describe('docker-compose (Debian docker-compose 1.29)', () => {
  const project = `gnct${run_id}`;
  const files = [
    '-f',
    path.join(repoRoot, 'docker-compose.yml'),
    '-f',
    path.join(repoRoot, 'docker-compose.host-infra.yml'),
  ];
  const composeEnv: NodeJS.ProcessEnv = {};
  const APP_SERVICES = [
    'auth',
    'conversation',
    'billing',
    'documents',
    'documents-worker',
    'documents-relay',
    'research',
    'research-worker',
    'research-relay',
    'album',
    'album-worker',
    'album-relay',
    'gateway',
  ];
  let started = false;
  const gatewayName = `${project}_gateway_host`;

  const compose = (args: string[], timeoutMs = 5 * 60_000) =>
    run('docker-compose', ['-p', project, '--project-directory', repoRoot, ...files, ...args], {
      env: { ...docker.env, ...composeEnv },
      cwd: repoRoot,
      timeoutMs,
    });

  beforeAll(async () => {
    const db = await createTestDatabase('gn_compose');
    databases.push(db);
    const { privateKey } = generateKeyPairSync('ed25519');
    Object.assign(composeEnv, {
      TAG,
      INTERNAL_TOKEN: `compose-test-${run_id}-token`,
      JWT_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      GNOLOGY_DATABASE_URL: db.url,
      GNOLOGY_REDIS_URL: requireInfra('REDIS_URL'),
      GNOLOGY_QUEUE_PREFIX: `gncc_${run_id}`,
      OCR_WORKERS: '1',
    });
    const free = await freePorts(APP_SERVICES.length);
    APP_SERVICES.forEach((s, i) => {
      composeEnv[`GNOLOGY_PORT_${s.toUpperCase().replace('-', '_')}`] = String(free[i]);
    });
  });

  afterAll(async () => {
    if (started) {
      // The gateway's one-off `run` container first, so that `down -v` can remove the volume.
      await docker.run(['rm', '-f', '-v', gatewayName]);
      const down = await compose(['down', '-v', '-t', String(GRACE_S)]);
      if (down.code !== 0) log(`docker-compose down failed: ${down.stderr.trim().split('\n').slice(-3).join(' / ')}`);
    }
  }, 5 * 60_000);

  it('validates docker-compose.yml alone and with the host-infrastructure override', async () => {
    const alone = await run('docker-compose', ['-f', path.join(repoRoot, 'docker-compose.yml'), 'config', '-q'], {
      env: { ...docker.env, ...composeEnv },
      cwd: repoRoot,
    });
    expect(alone.code, alone.stderr).toBe(0);
    const both = await compose(['config', '-q']);
    expect(both.code, both.stderr).toBe(0);
    // Without its secrets compose refuses to start, naming what to set.
    const bare = await run('docker-compose', ['-f', path.join(repoRoot, 'docker-compose.yml'), 'config', '-q'], {
      env: { ...docker.env, INTERNAL_TOKEN: '', JWT_PRIVATE_KEY: '' },
      cwd: repoRoot,
    });
    expect(bare.code).not.toBe(0);
    expect(bare.stderr).toMatch(/INTERNAL_TOKEN|JWT_PRIVATE_KEY/);
  });

  it(
    'runs the application services against the host infrastructure: a signed-in user uploads a document',
    async () => {
      const t0 = Date.now();
      started = true;
      // --no-deps leaves the bundled infrastructure out. The gateway comes last: `up` checks its
      // depends_on health conditions once, and twelve containers starting together on two cores
      // can take longer than the healthcheck's start period; waiting here for each to turn healthy
      // (Docker keeps probing an unhealthy container) leaves the timing to this test.
      const services = APP_SERVICES.filter((s) => s !== 'gateway');
      const up = await compose(['up', '-d', '--no-deps', '--no-build', ...services], 10 * 60_000);
      expect(up.code, up.stderr).toBe(0);
      const container = async (service: string) => (await compose(['ps', '-q', service])).stdout.trim();
      const ids: Record<string, string> = {};
      const healthy = async (s: string) => {
        ids[s] = await container(s);
        expect(ids[s], `${s} has no container`).toMatch(/^[0-9a-f]{12,}$/);
        await waitFor(
          `compose ${s} healthy`,
          300_000,
          async () => ((await docker.inspect<string>(ids[s], '.State.Health.Status')) === 'healthy' ? true : undefined),
          () => logsOf(ids[s]),
        );
      };
      for (const s of services) await healthy(s);
      // `run`, not `up`: the gateway's published port (8080:8080) cannot go with the host network,
      // and an override cannot remove a list entry; `run` publishes nothing.
      const upGateway = await compose(['run', '-d', '--no-deps', '--name', gatewayName, 'gateway'], 5 * 60_000);
      expect(upGateway.code, upGateway.stderr).toBe(0);
      ids.gateway = gatewayName;
      await waitFor(
        'compose gateway healthy',
        300_000,
        async () =>
          (await docker.inspect<string>(gatewayName, '.State.Health.Status')) === 'healthy' ? true : undefined,
        () => logsOf(gatewayName),
      );
      const gateway = `http://127.0.0.1:${composeEnv.GNOLOGY_PORT_GATEWAY}`;
      await waitFor(
        'compose gateway /readyz',
        120_000,
        async () => ((await getJson(`${gateway}/readyz`)).status === 200 ? true : undefined),
        () => logsOf(ids.gateway),
      );
      timings.composeHealthy = (Date.now() - t0) / 1000;

      // The documents API (ROLE=api) stores the upload; the documents-worker container reads it.
      const token = await signUp(gateway, ids.auth);
      const { seconds } = await uploadScanAndWaitForOcr(gateway, token);
      timings.composeOcrJob = seconds;
      // The documents-worker container did the work (its log line from process-document.ts); the
      // API container (ROLE=api) runs no jobs.
      const logs = async (s: string) => {
        const r = await docker.run(['logs', ids[s]]);
        return `${r.stdout}${r.stderr}`;
      };
      expect(await logs('documents-worker')).toMatch(/"msg":"document processed"/);
      expect(await logs('documents')).not.toMatch(/"msg":"document processed"/);
      const list = await getJson(`${gateway}/api/documents`, token);
      expect(list.status).toBe(200);
      expect((list.body as { originalName: string }[]).map((d) => d.originalName)).toContain(
        'turner-obituary-scan.png',
      );
    },
    15 * 60_000,
  );
});
