#!/usr/bin/env node
// One Apache Kafka broker in KRaft combined mode (broker + controller in one JVM) on loopback,
// for the integration tests and for development. Kafka 4 has no ZooKeeper: the node formats
// its own metadata log (kafka.tools.StorageTool) and elects itself controller.
//
// The jars come from Maven Central through infra/kafka/pom.xml into .cache/kafka/lib (git-ignored);
// maven runs only when that cache is missing or the pom changed, offline first.
//
//   import { startKafka } from './infra/kafka/kafka.mjs';
//   const kafka = await startKafka({ dataDir });   // -> { brokers: '127.0.0.1:19092', stop }
//
//   node infra/kafka/kafka.mjs [--port 19092] [--controller-port 19093] [--data-dir DIR]
//     starts a broker and keeps it running until Ctrl-C.
//
// A broker like a managed cluster's (TLS + SCRAM) next to the plain listener:
//   startKafka({ saslSsl: { port: 19296, keystoreFile, users: [{ name: 'gnology', password: '...' }] } })
// keystoreFile: one PEM file with the broker's unencrypted PKCS#8 key and its certificate chain.
// The SCRAM users are created when the storage is formatted (a new data dir).
//
// Only node builtins here and in the modules beside it: this runs before anything is built or installed.
// This file starts and stops the broker and is the command line; beside it: classpath.mjs (the jars,
// java), broker-settings.mjs (server.properties, JVM flags), readiness.mjs (ports free, broker
// answering), guard.mjs (stops an orphaned broker), processes.mjs (child-process helpers).

import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { HOST, jvmArgs, serverProperties } from './broker-settings.mjs';
import { ensureClasspath, findJava, KAFKA_VERSION } from './classpath.mjs';
import { GUARD_SOURCE, STOP_GRACE_MS } from './guard.mjs';
import { run, safeRead, tail } from './processes.mjs';
import { assertPortFree, waitUntilReady } from './readiness.mjs';

export { KAFKA_VERSION };

/**
 * Starts a single-node Kafka broker on 127.0.0.1.
 * @param {{ port?: number, controllerPort?: number, dataDir?: string, log?: (line: string) => void, heap?: string,
 *   saslSsl?: { port: number, keystoreFile: string, mechanism?: 'SCRAM-SHA-256' | 'SCRAM-SHA-512', users: { name: string, password: string }[] } }} [opts]
 *   saslSsl: an extra SASL_SSL listener (TLS with the given key and certificate, SCRAM users).
 *   dataDir: where the metadata and topic logs live; kept (and reused on the next start) when given,
 *   otherwise a fresh temporary directory that stop() removes.
 * @returns {Promise<{ brokers: string, port: number, dataDir: string, logFile: string, pid: number, stop: () => Promise<void> }>}
 */
export async function startKafka({
  port = 19092,
  controllerPort = 19093,
  dataDir,
  log = console.log,
  heap = '512m',
  saslSsl,
} = {}) {
  const t0 = Date.now();
  await assertPortFree(port, 'port');
  await assertPortFree(controllerPort, 'controllerPort');
  if (saslSsl) await assertPortFree(saslSsl.port, 'saslSsl.port');
  const java = findJava();
  const classpath = await ensureClasspath(log);

  const ownDir = !dataDir;
  const dir = ownDir ? mkdtempSync(path.join(os.tmpdir(), 'gnology-kafka-')) : path.resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const logDirs = path.join(dir, 'logs');
  const propsFile = path.join(dir, 'server.properties');
  const logFile = path.join(dir, 'kafka.log');
  writeFileSync(propsFile, serverProperties({ port, controllerPort, logDirs, saslSsl }));

  const jvm = jvmArgs(heap);
  try {
    if (!existsSync(path.join(logDirs, 'meta.properties'))) {
      const clusterId = newClusterId();
      const scram = (saslSsl?.users ?? []).flatMap((u) => [
        '--add-scram',
        `${saslSsl.mechanism ?? 'SCRAM-SHA-256'}=[name=${u.name},password=${u.password}]`,
      ]);
      const r = await run(
        java,
        [...jvm, '-cp', classpath, 'kafka.tools.StorageTool', 'format', '-t', clusterId, '-c', propsFile, ...scram],
        { cwd: dir },
      );
      if (r.code !== 0) throw new Error(`kafka: formatting ${logDirs} failed (exit ${r.code}):\n${tail(r.output, 30)}`);
    }
  } catch (err) {
    if (ownDir) rmSync(dir, { recursive: true, force: true });
    throw err;
  }

  const out = openSync(logFile, 'a');
  const child = spawn(java, [...jvm, '-cp', classpath, 'kafka.Kafka', propsFile], {
    cwd: dir,
    stdio: ['ignore', out, out],
  });
  closeSync(out);
  let exited = null;
  const exitPromise = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      exited = { code, signal };
      resolve(exited);
    });
    child.once('error', (err) => {
      exited = { code: null, signal: null, error: err };
      resolve(exited);
    });
  });
  // If this process ends without calling stop(), do not leave the JVM behind: on a normal exit
  // the 'exit' hook kills it; if this process is killed outright, the guard (a tiny process whose
  // stdin is a pipe from this one) sees the pipe close and stops the broker.
  const killOnExit = () => {
    if (!exited) child.kill('SIGKILL');
  };
  process.once('exit', killOnExit);
  const guard = spawn(process.execPath, ['-e', GUARD_SOURCE, String(child.pid), ownDir ? dir : ''], {
    stdio: ['pipe', 'ignore', 'ignore'],
    detached: true,
  });
  guard.on('error', () => {});
  guard.stdin.on('error', () => {});
  guard.unref();
  guard.stdin.unref?.();

  let stopping = null;
  const stop = () => {
    stopping ??= (async () => {
      if (!exited) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => {
          if (!exited) child.kill('SIGKILL');
        }, STOP_GRACE_MS);
        await exitPromise;
        clearTimeout(timer);
      }
      process.removeListener('exit', killOnExit);
      guard.stdin.end();
      if (ownDir) rmSync(dir, { recursive: true, force: true });
    })();
    return stopping;
  };

  try {
    await waitUntilReady({ port, logFile, isExited: () => exited });
  } catch (err) {
    const logText = safeRead(logFile);
    await stop();
    throw new Error(`${err.message}\n--- last lines of the broker log ---\n${tail(logText, 40)}`);
  }

  const version = /Kafka version: (\S+)/.exec(safeRead(logFile))?.[1] ?? KAFKA_VERSION;
  const brokers = `${HOST}:${port}`;
  const secure = saslSsl ? { saslSslBrokers: `${HOST}:${saslSsl.port}` } : {};
  log(
    `kafka: Apache Kafka ${version} broker (KRaft) listening on ${brokers}${saslSsl ? ` and SASL_SSL ${HOST}:${saslSsl.port}` : ''} (ready in ${((Date.now() - t0) / 1000).toFixed(1)} s, log ${logFile})`,
  );
  return { brokers, port, dataDir: dir, logFile, pid: child.pid, stop, ...secure };
}

function parseArgs(argv) {
  const opts = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    if (a === '--port') opts.port = Number(value());
    else if (a === '--controller-port') opts.controllerPort = Number(value());
    else if (a === '--data-dir') opts.dataDir = value();
    else if (a === '-h' || a === '--help') {
      console.log('usage: node infra/kafka/kafka.mjs [--port 19092] [--controller-port 19093] [--data-dir DIR]');
      process.exit(0);
    } else throw new Error(`unknown argument ${a}`);
  }
  return opts;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  let kafka;
  try {
    kafka = await startKafka(parseArgs(process.argv.slice(2)));
  } catch (err) {
    console.error(err.message);
    process.exit(1);
  }
  console.log(`kafka: export KAFKA_BROKERS=${kafka.brokers}   (Ctrl-C stops the broker)`);
  let stopping = false;
  const shutdown = async (sig) => {
    if (stopping) return;
    stopping = true;
    console.log(`kafka: ${sig}, stopping the broker`);
    await kafka.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

/**
 * A Kafka cluster id: 16 random bytes in URL-safe base64 (what `kafka-storage random-uuid` prints). One in 64 starts
 * with "-", which the storage tool's argument parser takes for an option ("--cluster-id: expected one argument"), so
 * that draw is thrown away, as Kafka's own random-uuid does.
 */
export function newClusterId(draw = () => randomBytes(16)) {
  for (;;) {
    const id = draw().toString('base64url');
    if (!id.startsWith('-')) return id;
  }
}
