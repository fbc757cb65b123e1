import {
  type BoundPorts,
  GenericContainer,
  getContainerRuntimeClient,
  PullPolicy,
  type StartedTestContainer,
  Wait,
  type WaitStrategy,
} from 'testcontainers';

/**
 * What the container tests need of testcontainers beyond its defaults (decision 0238): the
 * engine the suite started, no reaper (Ryuk is an image from a registry none of which is
 * reachable, and the engine has no bridge to map its port), and so a label on everything the
 * suite starts and an explicit sweep in its teardown.
 */

/** Label on every container a GenericContainer of this suite starts; the teardown sweeps by it. */
export const RUN_LABEL = 'org.gnology.container-test-run';
/** Compose's own label: the project's containers, `run` ones included. */
export const COMPOSE_PROJECT_LABEL = 'com.docker.compose.project';

/** Points testcontainers (and the compose CLI it spawns, which inherits process.env) at the engine. */
export function useEngine(host: string): void {
  process.env.DOCKER_HOST = host;
  process.env.TESTCONTAINERS_RYUK_DISABLED = 'true';
  // Where this process itself runs in a container (/.dockerenv: CI's machine), testcontainers
  // looks for the engine's `bridge` network to reach the containers through its gateway; this
  // engine has none, and every container of the suite is on the host network: loopback it is.
  process.env.TESTCONTAINERS_HOST_OVERRIDE = '127.0.0.1';
}

/** A locally built image: never pulled (no registry; a missing image fails at once, saying so). */
export class LocalContainer extends GenericContainer {
  constructor(image: string, runId: string) {
    super(image);
    this.withPullPolicy(PullPolicy.neverPull()).withLabels({ [RUN_LABEL]: runId });
  }

  /** `docker run --read-only`: GenericContainer has no option for it, HostConfig has. */
  withReadOnlyRootFilesystem(): this {
    this.hostConfig.ReadonlyRootfs = true;
    return this;
  }
}

type Container = Parameters<WaitStrategy['waitUntilReady']>[0];

/**
 * Wait.forHealthCheck() whose failure carries the container's last log lines: testcontainers
 * removes a container that did not become ready (compose's included) before anyone could read
 * why, so they are read here first.
 */
export class HealthyOrLogs implements WaitStrategy {
  private readonly inner = Wait.forHealthCheck();

  async waitUntilReady(container: Container, boundPorts: BoundPorts, startTime?: Date): Promise<void> {
    try {
      await this.inner.waitUntilReady(container, boundPorts, startTime);
    } catch (e) {
      throw new Error(
        `${(e as Error).message}\n--- last log lines of ${container.id.slice(0, 12)} ---\n${await logTail(container.id)}`,
      );
    }
  }

  withStartupTimeout(ms: number): this {
    this.inner.withStartupTimeout(ms);
    return this;
  }

  isStartupTimeoutSet(): boolean {
    return this.inner.isStartupTimeoutSet();
  }

  getStartupTimeout(): number {
    return this.inner.getStartupTimeout();
  }
}

/** The container's last lines (or all of them), stdout and stderr, for an assertion or a failure's message. */
export async function logTail(idOrName: string, lines: number | 'all' = 25): Promise<string> {
  const client = await getContainerRuntimeClient();
  try {
    const raw = (await client.container.getById(idOrName).logs({
      stdout: true,
      stderr: true,
      tail: lines === 'all' ? undefined : lines,
      follow: false,
    })) as unknown as Buffer;
    return demux(raw).trim();
  } catch (e) {
    return `(no logs: ${(e as Error).message})`;
  }
}

/** Docker's multiplexed log stream (no TTY): frames of an 8-byte header (stream, 0, 0, 0, size) and the payload. */
function demux(raw: Buffer): string {
  let out = '';
  let at = 0;
  while (at + 8 <= raw.length) {
    const size = raw.readUInt32BE(at + 4);
    out += raw.subarray(at + 8, at + 8 + size).toString('utf8');
    at += 8 + size;
  }
  return out;
}

export async function inspect(container: StartedTestContainer | string) {
  const client = await getContainerRuntimeClient();
  return client.container.inspect(
    client.container.getById(typeof container === 'string' ? container : container.getId()),
  );
}

/** Every container, running or not (`docker ps -a`), that carries one of the labels `key=value`. */
export async function containersLabelled(labels: string[]): Promise<{ id: string; name: string; state: string }[]> {
  const client = await getContainerRuntimeClient();
  const found = await Promise.all(
    labels.map((label) => client.container.dockerode.listContainers({ all: true, filters: { label: [label] } })),
  );
  return found.flat().map((c) => ({ id: c.Id, name: c.Names[0] ?? c.Id, state: c.State }));
}

/** Removes containers by id, running or not, with their anonymous volumes. */
export async function removeContainers(ids: string[]): Promise<void> {
  const client = await getContainerRuntimeClient();
  await Promise.all(
    ids.map((id) =>
      client.container.dockerode
        .getContainer(id)
        .remove({ force: true, v: true })
        .catch((e: { statusCode?: number }) => {
          // Already gone (removed by testcontainers after a failed start, or by compose down).
          if (e.statusCode !== 404) throw e;
        }),
    ),
  );
}
