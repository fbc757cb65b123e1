import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const launcherFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../launcher.mjs');

// A service as the launcher sees one: a program that listens on PORT and answers /readyz. It
// reports its pid so a test can tell a restarted process from the one it killed.
const FAKE_SERVICE = `
import http from 'node:http';
http.createServer((req, res) => res.end(JSON.stringify({ pid: process.pid, path: req.url })))
  .listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => process.exit(0));
`;

// Runs the real launcher on the fake root, as \`npm start\` does after its build step.
// SIGUSR2 stands for a bug in the launcher: an error nothing catches.
const RUNNER = `
process.on('SIGUSR2', () => setTimeout(() => { throw new Error('simulated launcher bug'); }));
const { launch } = await import(process.env.LAUNCHER_FILE);
await launch({ root: process.env.FAKE_ROOT });
`;

/**
 * A product root whose dist/ holds two small services (auth and the gateway) instead of the
 * built product: the launcher's supervision, Postgres handling and recovery are what is tested,
 * with real processes, real signals and the real embedded Postgres, in seconds.
 */
export function fakeRoot(): { root: string; runner: string } {
  const root = mkdtempSync(path.join(tmpdir(), 'gn-launcher-'));
  // As root, Postgres runs as the postgres user, which must reach the data folder inside.
  chmodSync(root, 0o755);
  mkdirSync(path.join(root, 'dist'));
  for (const name of ['auth', 'gateway']) writeFileSync(path.join(root, 'dist', `${name}.mjs`), FAKE_SERVICE);
  const runner = path.join(root, 'run.mjs');
  writeFileSync(runner, RUNNER);
  return { root, runner };
}

/** The start of a block of ten free ports (other test runs share the machine). */
export async function freePortBlock(): Promise<number> {
  for (let i = 0; i < 50; i++) {
    const base = 40_000 + Math.floor(Math.random() * 2_000) * 10;
    const free = await Promise.all(Array.from({ length: 10 }, (_, k) => portFree(base + k)));
    if (free.every(Boolean)) return base;
  }
  throw new Error('no block of ten free ports between 40000 and 60000');
}

export function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });
}

export interface LauncherProcess {
  child: ChildProcess;
  output(): string;
  /** Resolves when the output contains `text`; rejects after `timeoutMs` or when the launcher exits. */
  waitFor(text: string | RegExp, timeoutMs?: number): Promise<void>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export function startLauncher(runner: string, env: Record<string, string>): LauncherProcess {
  const child = spawn(process.execPath, [runner], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => {
    out += String(d);
  });
  child.stderr!.on('data', (d) => {
    out += String(d);
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return {
    child,
    output: () => out,
    exited,
    async waitFor(text, timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      let gone = false;
      exited.then(() => {
        gone = true;
      });
      while (Date.now() < deadline) {
        if (typeof text === 'string' ? out.includes(text) : text.test(out)) return;
        if (gone) throw new Error(`launcher exited before printing ${text}:\n${out}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`launcher did not print ${text} within ${timeoutMs} ms:\n${out}`);
    },
  };
}

export async function pidAt(url: string): Promise<number | undefined> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
    return ((await res.json()) as { pid: number }).pid;
  } catch {
    return undefined;
  }
}
