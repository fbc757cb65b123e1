import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  fakeRoot,
  type LauncherProcess,
  launcherFile,
  pidAt,
  freePortBlock,
  portFree,
  startLauncher,
} from './fake-root';

// The embedded launcher (`npm start`) under crashes: a killed service comes back, a killed
// launcher leaves nothing that blocks the next start, and every way of stopping stops Postgres.
const { root, runner } = fakeRoot();
const base = await freePortBlock();

describe('embedded launcher supervision', () => {
  const env = {
    LAUNCHER_FILE: launcherFile,
    FAKE_ROOT: root,
    DATA_DIR: path.join(root, '.data'),
    PORT: String(base),
    SERVICE_PORT_BASE: String(base + 1),
    PG_PORT: String(base + 9),
    DATABASE_URL: '',
  };
  const authUrl = `http://127.0.0.1:${base + 1}/readyz`;
  const gatewayUrl = `http://127.0.0.1:${base}/readyz`;
  const launchers: LauncherProcess[] = [];
  const run = () => {
    const l = startLauncher(runner, env);
    launchers.push(l);
    return l;
  };

  afterAll(async () => {
    for (const l of launchers) if (l.child.exitCode === null && l.child.signalCode === null) l.child.kill('SIGTERM');
    await Promise.all(launchers.map((l) => l.exited));
    // Whatever a failed assertion left: the postmaster of this data folder.
    const pidFile = path.join(env.DATA_DIR, 'pg', 'postmaster.pid');
    if (existsSync(pidFile)) spawnSync('kill', ['-INT', readFileSync(pidFile, 'utf8').split('\n')[0]]);
    await new Promise((r) => setTimeout(r, 1000));
    rmSync(root, { recursive: true, force: true });
  });

  it('restarts a service killed with SIGKILL: it answers /readyz again within 5 s', async () => {
    const first = run();
    await first.waitFor('GNology is running', 90_000);
    const before = await pidAt(authUrl);
    expect(before).toBeGreaterThan(0);

    process.kill(before!, 'SIGKILL');
    const t0 = Date.now();
    let after: number | undefined;
    while (Date.now() - t0 < 5_000) {
      after = await pidAt(authUrl);
      if (after && after !== before) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(after, 'a new auth process answers /readyz').toBeGreaterThan(0);
    expect(after).not.toBe(before);
    expect(Date.now() - t0).toBeLessThan(5_000);
    await first.waitFor('auth is back');
    expect(first.output()).toMatch(/auth stopped unexpectedly \(SIGKILL\); restarting in \d+ ms/);
    // The launcher itself kept running.
    expect(first.child.exitCode).toBeNull();
  });

  it('after the launcher is killed with SIGKILL, the next start stops the leftovers and runs', async () => {
    const first = launchers[0]!;
    const leftoverAuth = await pidAt(authUrl);
    first.child.kill('SIGKILL');
    await first.exited;
    // What a killed launcher leaves: its Postgres and its services still hold their ports.
    expect(await portFree(Number(env.PG_PORT))).toBe(false);
    expect(await pidAt(authUrl)).toBe(leftoverAuth);

    const second = run();
    await second.waitFor('GNology is running', 90_000);
    expect(second.output()).toContain('stopping a leftover embedded server');
    expect(second.output()).toContain('auth: stopping a leftover process');
    const auth = await pidAt(authUrl);
    expect(auth).toBeGreaterThan(0);
    expect(auth).not.toBe(leftoverAuth);
    expect(await pidAt(gatewayUrl)).toBeGreaterThan(0);
  });

  it('SIGTERM to the launcher stops every service and Postgres, and the launcher exits', async () => {
    const second = launchers[1]!;
    second.child.kill('SIGTERM');
    const result = await Promise.race([second.exited, new Promise((r) => setTimeout(() => r('hung'), 30_000))]);
    expect(result).toEqual({ code: 0, signal: null });
    expect(await portFree(Number(env.PG_PORT))).toBe(true);
    expect(await portFree(base)).toBe(true);
    expect(await portFree(base + 1)).toBe(true);
    expect(second.output()).toContain('stopped.');
  });

  it('starts over a stale postmaster.pid that names a live process which is not our Postgres', async () => {
    // A lock file left by a power cut, whose pid now belongs to another program (here: this test).
    const pidFile = path.join(env.DATA_DIR, 'pg', 'postmaster.pid');
    writeFileSync(pidFile, `${process.pid}\n${path.join(env.DATA_DIR, 'pg')}\n`);
    const third = run();
    await third.waitFor('GNology is running', 90_000);
    expect(third.output()).toContain('removing a stale lock file');
    third.child.kill('SIGINT');
    expect(await third.exited).toEqual({ code: 0, signal: null });
    expect(await portFree(Number(env.PG_PORT))).toBe(true);
  });

  it('an uncaught error in the launcher still stops Postgres and the services', async () => {
    const fourth = run();
    await fourth.waitFor('GNology is running', 90_000);
    // SIGUSR2 is not handled by the launcher; the runner throws on it to stand for a launcher bug.
    fourth.child.kill('SIGUSR2');
    expect((await fourth.exited).code).toBe(1);
    expect(fourth.output()).toContain('launcher error');
    expect(await portFree(Number(env.PG_PORT))).toBe(true);
    expect(await portFree(base + 1)).toBe(true);
  });
});
