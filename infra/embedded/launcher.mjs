// Runs the whole product on one machine: embedded Postgres, every service with every role,
// then the gateway. Child logs go to .data/logs/<name>.log; the console gets one line per
// service and the URL once everything answers /readyz. Ctrl-C stops all of it.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startEmbeddedPostgres } from './postgres.mjs';
import { alive, commandLine, terminate } from './processes.mjs';
import { supervise } from './supervisor.mjs';

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

/**
 * The launcher's record of what it runs (`DATA_DIR/launcher.json`): its own pid and each child's.
 * A launcher killed with SIGKILL cannot stop its children; the next one reads this record and
 * stops those still running (checked to be the same program, not a reused pid) before starting.
 */
function processRecord(dataDir) {
  const file = path.join(dataDir, 'launcher.json');
  const state = { pid: process.pid, children: {} };
  const save = () => writeFileSync(file, JSON.stringify(state));
  return {
    read() {
      try {
        return JSON.parse(readFileSync(file, 'utf8'));
      } catch {
        return undefined;
      }
    },
    child(name, pid) {
      state.children[name] = pid;
      save();
    },
    clear: () => rmSync(file, { force: true }),
  };
}

async function stopLeftoverChildren(record, root, log) {
  const previous = record.read();
  if (!previous || previous.pid === process.pid) return;
  if (alive(previous.pid) && /node/.test(commandLine(previous.pid))) {
    throw new Error(
      `GNology is already running from this data folder (launcher pid ${previous.pid}). Stop it first (Ctrl-C in its terminal, or kill ${previous.pid}).`,
    );
  }
  for (const [name, pid] of Object.entries(previous.children ?? {})) {
    if (!alive(pid) || !commandLine(pid).includes(path.join(root, 'dist', `${name}.mjs`))) continue;
    log(`${name}: stopping a leftover process (pid ${pid}) from a launcher that did not stop`);
    await terminate(pid, { graceMs: 10_000 });
  }
}

/**
 * Starts everything and resolves once the gateway is ready, with a `stop()`.
 * `exitOnStop` (npm start) also exits the process when stopped. A service that crashes after
 * it was ready is restarted with a backoff (supervisor.mjs); stopping always ends with the
 * embedded Postgres stopped, whether it comes from Ctrl-C, SIGTERM, SIGHUP, an uncaught error
 * in the launcher or a failed start.
 */
export async function launch({ root, log = console.log, exitOnStop = true, handleSignals = true }) {
  const started = Date.now();
  const dataDir = path.resolve(root, process.env.DATA_DIR ?? '.data');
  const logDir = path.join(dataDir, 'logs');
  mkdirSync(logDir, { recursive: true });
  const supervised = [];
  const SERVICE_PORTS = servicePorts();
  const record = processRecord(dataDir);
  let pg;
  let stopping;

  const stop = (code = 0) => {
    stopping ??= (async () => {
      log('stopping GNology...');
      // The gateway first, auth last: the reverse of the start order.
      for (const group of [
        supervised.filter((s) => s.name === 'gateway'),
        supervised.filter((s) => s.name !== 'gateway' && s.name !== 'auth'),
        supervised.filter((s) => s.name === 'auth'),
      ]) {
        await Promise.all(group.map((s) => s.stop()));
      }
      if (pg) await pg.stop().catch((e) => log(`postgres: could not stop (${e instanceof Error ? e.message : e})`));
      record.clear();
      log('stopped.');
      if (exitOnStop) process.exit(code);
    })();
    return stopping;
  };
  if (handleSignals) {
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.once(signal, () => stop(0));
    const fatal = (err) => {
      log(`launcher error: ${err instanceof Error ? (err.stack ?? err.message) : err}`);
      stop(1);
    };
    process.on('uncaughtException', fatal);
    process.on('unhandledRejection', fatal);
  }

  try {
    await stopLeftoverChildren(record, root, log);
    let databaseUrl = process.env.DATABASE_URL;
    if (!databaseUrl) {
      pg = await startEmbeddedPostgres({ dataDir, port: Number(process.env.PG_PORT ?? 54329), log });
      databaseUrl = pg.url;
      log(
        `postgres: embedded server ${pg.fresh ? 'created' : 'started'} (data in ${path.relative(root, path.join(dataDir, 'pg'))})`,
      );
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
      ...Object.fromEntries(
        Object.entries(SERVICE_PORTS).map(([n, p]) => [`${n.toUpperCase()}_URL`, `http://127.0.0.1:${p}`]),
      ),
    };
    const run = (name, env) => {
      const s = supervise({
        name,
        file: path.join(root, 'dist', `${name}.mjs`),
        root,
        env,
        logDir,
        readyUrl: `http://127.0.0.1:${env.PORT}/readyz`,
        log,
        onSpawn: (n, pid) => record.child(n, pid),
      });
      supervised.push(s);
      return s.start();
    };

    const services = Object.entries(SERVICE_PORTS).filter(([name]) =>
      existsSync(path.join(root, 'dist', `${name}.mjs`)),
    );
    // Auth first: the other services and the gateway read its signing keys (JWKS).
    const auth = services.find(([n]) => n === 'auth');
    if (auth) await run('auth', { ...baseEnv, PORT: String(auth[1]) });
    await Promise.all(
      services.filter(([n]) => n !== 'auth').map(([name, port]) => run(name, { ...baseEnv, PORT: String(port) })),
    );
    const port = Number(process.env.PORT ?? 8080);
    await run('gateway', {
      ...baseEnv,
      PORT: String(port),
      HOST: process.env.HOST ?? '0.0.0.0',
      WEB_DIR: path.join(root, 'web/dist'),
    });
    log(
      `services: ${['gateway', ...services.map(([n]) => n)].join(', ')} ready in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    log(`\nGNology is running at http://localhost:${port}  (Ctrl-C to stop)\n`);
    return { url: `http://127.0.0.1:${port}`, dataDir, stop: () => stop(0) };
  } catch (e) {
    log(`start failed: ${e instanceof Error ? e.message : e}`);
    await stop(1);
    throw e;
  }
}
