import { generateKeyPairSync, randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabase, requireInfra, type TestDatabase } from '@gnology/testing';
import { Redis } from 'ioredis';
import {
  BoundPorts,
  DockerComposeEnvironment,
  getContainerRuntimeClient,
  ImageName,
  PullPolicy,
  type StartedDockerComposeEnvironment,
  type StartedTestContainer,
  Wait,
} from 'testcontainers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultInputs, ensureBaseImage } from './base-image';
import { type BuiltTarget, buildTargets, snapshotContext, TARGETS, type Target } from './build-images';
import {
  COMPOSE_PROJECT_LABEL,
  containersLabelled,
  HealthyOrLogs,
  inspect,
  LocalContainer,
  logTail,
  RUN_LABEL,
  removeContainers,
  useEngine,
} from './containers';
import { DockerCli, run } from './docker';
import { type DockerEngine, ensureDockerEngine } from './docker-engine';
import { freePorts, getJson, signUp, uploadScanAndWaitForOcr, waitFor } from './flows';

/**
 * Issue 17, "images that really build and run": every Dockerfile target is built on a Debian
 * base made here (no registry is reachable from CI), run as CI would deploy it (non-root,
 * read-only root filesystem, tmpfs on /tmp and /app/.data) against the machine's PostgreSQL
 * and Redis, and must pass its HEALTHCHECK, answer /readyz, process a real OCR job and stop
 * cleanly on SIGTERM. Then docker-compose.yml is validated by Debian's docker-compose 1.29 and
 * its application services run against the host's infrastructure
 * (docker-compose.host-infra.yml) until a signed-in user has uploaded a document.
 *
 * Issue 36: containers are started with testcontainers (GenericContainer, DockerComposeEnvironment),
 * without its reaper; the teardown removes what the run started and fails if `docker ps -a`
 * still lists any of it (decision 0238).
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
const COMPOSE_PROJECT = `gnct${run_id}`;

let engine: DockerEngine | undefined;
let built: BuiltTarget[] = [];
const databases: TestDatabase[] = [];
/** Every container this run started, for the teardown (no reaper: decision 0238). */
const started: StartedTestContainer[] = [];
const timings: Record<string, number> = {};

beforeAll(async () => {
  const t0 = Date.now();
  engine = await ensureDockerEngine(log);
  useEngine(engine.host);
  const cli = new DockerCli(engine.host);
  const base = await ensureBaseImage(cli, defaultInputs(repoRoot), log);
  timings.base = base.seconds;
  const context = await snapshotContext(repoRoot);
  try {
    built = await buildTargets(cli, context.dir, { baseImage: base.tag, tag: TAG, log });
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
  let left: { id: string; name: string; state: string }[] = [];
  try {
    if (engine) {
      // The explicit cleanup that replaces the reaper: what this run started, then a sweep of
      // anything still carrying this run's labels (a container whose start failed half-way).
      await removeContainers(started.map((c) => c.getId()));
      const labels = [`${RUN_LABEL}=${run_id}`, `${COMPOSE_PROJECT_LABEL}=${COMPOSE_PROJECT}`];
      left = await containersLabelled(labels);
      if (left.length) await removeContainers(left.map((c) => c.id));
      log(`teardown: docker ps -a lists ${left.length} container(s) of this run after its cleanup`);
      // The seven images of this run; the base and the build cache stay for the next run.
      const client = await getContainerRuntimeClient();
      for (const b of built)
        await client.container.dockerode
          .getImage(b.image)
          .remove()
          .catch(() => {});
    }
  } finally {
    await Promise.all(databases.map((d) => d.drop().catch(() => {})));
    await dropQueues([`gnct_${run_id}`, `gncc_${run_id}`]);
    await engine?.stop();
  }
  log(
    `timings (s): ${JSON.stringify(Object.fromEntries(Object.entries(timings).map(([k, v]) => [k, Math.round(v * 10) / 10])))}`,
  );
  // Last, so that a leak fails the run only after everything else has been cleaned up.
  expect(left, 'containers the cleanup left behind (removed now)').toEqual([]);
}, 5 * 60_000);

/** The queues of this run's queue prefixes (the machine's Redis is shared with other suites). */
async function dropQueues(prefixes: string[]): Promise<void> {
  const redis = new Redis(requireInfra('REDIS_URL'), { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    for (const prefix of prefixes) {
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

describe('service images (testcontainers, read-only, host network)', () => {
  const ports = {} as Record<Target, number>;
  const running = {} as Record<Target, StartedTestContainer>;
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase('gn_containers');
    databases.push(db);
    const free = await freePorts(TARGETS.length);
    TARGETS.forEach((t, i) => {
      ports[t] = free[i];
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

  const imageOf = (target: Target) => built.find((b) => b.target === target)!.image;
  const nameOf = (target: Target) => `gn-${target}-${run_id}`;

  /** Started as decision 0003 documents, and returned once Docker reports its HEALTHCHECK healthy. */
  async function start(target: Target, env: Record<string, string>): Promise<StartedTestContainer> {
    const container = await new LocalContainer(imageOf(target), run_id)
      .withName(nameOf(target))
      .withNetworkMode('host')
      // A read-only root, scratch only in the two tmpfs mounts; a tmpfs is root's unless told
      // otherwise, and the services run as node (1000).
      .withReadOnlyRootFilesystem()
      .withTmpFs({ '/tmp': '', '/app/.data': 'uid=1000,gid=1000' })
      .withEnvironment({ ...env, PORT: String(ports[target]) })
      // The image's HEALTHCHECK: first probe 15 s after start, 60 s start period.
      .withWaitStrategy(new HealthyOrLogs())
      .withStartupTimeout(180_000)
      .start();
    started.push(container);
    running[target] = container;
    return container;
  }

  const ready = (t: Target) =>
    waitFor(
      `${t} /readyz`,
      180_000,
      async () => ((await getJson(`http://127.0.0.1:${ports[t]}/readyz`)).status === 200 ? true : undefined),
      // By name: the container may still be starting (its health wait not yet over).
      () => logTail(nameOf(t)),
    );

  it("builds all seven targets from one shared build, without the web app's packages or broken links", async () => {
    expect(built.map((b) => b.target)).toEqual([...TARGETS]);
    const client = await getContainerRuntimeClient();
    const sizes: Record<string, number> = {};
    const layers: Record<string, string[]> = {};
    for (const b of built) {
      const image = await client.image.inspect(ImageName.fromString(b.image));
      sizes[b.target] = Math.round(image.Size / 1e6);
      layers[b.target] = image.RootFS.Layers ?? [];
      // Non-root, and stopped by SIGTERM (what `docker stop` sends first).
      expect(image.Config.User, `${b.target}: image user`).toBe('node');
      expect((image.Config as { StopSignal?: string }).StopSignal, `${b.target}: stop signal`).toBe('SIGTERM');
      // The prune keeps only the servers' dependencies: no React (the web app is prebuilt into
      // web/dist), no `@gnology/*` links to workspace folders the image does not have.
      const probe = await new LocalContainer(b.image, run_id)
        .withNetworkMode('none')
        .withCommand([
          'sh',
          '-c',
          'find /app/node_modules -xtype l; for p in react react-dom @gnology; do test -e /app/node_modules/$p && echo "has $p"; done; true',
        ])
        .withWaitStrategy(Wait.forOneShotStartup())
        .withStartupTimeout(120_000)
        .start();
      started.push(probe);
      const output = await logTail(probe.getId(), 'all');
      await probe.stop();
      expect(output, `${b.target}: broken links or web packages`).toBe('');
    }
    log(`image sizes (MB): ${JSON.stringify(sizes)}`);
    // One shared build (decision 0003): every target is the runtime stage (auth's layers: its own
    // steps add none) plus its own last steps; only the gateway (web/dist) and documents (Debian's
    // tesseract-ocr, decision 0237) add layers. Sizes alone no longer tell: documents is 200 MB larger.
    const runtime = layers.auth;
    for (const t of TARGETS) {
      expect(layers[t].slice(0, runtime.length), `${t} is built on the shared runtime stage`).toEqual(runtime);
      if (t !== 'gateway' && t !== 'documents') expect(layers[t], `${t} adds no layer`).toEqual(runtime);
    }
  });

  it(
    'runs every target as non-root on a read-only root, healthy and ready against the host Postgres and Redis',
    async () => {
      const t0 = Date.now();
      // Auth ready first, as the launcher waits for it: the others fetch its signing keys. Its
      // health wait (first probe 15 s after start) goes on meanwhile; a failed start ends the race.
      const auth = start('auth', serviceEnv());
      await Promise.race([ready('auth'), auth]);
      await ready('auth');
      // The gateway keeps rate-limit counters in memory: nothing of this run left in the shared Redis.
      const { REDIS_URL: _redis, DATABASE_URL: _db, QUEUE_PREFIX: _q, ...gatewayEnv } = serviceEnv();
      // The other six side by side, as the launcher does; each start returns once it is healthy.
      await Promise.all([
        auth,
        ...SERVICES.filter((s) => s !== 'auth').map((s) => start(s, serviceEnv())),
        start('gateway', gatewayEnv),
      ]);
      timings.allHealthy = (Date.now() - t0) / 1000;
      for (const t of TARGETS) {
        await ready(t);
        const state = await inspect(running[t]);
        // Docker's own view: the image's HEALTHCHECK passes, the root is mounted read-only.
        expect(state.State.Health?.Status, `${t} health`).toBe('healthy');
        expect(state.HostConfig.ReadonlyRootfs, `${t} read-only root`).toBe(true);
        expect((await running[t].exec(['id', '-u'])).stdout.trim()).toBe('1000');
        // The root filesystem really refuses writes; the two scratch mounts take them.
        const write = await running[t].exec(['sh', '-c', 'touch /app/probe']);
        expect(write.exitCode, `${t}: /app is writable`).not.toBe(0);
        const scratch = await running[t].exec(['sh', '-c', 'touch /tmp/probe /app/.data/probe']);
        expect(scratch.exitCode, `${t}: scratch mounts: ${scratch.output}`).toBe(0);
      }
      timings.allReady = (Date.now() - t0) / 1000;
    },
    8 * 60_000,
  );

  it(
    'a signed-in user uploads a scan through the gateway and the documents worker role reads it (OCR)',
    async () => {
      const gateway = `http://127.0.0.1:${ports.gateway}`;
      const token = await signUp(gateway, running.auth, run_id);
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
        // Docker's stop: the image's STOPSIGNAL (SIGTERM, checked above), SIGKILL after the grace period.
        // Kept (not removed) so that its exit code can be read; the teardown removes it.
        await running[t].stop({ timeout: GRACE_S * 1000, remove: false });
        const seconds = (Date.now() - t0) / 1000;
        const { State } = await inspect(running[t]);
        expect(State.ExitCode, `${t} exit code\n${await logTail(running[t].getId())}`).toBe(0);
        expect(seconds, `${t} took ${seconds} s to stop`).toBeLessThan(GRACE_S - 1);
        timings[`stop_${t}`] = seconds;
      }
    },
    8 * 60_000,
  );
});

describe('docker-compose (Debian docker-compose 1.29, through testcontainers)', () => {
  const files = ['docker-compose.yml', 'docker-compose.host-infra.yml'];
  const composeEnv: Record<string, string> = {};
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
  let environment: StartedDockerComposeEnvironment | undefined;
  const gatewayName = `${COMPOSE_PROJECT}_gateway_host`;

  /** The compose CLI for what testcontainers does not do: `config` and `run`. */
  const compose = (args: string[], env: Record<string, string> = composeEnv, withFiles = files) =>
    run(
      'docker-compose',
      ['-p', COMPOSE_PROJECT, ...withFiles.flatMap((f) => ['-f', path.join(repoRoot, f)]), ...args],
      { env: { ...process.env, ...env }, cwd: repoRoot, timeoutMs: 5 * 60_000 },
    );

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
    // The gateway's one-off `run` container first, so that `down -v` can remove the volume.
    await removeContainers([gatewayName]).catch(() => {});
    await environment?.down({ timeout: GRACE_S * 1000, removeVolumes: true });
  }, 5 * 60_000);

  it('validates docker-compose.yml alone and with the host-infrastructure override', async () => {
    const alone = await compose(['config', '-q'], composeEnv, ['docker-compose.yml']);
    expect(alone.code, alone.stderr).toBe(0);
    const both = await compose(['config', '-q']);
    expect(both.code, both.stderr).toBe(0);
    // Without its secrets compose refuses to start, naming what to set.
    const bare = await compose(['config', '-q'], { INTERNAL_TOKEN: '', JWT_PRIVATE_KEY: '' }, ['docker-compose.yml']);
    expect(bare.code).not.toBe(0);
    expect(bare.stderr).toMatch(/INTERNAL_TOKEN|JWT_PRIVATE_KEY/);
  });

  it(
    'runs the application services against the host infrastructure: a signed-in user uploads a document',
    async () => {
      const t0 = Date.now();
      // --no-deps leaves the bundled infrastructure out; --no-build uses this run's images. The
      // gateway comes last (below). testcontainers waits for every container of the project to
      // turn healthy (Docker keeps probing one that is not yet), not compose's depends_on.
      const services = APP_SERVICES.filter((s) => s !== 'gateway');
      environment = await new DockerComposeEnvironment(repoRoot, files)
        .withProjectName(COMPOSE_PROJECT)
        .withEnvironment(composeEnv)
        // Debian's docker-compose 1.29 (no `docker compose` plugin here); its `up` has no
        // `--pull`, so the default policy: compose pulls only a missing image, and these exist.
        .withClientOptions({ executable: { standalone: true }, commandOptions: ['--no-deps', '--no-build'] })
        .withPullPolicy(PullPolicy.defaultPolicy())
        .withDefaultWaitStrategy(new HealthyOrLogs())
        .withStartupTimeout(300_000)
        .up(services);
      const container = (service: string) => environment!.getContainer(`${COMPOSE_PROJECT}_${service}_1`);
      for (const s of services) expect(container(s).getId(), `${s} has no container`).toMatch(/^[0-9a-f]{12,}$/);

      // `run`, not `up`: the gateway's published port (8080:8080) cannot go with the host network,
      // and an override cannot remove a list entry; `run` publishes nothing. testcontainers has no
      // `run`, so the CLI starts it and testcontainers' health wait takes it from there.
      const upGateway = await compose(['run', '-d', '--no-deps', '--name', gatewayName, 'gateway']);
      expect(upGateway.code, upGateway.stderr).toBe(0);
      const client = await getContainerRuntimeClient();
      await new HealthyOrLogs()
        .withStartupTimeout(300_000)
        .waitUntilReady(client.container.getById(gatewayName), new BoundPorts());
      const gateway = `http://127.0.0.1:${composeEnv.GNOLOGY_PORT_GATEWAY}`;
      await waitFor(
        'compose gateway /readyz',
        120_000,
        async () => ((await getJson(`${gateway}/readyz`)).status === 200 ? true : undefined),
        () => logTail(gatewayName),
      );
      timings.composeHealthy = (Date.now() - t0) / 1000;

      // The documents API (ROLE=api) stores the upload; the documents-worker container reads it.
      const token = await signUp(gateway, container('auth'), run_id);
      const { seconds } = await uploadScanAndWaitForOcr(gateway, token);
      timings.composeOcrJob = seconds;
      // The documents-worker container did the work (its log line from process-document.ts); the
      // API container (ROLE=api) runs no jobs.
      expect(await logTail(container('documents-worker').getId(), 'all')).toMatch(/"msg":"document processed"/);
      expect(await logTail(container('documents').getId(), 'all')).not.toMatch(/"msg":"document processed"/);
      const list = await getJson(`${gateway}/api/documents`, token);
      expect(list.status).toBe(200);
      expect((list.body as { originalName: string }[]).map((d) => d.originalName)).toContain(
        'turner-obituary-scan.png',
      );
    },
    15 * 60_000,
  );
});
