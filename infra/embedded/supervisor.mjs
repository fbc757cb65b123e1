// Keeps the launcher's child processes running: a service that dies after it was ready is
// started again after a backoff, with one log line each way. A service that dies before it was
// ever ready fails the start instead (a config error does not fix itself by restarting).
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { sleep } from './processes.mjs';

/** Restart delays: 250 ms, doubling to 10 s; a child that stayed up 60 s starts again from 250 ms. */
export const BACKOFF = { initialMs: 250, maxMs: 10_000, stableAfterMs: 60_000 };

export function restartDelay(consecutiveCrashes, backoff = BACKOFF) {
  return Math.min(backoff.maxMs, backoff.initialMs * 2 ** Math.max(0, consecutiveCrashes - 1));
}

const describe = (code, signal) => signal ?? `code ${code}`;

/**
 * One supervised service. `start()` resolves once it answers `readyUrl`; afterwards a crash is
 * restarted. `exited` of the current process resolves on its exit whether it ended by a code or
 * a signal (a signalled child's `exitCode` stays null, which is what once left `stop` waiting forever).
 */
export function supervise({ name, file, root, env, logDir, readyUrl, log, onSpawn = () => {}, backoff = BACKOFF }) {
  let child;
  let exited = Promise.resolve();
  let stopping = false;
  let everReady = false;
  let crashes = 0;
  let restartTimer;
  const logFile = path.join(logDir, `${name}.log`);
  const shownLog = path.relative(root, logFile);

  const spawnOnce = () => {
    const out = createWriteStream(logFile, { flags: 'a' });
    const c = spawn(process.execPath, ['--enable-source-maps', file], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    c.stdout.pipe(out);
    c.stderr.pipe(out);
    c.stderr.on('data', (d) => {
      const line = String(d).trim();
      if (line.startsWith('config error')) log(`${name}: ${line}`);
    });
    const startedAt = Date.now();
    exited = new Promise((resolve) =>
      c.once('exit', (code, signal) => resolve({ code, signal, ranMs: Date.now() - startedAt })),
    );
    exited.then(({ code, signal, ranMs }) => {
      if (stopping || !everReady || child !== c) return;
      crashes = ranMs >= backoff.stableAfterMs ? 1 : crashes + 1;
      const delay = restartDelay(crashes, backoff);
      log(`${name} stopped unexpectedly (${describe(code, signal)}); restarting in ${delay} ms (see ${shownLog})`);
      restartTimer = setTimeout(restart, delay);
    });
    child = c;
    onSpawn(name, c.pid);
    return c;
  };

  const restart = async () => {
    if (stopping) return;
    const c = spawnOnce();
    const t0 = Date.now();
    try {
      await waitReady(c);
      log(`${name} is back (ready in ${((Date.now() - t0) / 1000).toFixed(1)} s)`);
    } catch (e) {
      // Died again while starting: its exit handler has scheduled the next try.
      if (!stopping && c.exitCode === null && c.signalCode === null) log(`${name}: ${e.message}`);
    }
  };

  /** Polls readyUrl until it answers 2xx; rejects when this child exits first or the time is up. */
  const waitReady = async (c, timeoutMs = 90_000) => {
    const deadline = Date.now() + timeoutMs;
    let gone;
    exited.then((r) => {
      if (child === c) gone = r;
    });
    while (Date.now() < deadline && !stopping) {
      if (gone) throw new Error(`${name} exited with ${describe(gone.code, gone.signal)} (see ${shownLog})`);
      try {
        const res = await fetch(readyUrl, { signal: AbortSignal.timeout(2000) });
        if (res.ok) return;
      } catch {}
      await sleep(150);
    }
    if (stopping) throw new Error(`${name}: stopped while starting`);
    throw new Error(`${name} was not ready within ${timeoutMs / 1000} s (see ${shownLog})`);
  };

  return {
    name,
    get pid() {
      return child?.pid;
    },
    /** First start: resolves when ready, rejects (and is not restarted) when it dies or times out. */
    async start() {
      const c = spawnOnce();
      await waitReady(c);
      everReady = true;
    },
    /** SIGTERM, SIGKILL after `graceMs`; resolves once the process is gone (never waits on a dead one). */
    async stop(graceMs = 35_000) {
      stopping = true;
      clearTimeout(restartTimer);
      const c = child;
      if (!c || c.exitCode !== null || c.signalCode !== null) return;
      const done = exited;
      const timer = setTimeout(() => c.kill('SIGKILL'), graceMs);
      c.kill('SIGTERM');
      await done;
      clearTimeout(timer);
    },
  };
}
