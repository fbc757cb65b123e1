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
// Only node builtins here: this file runs before anything is built or installed.

import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const KAFKA_VERSION = '4.1.1';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '../..');
const POM = path.join(HERE, 'pom.xml');
const CACHE = path.join(ROOT, '.cache', 'kafka');
const LIB = path.join(CACHE, 'lib');
const STAMP = path.join(LIB, '.pom.sha256');
const HOST = '127.0.0.1';
const START_TIMEOUT_MS = 90_000;
const STOP_GRACE_MS = 10_000;

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
      // Kafka's cluster ids are 16 random bytes in URL-safe base64 (what `kafka-storage random-uuid` prints).
      const clusterId = randomBytes(16).toString('base64url');
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

// Run as `node -e GUARD_SOURCE <broker pid> [temporary data dir]` with stdin piped from the process
// that started the broker: when that pipe closes (its owner exited or was killed), SIGTERM the
// broker, SIGKILL it after 10 s, then remove the temporary data dir (stop() closes the pipe only
// after it has done all that itself).
const GUARD_SOURCE = `
const pid = Number(process.argv[1]);
const dir = process.argv[2];
const alive = () => { try { process.kill(pid, 0); return true; } catch { return false; } };
const done = () => {
  if (dir) { try { require('node:fs').rmSync(dir, { recursive: true, force: true }); } catch {} }
  process.exit(0);
};
process.stdin.on('error', () => {});
process.stdin.resume();
process.stdin.on('close', () => {
  if (!alive()) done();
  try { process.kill(pid, 'SIGTERM'); } catch {}
  const deadline = Date.now() + ${STOP_GRACE_MS};
  setInterval(() => {
    if (!alive()) done();
    else if (Date.now() > deadline) { try { process.kill(pid, 'SIGKILL'); } catch {} setTimeout(done, 500); }
  }, 200);
});
`;

/** Settings for one combined-mode node, tuned for tests: replication factor 1 everywhere, no rebalance delay. */
function serverProperties({ port, controllerPort, logDirs, saslSsl }) {
  const extraListener = saslSsl ? `,SASL_SSL://${HOST}:${saslSsl.port}` : '';
  const mechanism = saslSsl?.mechanism ?? 'SCRAM-SHA-256';
  const secure = saslSsl
    ? [
        `sasl.enabled.mechanisms=${mechanism}`,
        `listener.name.sasl_ssl.${mechanism.toLowerCase()}.sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required;`,
        'ssl.keystore.type=PEM',
        `ssl.keystore.location=${saslSsl.keystoreFile}`,
        'ssl.client.auth=none',
      ]
    : [];
  return `${[
    'process.roles=broker,controller',
    'node.id=1',
    `controller.quorum.voters=1@${HOST}:${controllerPort}`,
    `listeners=PLAINTEXT://${HOST}:${port},CONTROLLER://${HOST}:${controllerPort}${extraListener}`,
    `advertised.listeners=PLAINTEXT://${HOST}:${port}${extraListener}`,
    'controller.listener.names=CONTROLLER',
    'inter.broker.listener.name=PLAINTEXT',
    `listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT${saslSsl ? ',SASL_SSL:SASL_SSL' : ''}`,
    ...secure,
    `log.dirs=${logDirs}`,
    'num.partitions=3',
    'default.replication.factor=1',
    'auto.create.topics.enable=true',
    'offsets.topic.replication.factor=1',
    'offsets.topic.num.partitions=4',
    'transaction.state.log.replication.factor=1',
    'transaction.state.log.min.isr=1',
    'transaction.state.log.num.partitions=4',
    'share.coordinator.state.topic.replication.factor=1',
    'share.coordinator.state.topic.min.isr=1',
    'group.initial.rebalance.delay.ms=0',
    // Tests use short consumer session timeouts so a killed consumer's partitions move quickly.
    'group.min.session.timeout.ms=1000',
    'num.network.threads=2',
    'num.io.threads=4',
    'log.retention.hours=24',
    'log.segment.bytes=16777216',
  ].join('\n')}\n`;
}

function jvmArgs(heap) {
  const level = process.env.KAFKA_LOG_LEVEL || 'warn';
  return [
    '-Xms128m',
    `-Xmx${heap}`,
    '-XX:+UseSerialGC',
    '-Djava.awt.headless=true',
    `-Dorg.slf4j.simpleLogger.defaultLogLevel=${level}`,
    '-Dorg.slf4j.simpleLogger.log.kafka.server.KafkaRaftServer=info',
    '-Dorg.slf4j.simpleLogger.log.org.apache.kafka.common.utils.AppInfoParser=info',
    '-Dorg.slf4j.simpleLogger.showDateTime=true',
    "-Dorg.slf4j.simpleLogger.dateTimeFormat=yyyy-MM-dd'T'HH:mm:ss.SSS",
  ];
}

/** Fills .cache/kafka/lib with the broker's jars unless it is already there for this pom.xml. */
async function ensureClasspath(log) {
  const pomHash = createHash('sha256').update(readFileSync(POM)).digest('hex');
  const jar = `kafka_2.13-${KAFKA_VERSION}.jar`;
  if (existsSync(path.join(LIB, jar)) && safeRead(STAMP).trim() === pomHash) return path.join(LIB, '*');

  const mvn = process.env.MVN || 'mvn';
  mkdirSync(CACHE, { recursive: true });
  const tmp = path.join(CACHE, `lib.tmp-${process.pid}-${Date.now()}`);
  const args = ['-B', '-q', '-f', POM, 'dependency:copy-dependencies', `-DoutputDirectory=${tmp}`];
  const t0 = Date.now();
  log(`kafka: fetching the Kafka ${KAFKA_VERSION} broker jars with maven into ${path.relative(ROOT, LIB)} (once)`);
  let r = await run(mvn, ['-o', ...args], { cwd: HERE });
  if (r.code !== 0) {
    rmSync(tmp, { recursive: true, force: true });
    r = await run(mvn, args, { cwd: HERE });
  }
  if (r.code !== 0 || !existsSync(path.join(tmp, jar))) {
    rmSync(tmp, { recursive: true, force: true });
    const why =
      r.error?.code === 'ENOENT'
        ? `'${mvn}' was not found on PATH (install Maven, or set MVN)`
        : `maven exited with ${r.code}`;
    throw new Error(`kafka: could not fetch the broker classpath: ${why}\n${tail(r.output, 30)}`);
  }
  writeFileSync(path.join(tmp, '.pom.sha256'), `${pomHash}\n`);
  rmSync(LIB, { recursive: true, force: true });
  try {
    renameSync(tmp, LIB);
  } catch (err) {
    // Another process filled the cache at the same moment: keep its copy.
    rmSync(tmp, { recursive: true, force: true });
    if (!existsSync(path.join(LIB, jar))) throw err;
  }
  log(
    `kafka: ${readdirSync(LIB).filter((f) => f.endsWith('.jar')).length} jars in ${path.relative(ROOT, LIB)} (maven took ${((Date.now() - t0) / 1000).toFixed(1)} s)`,
  );
  return path.join(LIB, '*');
}

function findJava() {
  if (process.env.JAVA_HOME) {
    const j = path.join(process.env.JAVA_HOME, 'bin', 'java');
    if (existsSync(j)) return j;
  }
  return 'java';
}

/** Fails with a clear message when something already listens on HOST:port. */
function assertPortFree(port, what) {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', (err) => {
      if (err.code === 'EADDRINUSE') {
        reject(
          new Error(
            `kafka: ${HOST}:${port} (${what}) is already in use — is another broker running (\`node infra/kafka/kafka.mjs\`)? ` +
              `Stop it, or use it by exporting KAFKA_BROKERS=${HOST}:${port}, or pick other ports.`,
          ),
        );
      } else reject(new Error(`kafka: cannot check ${HOST}:${port}: ${err.message}`));
    });
    srv.listen({ host: HOST, port, exclusive: true }, () => srv.close(() => resolve()));
  });
}

/** Ready = the broker logged "Kafka Server started" and answers an ApiVersions request on its port. */
async function waitUntilReady({ port, logFile, isExited }) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  let started = false;
  let lastErr = 'no answer yet';
  while (Date.now() < deadline) {
    const ex = isExited();
    if (ex) {
      if (ex.error?.code === 'ENOENT')
        throw new Error('kafka: java was not found (install a JDK/JRE 17+ or set JAVA_HOME)');
      throw new Error(`kafka: the broker exited during startup (code ${ex.code}, signal ${ex.signal})`);
    }
    if (!started) started = safeRead(logFile).includes('Kafka Server started');
    if (started) {
      try {
        await apiVersions(port);
        return;
      } catch (err) {
        lastErr = err.message;
      }
    }
    await sleep(100);
  }
  throw new Error(
    `kafka: the broker was not ready within ${START_TIMEOUT_MS / 1000} s (${started ? lastErr : 'no "Kafka Server started" in its log'})`,
  );
}

/** Sends ApiVersions v0 (Kafka wire protocol) and resolves when the broker answers without error. */
function apiVersions(port) {
  return new Promise((resolve, reject) => {
    const clientId = Buffer.from('gnology-kafka-runner');
    const body = Buffer.alloc(2 + 2 + 4 + 2 + clientId.length);
    let o = body.writeInt16BE(18, 0); // api_key ApiVersions
    o = body.writeInt16BE(0, o); // api_version
    o = body.writeInt32BE(7, o); // correlation_id
    o = body.writeInt16BE(clientId.length, o);
    clientId.copy(body, o);
    const frame = Buffer.concat([Buffer.alloc(4), body]);
    frame.writeInt32BE(body.length, 0);

    const sock = net.connect({ host: HOST, port });
    let buf = Buffer.alloc(0);
    const done = (err) => {
      sock.destroy();
      if (err) reject(err);
      else resolve();
    };
    sock.setTimeout(2000, () => done(new Error('ApiVersions timed out')));
    sock.once('error', done);
    sock.once('connect', () => sock.write(frame));
    sock.on('data', (chunk) => {
      buf = Buffer.concat([buf, chunk]);
      if (buf.length < 4 || buf.length < 4 + buf.readInt32BE(0)) return;
      const correlation = buf.readInt32BE(4);
      const errorCode = buf.readInt16BE(8);
      if (correlation !== 7) done(new Error('ApiVersions: unexpected correlation id'));
      else if (errorCode !== 0) done(new Error(`ApiVersions error code ${errorCode}`));
      else done();
    });
    sock.once('end', () => done(new Error('connection closed before the ApiVersions answer')));
  });
}

function run(cmd, args, opts) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { ...opts, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    child.once('error', (error) => resolve({ code: null, output, error }));
    child.once('close', (code) => resolve({ code, output }));
  });
}

function safeRead(file) {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

function tail(text, n) {
  return text.split('\n').slice(-n).join('\n');
}

function sleep(ms) {
  return new Promise((r) => setTimeout(r, ms));
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
