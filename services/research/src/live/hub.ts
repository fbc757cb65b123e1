import type { Logger } from '@gnology/platform/logger';
import pg from 'pg';
import { GENERATION_CHANNEL } from '../store/generations';

/**
 * Wakes the readers of a generation when a worker (in this process or any other) saves more of
 * its text or finishes it: Postgres LISTEN/NOTIFY on one connection per process. Readers still
 * poll now and then, so a lost connection only makes them slower, never stuck.
 */
export class GenerationHub {
  private client: pg.Client | null = null;
  private readonly waiters = new Map<string, Set<() => void>>();
  private closed = false;
  private retry: NodeJS.Timeout | undefined;
  private starting: Promise<this> | undefined;

  constructor(
    private readonly databaseUrl: string,
    private readonly logger: Logger,
  ) {}

  /** Opens the LISTEN connection; the app and the worker both call it, and the first call opens it. */
  start(): Promise<this> {
    this.starting ??= this.connect()
      .catch((err) => {
        this.logger.warn({ err: (err as Error).message }, 'generation hub: LISTEN failed; readers will poll');
        this.scheduleReconnect();
      })
      .then(() => this);
    return this.starting;
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.databaseUrl, application_name: 'research-hub' });
    client.on('error', () => {});
    client.on('end', () => {
      if (this.client === client) this.client = null;
      if (!this.closed) this.scheduleReconnect();
    });
    client.on('notification', (msg) => {
      if (msg.channel === GENERATION_CHANNEL && msg.payload) this.fire(msg.payload);
    });
    await client.connect();
    await client.query(`LISTEN ${GENERATION_CHANNEL}`);
    if (this.closed) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
  }

  private scheduleReconnect(): void {
    if (this.closed || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      this.connect().catch(() => this.scheduleReconnect());
    }, 1000);
    this.retry.unref();
  }

  /** Tells this process's readers of `id` to look again (workers in this process call it too). */
  fire(id: string): void {
    const set = this.waiters.get(id);
    if (!set) return;
    for (const fn of [...set]) fn();
  }

  /**
   * A waiter armed now: `wait()` resolves at the first change after arming (even one that came
   * before `wait()` was called), after `timeoutMs`, or when `signal` aborts.
   */
  arm(id: string): {
    wait(timeoutMs: number, signal?: AbortSignal): Promise<'changed' | 'timeout' | 'aborted'>;
    dispose(): void;
  } {
    let changed = false;
    let wake: ((v: 'changed') => void) | undefined;
    const fn = () => {
      changed = true;
      wake?.('changed');
    };
    const set = this.waiters.get(id) ?? new Set();
    set.add(fn);
    this.waiters.set(id, set);
    const dispose = () => {
      set.delete(fn);
      if (set.size === 0 && this.waiters.get(id) === set) this.waiters.delete(id);
    };
    return {
      dispose,
      wait: (timeoutMs, signal) =>
        new Promise((resolve) => {
          if (changed) {
            changed = false;
            return resolve('changed');
          }
          if (signal?.aborted) return resolve('aborted');
          const settle = (v: 'changed' | 'timeout' | 'aborted') => {
            wake = undefined;
            changed = false;
            clearTimeout(timer);
            signal?.removeEventListener('abort', onAbort);
            resolve(v);
          };
          const timer = setTimeout(() => settle('timeout'), timeoutMs);
          const onAbort = () => settle('aborted');
          signal?.addEventListener('abort', onAbort, { once: true });
          wake = settle;
        }),
    };
  }

  /** Calls `fn` on every change of `id` until the returned function is called. */
  subscribe(id: string, fn: () => void): () => void {
    const set = this.waiters.get(id) ?? new Set();
    set.add(fn);
    this.waiters.set(id, set);
    return () => {
      set.delete(fn);
      if (set.size === 0 && this.waiters.get(id) === set) this.waiters.delete(id);
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    const c = this.client;
    this.client = null;
    if (c) await c.end().catch(() => {});
  }
}
