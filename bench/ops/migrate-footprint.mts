// CPU and memory of the migrations Jobs (ROLE=migrate, k8s/base/migrations.yaml): each service's
// built bundle migrates a fresh, empty database (every migration, the worst case) and exits.
//   node scripts/build.mjs --server-only && npx tsx bench/ops/migrate-footprint.mts
// Needs a PostgreSQL superuser URL (ADMIN_DATABASE_URL, default the machine's test server) to
// create and drop a scratch database, and GNU time (/usr/bin/time, Debian package `time`).
import { execFileSync, spawnSync } from 'node:child_process';

const admin = process.env.ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const db = `gn_migrate_footprint_${process.pid}`;
const url = new URL(admin);
url.pathname = `/${db}`;
const psql = (target: string, sql: string) =>
  execFileSync('psql', [target, '-v', 'ON_ERROR_STOP=1', '-qAtc', sql], { encoding: 'utf8' });

psql(admin, `create database ${db}`);
try {
  for (const ext of ['pg_trgm', 'unaccent', 'btree_gin']) psql(url.href, `create extension if not exists ${ext}`);
  console.log('| service | wall s | CPU s (user + system) | peak RSS MB |');
  console.log('|---|---|---|---|');
  for (const service of ['auth', 'conversation', 'research', 'documents', 'album', 'billing']) {
    const r = spawnSync('/usr/bin/time', ['-f', '%e %U %S %M', process.execPath, `dist/${service}.mjs`], {
      env: {
        ...process.env,
        ROLE: 'migrate',
        NODE_ENV: 'production',
        DATABASE_URL: url.href,
        INTERNAL_TOKEN: 'migrate-footprint-bench',
        LOG_LEVEL: 'warn',
        ALLOW_EMBEDDED_DEFAULTS: 'true',
        MIGRATE_ON_START: 'false',
      },
      encoding: 'utf8',
    });
    const last = r.stderr.trim().split('\n').at(-1) ?? '';
    if (r.status !== 0) throw new Error(`${service} migrate exited ${r.status}: ${r.stderr.slice(-1500)}`);
    const [wall, user, sys, maxKb] = last.split(' ').map(Number);
    console.log(`| ${service} | ${wall!.toFixed(1)} | ${(user! + sys!).toFixed(1)} | ${Math.round(maxKb! / 1024)} |`);
  }
} finally {
  psql(admin, `drop database if exists ${db} with (force)`);
}
