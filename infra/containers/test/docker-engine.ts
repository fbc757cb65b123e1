import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * A Docker engine for the container tests. CI machines have Debian's `docker.io` (installed by
 * `npm test`, scripts/lib/ensure-packages.mjs) but no running daemon, so the tests start
 * `dockerd` themselves and stop it afterwards. An engine that already answers (DOCKER_HOST, or
 * ours left by an earlier run) is used as it is and left running.
 */
export interface DockerEngine {
  /** DOCKER_HOST value that reaches the engine. */
  host: string;
  /** Whether this process started the daemon (and so stops it). */
  started: boolean;
  stop(): Promise<void>;
}

/** Our own socket, so a daemon we start never takes the default one from an operator's engine. */
export const GNOLOGY_DOCKER_HOST = 'unix:///run/gnology-dockerd.sock';
const DATA_ROOT = '/var/lib/docker';
const EXEC_ROOT = '/run/gnology-docker';
const PIDFILE = '/run/gnology-dockerd.pid';
export const DOCKERD_LOG = '/var/log/gnology-dockerd.log';

/** The docker CLI of the engine's own package: Debian's 20.10 client matches its daemon and its legacy builder. */
export const DOCKER_CLI = existsSync('/usr/bin/docker') ? '/usr/bin/docker' : 'docker';

export class DockerUnavailable extends Error {}

export async function ensureDockerEngine(log: (line: string) => void = () => {}): Promise<DockerEngine> {
  const candidates = [process.env.DOCKER_HOST, GNOLOGY_DOCKER_HOST, 'unix:///var/run/docker.sock'].filter(
    (h): h is string => !!h,
  );
  for (const host of candidates) {
    if (await answers(host)) {
      log(`docker: using the running engine at ${host}`);
      return { host, started: false, stop: async () => {} };
    }
  }
  // Each reason is one line, so the failing test says exactly why there is no engine here.
  if (process.platform !== 'linux')
    throw new DockerUnavailable(`cannot start dockerd: the container tests need Linux (this is ${process.platform})`);
  if (process.getuid?.() !== 0) {
    throw new DockerUnavailable(
      'cannot start dockerd: the container tests start their own Docker engine and need root (run npm test as root, or start dockerd and set DOCKER_HOST)',
    );
  }
  const dockerd = which('dockerd');
  if (!dockerd)
    throw new DockerUnavailable(
      "cannot start dockerd: it is not installed (Debian's docker.io; npm test installs it as root)",
    );

  mkdirSync(DATA_ROOT, { recursive: true });
  const out = openSync(DOCKERD_LOG, 'a');
  // No bridge and no iptables rules: every container of the tests runs on the host network and
  // talks to the machine's Postgres and Redis over loopback, so the daemon leaves the host's
  // firewall alone and needs no NAT support from the kernel.
  const child: ChildProcess = spawn(
    dockerd,
    [
      '--host',
      GNOLOGY_DOCKER_HOST,
      '--data-root',
      DATA_ROOT,
      '--exec-root',
      EXEC_ROOT,
      '--pidfile',
      PIDFILE,
      '--bridge=none',
      '--iptables=false',
      '--ip-masq=false',
    ],
    { detached: true, stdio: ['ignore', out, out] },
  );
  closeSync(out);
  let exited: string | undefined;
  child.once('exit', (code, signal) => {
    exited = `exited with ${signal ?? `code ${code}`}`;
  });
  child.unref();
  log(`docker: started dockerd (pid ${child.pid}), log ${DOCKERD_LOG}`);

  const deadline = Date.now() + 60_000;
  while (!(await answers(GNOLOGY_DOCKER_HOST))) {
    if (exited || Date.now() > deadline) {
      const why = lastError(DOCKERD_LOG) ?? (exited ? `dockerd ${exited}` : 'dockerd did not answer within 60 s');
      if (!exited) child.kill('SIGKILL');
      throw new DockerUnavailable(`cannot start dockerd: ${why} (full log: ${DOCKERD_LOG})`);
    }
    await sleep(300);
  }
  return {
    host: GNOLOGY_DOCKER_HOST,
    started: true,
    stop: async () => {
      if (exited) return;
      child.kill('SIGTERM');
      // dockerd stops its containers (10 s each at most) and containerd before it exits.
      for (let i = 0; i < 200 && !exited; i++) await sleep(100);
      if (!exited) child.kill('SIGKILL');
    },
  };
}

function answers(host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const p = spawn(DOCKER_CLI, ['version', '--format', '{{.Server.Version}}'], {
      env: { ...process.env, DOCKER_HOST: host },
      stdio: 'ignore',
    });
    p.once('error', () => resolve(false));
    p.once('exit', (code) => resolve(code === 0));
  });
}

/** dockerd lives in /usr/sbin, which a non-login PATH may lack. */
function which(command: string): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(':'), '/usr/sbin', '/usr/bin'];
  return dirs
    .filter(Boolean)
    .map((d) => `${d}/${command}`)
    .find((p) => existsSync(p));
}

/** The daemon's last error line (its reason for giving up), without the timestamp noise. */
function lastError(logFile: string): string | undefined {
  try {
    const lines = readFileSync(logFile, 'utf8').trim().split('\n').slice(-40);
    const failed = lines.reverse().find((l) => /level=(fatal|error)|failed to start daemon/i.test(l));
    return failed?.replace(/^time="[^"]*"\s*/, '');
  } catch {
    return undefined;
  }
}
