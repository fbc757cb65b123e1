import { spawn } from 'node:child_process';
import { DOCKER_CLI } from './docker-engine';

export interface RunOptions {
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Piped to the command's stdin. */
  input?: NodeJS.ReadableStream | Buffer | string;
  timeoutMs?: number;
  /** Each output line as it comes (long builds show their progress). */
  onLine?: (line: string) => void;
}

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a command to its end; never throws for a non-zero exit (see `check`). */
export function run(command: string, args: string[], opts: RunOptions = {}): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: opts.cwd,
      env: opts.env ?? process.env,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let partial = '';
    const lines = (chunk: string) => {
      if (!opts.onLine) return;
      partial += chunk;
      const parts = partial.split('\n');
      partial = parts.pop() ?? '';
      for (const l of parts) opts.onLine(l);
    };
    child.stdout.setEncoding('utf8').on('data', (c: string) => {
      stdout += c;
      lines(c);
    });
    child.stderr.setEncoding('utf8').on('data', (c: string) => {
      stderr += c;
      lines(c);
    });
    const timer = opts.timeoutMs
      ? setTimeout(() => {
          stderr += `\n(killed after ${opts.timeoutMs} ms)`;
          child.kill('SIGKILL');
        }, opts.timeoutMs)
      : undefined;
    child.once('error', reject);
    child.once('close', (code, signal) => {
      if (timer) clearTimeout(timer);
      resolve({ code: code ?? (signal ? 128 : 1), stdout, stderr });
    });
    if (opts.input === undefined) child.stdin.end();
    else if (typeof opts.input === 'string' || Buffer.isBuffer(opts.input)) child.stdin.end(opts.input);
    else opts.input.pipe(child.stdin);
  });
}

/** Runs a command and returns its stdout; a failure throws with the command and the end of its output. */
export async function check(command: string, args: string[], opts: RunOptions = {}): Promise<string> {
  const r = await run(command, args, opts);
  if (r.code !== 0) {
    const tail = `${r.stdout}\n${r.stderr}`.trim().split('\n').slice(-30).join('\n');
    throw new Error(`\`${command} ${args.join(' ')}\` failed (exit ${r.code}):\n${tail}`);
  }
  return r.stdout;
}

/**
 * The docker CLI against one engine, for the two jobs testcontainers does not do: importing the
 * debootstrap base (base-image.ts) and building the Dockerfile's targets on the host network
 * (build-images.ts). Everything that runs a container goes through testcontainers (containers.ts).
 */
export class DockerCli {
  constructor(readonly host: string) {}

  get env(): NodeJS.ProcessEnv {
    // The legacy builder: Debian's 20.10 CLI has no buildx, and it needs no frontend image
    // from a registry (none is reachable from CI).
    return { ...process.env, DOCKER_HOST: this.host, DOCKER_BUILDKIT: '0' };
  }

  check(args: string[], opts: RunOptions = {}): Promise<string> {
    return check(DOCKER_CLI, args, { ...opts, env: { ...this.env, ...opts.env } });
  }
}
