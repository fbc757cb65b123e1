// Runs the whole product on one machine: embedded Postgres, every service with every role,
// then the gateway. Child logs go to .data/logs/<name>.log; the console gets one line per
// service and the URL once everything answers /readyz. Ctrl-C stops all of it.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startEmbeddedPostgres } from './postgres.mjs';

const SERVICES = ['auth', 'conversation', 'research', 'documents', 'album', 'billing'];

/** Internal ports follow the gateway's (8081-8086 by default); SERVICE_PORT_BASE moves them. */
export function servicePorts(base = Number(process.env.SERVICE_PORT_BASE ?? 8081)) {
  return Object.fromEntries(SERVICES.map((name, i) => [name, base + i]));
}

/** The service-to-service secret: made once per data folder, kept with the data. */
function internalToken(dataDir) {
  if (process.env.INTERNAL_TOKEN) return process.env.INTERNAL_TOKEN;
  const file = path.join(dataDir, 'internal-token');
  if (!existsSync(file)) writeFileSync(file, randomBytes(24).toString('hex'), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}

async function waitReady(url, child, name, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode} (see .data/logs/${name}.log)`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${name} was not ready within ${timeoutMs / 1000} s (see .data/logs/${name}.log)`);
}

/**
 * Starts everything and resolves once the gateway is ready, with a `stop()`.
 * `exitOnStop` (npm start) also exits the process when stopped or when a child dies.
 */
export async function launch({ root, log = console.log, exitOnStop = true, handleSignals = true }) {
  const started = Date.now();
  const dataDir = path.resolve(root, process.env.DATA_DIR ?? '.data');
  const logDir = path.join(dataDir, 'logs');
  mkdirSync(logDir, { recursive: true });
  const children = [];
  const SERVICE_PORTS = servicePorts();
  let pg;
  let stopping = false;

  const stop = async (code = 0) => {
    if (stopping) return;
    stopping = true;
    log('stopping GNology...');
    await Promise.all(
      children.reverse().map(
        (c) =>
          new Promise((resolve) => {
            if (c.exitCode !== null) return resolve();
            const t = setTimeout(() => c.kill('SIGKILL'), 35_000);
            c.once('exit', () => {
              clearTimeout(t);
              resolve();
            });
            c.kill('SIGTERM');
          }),
      ),
    );
    if (pg) await pg.stop().catch(() => {});
    log('stopped.');
    if (exitOnStop) process.exit(code);
  };
  if (handleSignals) {
    process.once('SIGINT', () => stop(0));
    process.once('SIGTERM', () => stop(0));
  }

  try {
    let databaseUrl = process.env.DATABASE_URL;
    if (!databaseUrl) {
      pg = await startEmbeddedPostgres({ dataDir, port: Number(process.env.PG_PORT ?? 54329), log });
      databaseUrl = pg.url;
      log(`postgres: embedded server ${pg.fresh ? 'created' : 'started'} (data in ${path.relative(root, path.join(dataDir, 'pg'))})`);
    }
    const baseEnv = {
      ...process.env,
      NODE_ENV: process.env.NODE_ENV ?? 'production',
      // Embedded mode runs on its defaults on purpose (console SMS, billing off, generated keys).
      ALLOW_EMBEDDED_DEFAULTS: process.env.ALLOW_EMBEDDED_DEFAULTS ?? 'true',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      INTERNAL_TOKEN: internalToken(dataDir),
      SMS_OUTBOX_FILE: process.env.SMS_OUTBOX_FILE ?? path.join(dataDir, 'sms-outbox.jsonl'),
      ROLE: process.env.ROLE ?? 'all',
      ...Object.fromEntries(Object.entries(SERVICE_PORTS).map(([n, p]) => [`${n.toUpperCase()}_URL`, `http://127.0.0.1:${p}`])),
    };
    const run = (name, env) => {
      const file = path.join(root, 'dist', `${name}.mjs`);
      const out = createWriteStream(path.join(logDir, `${name}.log`), { flags: 'a' });
      const child = spawn(process.execPath, ['--enable-source-maps', file], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout.pipe(out);
      child.stderr.pipe(out);
      child.stderr.on('data', (d) => {
        const line = String(d).trim();
        if (line.startsWith('config error')) log(`${name}: ${line}`);
      });
      child.once('exit', (code, signal) => {
        if (!stopping) {
          log(`${name} stopped unexpectedly (${signal ?? `code ${code}`}); see ${path.relative(root, path.join(logDir, `${name}.log`))}`);
          stop(1);
        }
      });
      children.push(child);
      return child;
    };

    const services = Object.entries(SERVICE_PORTS).filter(([name]) => existsSync(path.join(root, 'dist', `${name}.mjs`)));
    // Auth first: the other services and the gateway read its signing keys (JWKS).
    const auth = services.find(([n]) => n === 'auth');
    if (auth) {
      const c = run('auth', { ...baseEnv, PORT: String(auth[1]) });
      await waitReady(`http://127.0.0.1:${auth[1]}/readyz`, c, 'auth');
    }
    await Promise.all(
      services
        .filter(([n]) => n !== 'auth')
        .map(([name, port]) => {
          const c = run(name, { ...baseEnv, PORT: String(port) });
          return waitReady(`http://127.0.0.1:${port}/readyz`, c, name);
        }),
    );
    const port = Number(process.env.PORT ?? 8080);
    const gw = run('gateway', { ...baseEnv, PORT: String(port), HOST: process.env.HOST ?? '0.0.0.0', WEB_DIR: path.join(root, 'web/dist') });
    await waitReady(`http://127.0.0.1:${port}/readyz`, gw, 'gateway');
    log(`services: ${['gateway', ...services.map(([n]) => n)].join(', ')} ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    log(`\nGNology is running at http://localhost:${port}  (Ctrl-C to stop)\n`);
    return { url: `http://127.0.0.1:${port}`, dataDir, stop: () => stop(0) };
  } catch (e) {
    log(`start failed: ${e instanceof Error ? e.message : e}`);
    await stop(1);
    throw e;
  }
}
