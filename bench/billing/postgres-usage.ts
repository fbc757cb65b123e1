/**
 * What the bench database costs Postgres over a measured window: the CPU time of the backends
 * serving it, and what `pg_stat_database` counts for it (commits, rows written, buffers touched).
 * The counts do not depend on how busy the machine is, so they compare two versions of the code
 * even when the pairs per second of a shared machine do not.
 */
import { readFileSync, readdirSync } from 'node:fs';
import pg from 'pg';

const TICK_MS = 10; // USER_HZ = 100 on Linux

/** CPU time (ms) a process has used, from /proc (utime + stime). */
export function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

/** Each backend serving the database (its command line names it), with its CPU time now. */
function backends(dbName: string): Map<number, number> {
  const found = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(dbName))
        found.set(Number(entry), cpuMs(Number(entry)));
    } catch {}
  }
  return found;
}

const COUNTERS = ['xact_commit', 'tup_inserted', 'tup_updated', 'tup_deleted', 'blks_hit', 'blks_read'] as const;
export type Counters = Record<(typeof COUNTERS)[number], number>;

async function counters(url: string, dbName: string): Promise<Counters> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(`select ${COUNTERS.join(', ')} from pg_stat_database where datname = $1`, [
      dbName,
    ]);
    return Object.fromEntries(COUNTERS.map((c) => [c, Number(rows[0][c])])) as Counters;
  } finally {
    await client.end();
  }
}

/**
 * Starts measuring. Backends are sampled every 200 ms, so one that the service's pool closes
 * during the window still counts up to its last sample (a plain before/after sum loses it).
 */
export async function measurePostgres(url: string, dbName: string) {
  const start = backends(dbName);
  const last = new Map(start);
  const sample = () => {
    for (const [pid, ms] of backends(dbName)) last.set(pid, ms);
  };
  const timer = setInterval(sample, 200);
  const before = await counters(url, dbName);
  return {
    /** CPU ms of the backends over the window, and the counters' increase. */
    async stop(): Promise<{ cpuMs: number; counts: Counters }> {
      clearInterval(timer);
      sample();
      let total = 0;
      for (const [pid, ms] of last) total += ms - (start.get(pid) ?? 0);
      // Backends report their counts at most once a second, so both ends lag by up to a second
      // under steady load: the window is shifted, not shortened.
      const after = await counters(url, dbName);
      const counts = Object.fromEntries(COUNTERS.map((c) => [c, after[c] - before[c]])) as Counters;
      return { cpuMs: total, counts };
    },
  };
}

/** Bytes on disk of the billing tables with their indexes (the outbox included). */
export async function billingBytes(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(`
      select sum(pg_total_relation_size(c.oid))::bigint as bytes from pg_class c
      join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'billing' and c.relkind = 'r'`);
    return Number(rows[0].bytes);
  } finally {
    await client.end();
  }
}
