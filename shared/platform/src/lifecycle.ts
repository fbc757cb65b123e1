import type { Logger } from './logger';

export type Closer = { name: string; close: () => Promise<unknown> };

/**
 * Graceful shutdown on SIGTERM/SIGINT: run the closers in order (stop accepting HTTP and finish
 * in-flight requests, stop workers after their running jobs, stop the relay, close connections),
 * then exit. If that takes longer than the deadline, exit anyway so orchestrators are not kept waiting.
 */
export function onShutdown(logger: Logger, closers: Closer[], deadlineMs = 30_000): () => Promise<void> {
  let closing: Promise<void> | undefined;
  const shutdown = (signal: string) => {
    if (closing) return closing;
    logger.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      logger.error({ deadlineMs }, 'shutdown deadline passed; exiting');
      process.exit(1);
    }, deadlineMs);
    timer.unref();
    closing = (async () => {
      for (const c of closers) {
        try {
          await c.close();
        } catch (err) {
          logger.warn({ err, closer: c.name }, 'error while closing');
        }
      }
      logger.info('stopped');
    })();
    return closing;
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      shutdown(signal).then(() => process.exit(0));
    });
  }
  return () => shutdown('manual');
}
