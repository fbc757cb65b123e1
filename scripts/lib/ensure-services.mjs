// Makes sure the machine's PostgreSQL and Redis answer, starting them with the machine's own
// commands when they are down (ensure-packages.mjs installs them when they are missing).
// Addresses given in DATABASE_URL / REDIS_URL are used as they are: nothing is started for them.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { connect } from 'node:net';

export const LOCAL_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';
export const LOCAL_REDIS_URL = 'redis://127.0.0.1:6379';

const log0 = (line) => console.log(line);

/** The newest cluster version installed (Debian keeps one directory per major version). */
export function newestPostgresVersion() {
  return readdirSync('/etc/postgresql').sort((a, b) => Number(b) - Number(a))[0];
}

/** Returns the DATABASE_URL tests should use. */
export async function ensurePostgres({ env = process.env, log = log0 } = {}) {
  if (env.DATABASE_URL) {
    await waitForUrl(env.DATABASE_URL, 5432, 'PostgreSQL (DATABASE_URL)', 30_000);
    log(`services: using PostgreSQL from DATABASE_URL (${redact(env.DATABASE_URL)})`);
    return env.DATABASE_URL;
  }
  if (await postgresAnswers()) {
    log('services: PostgreSQL already answers at 127.0.0.1:5432');
  } else {
    if (!existsSync('/etc/postgresql')) {
      throw new Error(
        'services: PostgreSQL is down and not installed here (no /etc/postgresql): apt-get install postgresql, or set DATABASE_URL',
      );
    }
    const version = newestPostgresVersion();
    log(`services: PostgreSQL is down; starting it: pg_ctlcluster --skip-systemctl-redirect ${version} main start`);
    run('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'start']);
    await waitUntil(postgresAnswers, 60_000, 'PostgreSQL did not answer at 127.0.0.1:5432 within 60 s of starting it');
    log('services: PostgreSQL started and answers at 127.0.0.1:5432');
  }
  await ensureDatabase(LOCAL_DATABASE_URL);
  return LOCAL_DATABASE_URL;
}

/** Returns the REDIS_URL tests should use. */
export async function ensureRedis({ env = process.env, log = log0 } = {}) {
  if (env.REDIS_URL) {
    await waitForUrl(env.REDIS_URL, 6379, 'Redis (REDIS_URL)', 30_000);
    log(`services: using Redis from REDIS_URL (${redact(env.REDIS_URL)})`);
    return env.REDIS_URL;
  }
  if (await redisAnswers()) {
    log('services: Redis already answers at 127.0.0.1:6379');
    return LOCAL_REDIS_URL;
  }
  if (!hasCommand('redis-server')) {
    throw new Error(
      'services: Redis is down and redis-server is not installed: apt-get install redis-server, or set REDIS_URL',
    );
  }
  for (const dir of ['/var/lib/redis', '/var/log/redis']) mkdirSync(dir, { recursive: true });
  const args = [
    '--daemonize',
    'yes',
    '--bind',
    '127.0.0.1',
    '-::1',
    '--port',
    '6379',
    '--save',
    '',
    '--appendonly',
    'no',
    '--dir',
    '/var/lib/redis',
    '--logfile',
    '/var/log/redis/ci.log',
  ];
  log(`services: Redis is down; starting it: redis-server ${args.map((a) => (a === '' ? '""' : a)).join(' ')}`);
  run('redis-server', args);
  await waitUntil(
    redisAnswers,
    30_000,
    'Redis did not answer at 127.0.0.1:6379 within 30 s of starting it (see /var/log/redis/ci.log)',
  );
  log('services: Redis started and answers at 127.0.0.1:6379');
  return LOCAL_REDIS_URL;
}

async function postgresAnswers() {
  if (!(await tcpAnswers('127.0.0.1', 5432))) return false;
  // A port that accepts connections may still be "starting up"; pg_isready knows the difference.
  if (!hasCommand('pg_isready')) return true;
  return spawnSync('pg_isready', ['-q', '-h', '127.0.0.1', '-p', '5432'], { stdio: 'ignore' }).status === 0;
}

async function redisAnswers() {
  if (!(await tcpAnswers('127.0.0.1', 6379))) return false;
  if (!hasCommand('redis-cli')) return true;
  const r = spawnSync('redis-cli', ['-h', '127.0.0.1', '-p', '6379', 'ping'], { encoding: 'utf8' });
  return r.status === 0 && r.stdout.trim() === 'PONG';
}

/** The suites use database `test`; create it if this server does not have it yet. */
async function ensureDatabase(url) {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: url.replace(/\/test$/, '/postgres') });
  await admin.connect();
  try {
    const found = await admin.query("select 1 from pg_database where datname = 'test'");
    if (found.rowCount === 0) await admin.query('create database test');
  } finally {
    await admin.end();
  }
}

async function waitForUrl(url, defaultPort, what, timeoutMs) {
  const u = new URL(url);
  const host = u.hostname.replace(/^\[|\]$/g, '') || '127.0.0.1';
  const port = Number(u.port || defaultPort);
  await waitUntil(
    () => tcpAnswers(host, port),
    timeoutMs,
    `${what} at ${host}:${port} did not answer within ${timeoutMs / 1000} s`,
  );
}

export function tcpAnswers(host, port, timeoutMs = 1000) {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

async function waitUntil(check, timeoutMs, message) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`services: ${message}`);
}

function run(command, args, env = process.env) {
  const r = spawnSync(command, args, { stdio: 'inherit', env });
  if (r.error) throw new Error(`services: could not run ${command}: ${r.error.message}`);
  if (r.status !== 0) throw new Error(`services: \`${command} ${args.join(' ')}\` failed with exit code ${r.status}`);
}

function hasCommand(name) {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

function redact(url) {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unparsable URL)';
  }
}
