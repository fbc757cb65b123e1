import cluster from 'node:cluster';
import type { Logger } from '@gnology/platform/logger';

/**
 * Runs `count` gateway workers sharing the port and replaces one that dies, unless the primary is
 * stopping. SIGTERM/SIGINT reach the workers, which close their own server (onShutdown) and exit.
 */
export function superviseWorkers(count: number, logger: Logger): void {
  // Round-robin in the primary spreads keep-alive connections evenly; the OS default on Linux does not.
  cluster.schedulingPolicy = cluster.SCHED_RR;
  let stopping = false;
  const recentDeaths: number[] = [];
  for (let i = 0; i < count; i++) cluster.fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    const now = Date.now();
    recentDeaths.push(now);
    while (recentDeaths[0]! < now - 60_000) recentDeaths.shift();
    // A worker that cannot start (port taken, bad config) would otherwise be forked forever.
    if (recentDeaths.length > count * 5) {
      logger.error({ code, signal }, 'gateway workers keep dying; stopping');
      process.exit(1);
    }
    logger.error({ pid: worker.process.pid, code, signal }, 'gateway worker died; starting another');
    cluster.fork();
  });
  const stop = (signal: NodeJS.Signals) => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}
