#!/usr/bin/env node
// An S3-protocol server on loopback for integration tests and local runs: S3Proxy
// (org.gaul:s3proxy from Maven Central) with its filesystem backend, run with java.
//
// Why not s3rver (npm): s3rver 3.7.1 answers `GET /<bucket>?uploads` (ListMultipartUploads)
// with NotImplemented, and the minio client calls exactly that before every multipart upload,
// so any stream larger than one part fails. See infra/s3/README.md.
//
// Library: `const s3 = await startS3Server({ port, dir })` → { endpoint, accessKey, secretKey, region, stop() }
// CLI:     `node infra/s3/s3-server.mjs [--port 19000] [--dir path]` runs until Ctrl-C.

import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const S3PROXY_VERSION = '4.1.0';
const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const JAR_DIR = join(REPO_ROOT, '.cache/s3proxy');
const JAR = join(JAR_DIR, `s3proxy-${S3PROXY_VERSION}-jar-with-dependencies.jar`);
const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 10_000;

/**
 * Starts S3Proxy on 127.0.0.1:`port`, storing buckets as folders under `dir`
 * (a fresh temp folder, removed by stop(), when `dir` is not given).
 */
export async function startS3Server({
  port = 19000,
  dir,
  log = console.log,
  accessKey = 'gnology',
  secretKey = 'gnology-secret',
  region = 'us-east-1',
} = {}) {
  await assertPortFree(port);
  ensureJar(log);

  const ownsDir = !dir;
  const dataDir = dir ? resolve(dir) : await mkdtemp(join(tmpdir(), 'gn-s3-data-'));
  await mkdir(dataDir, { recursive: true });
  // The properties file holds the credential: keep it out of the data folder (which S3Proxy
  // would list as a bucket) and out of the repo.
  const confDir = await mkdtemp(join(tmpdir(), 'gn-s3-conf-'));
  const confFile = join(confDir, 's3proxy.properties');
  const endpoint = `http://127.0.0.1:${port}`;
  await writeFile(
    confFile,
    [
      `s3proxy.endpoint=${endpoint}`,
      's3proxy.authorization=aws-v2-or-v4',
      `s3proxy.identity=${accessKey}`,
      `s3proxy.credential=${secretKey}`,
      'jclouds.provider=filesystem-nio2',
      `jclouds.filesystem.basedir=${dataDir}`,
      '',
    ].join('\n'),
    { mode: 0o600 },
  );

  const child = spawn(
    'java',
    [
      '-Xmx512m',
      '-XX:+UseSerialGC',
      // Silences logback's own start-up chatter; LOG_LEVEL below quiets S3Proxy itself.
      '-Dlogback.statusListenerClass=ch.qos.logback.core.status.NopStatusListener',
      '-jar',
      JAR,
      '--properties',
      confFile,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LOG_LEVEL: 'warn', JETTY_LOG_LEVEL: 'warn' } },
  );
  // Keep the last lines of output so a failed start can say why.
  const tail = [];
  const keep = (chunk) => {
    for (const line of chunk.toString().split('\n')) if (line.trim()) tail.push(line);
    tail.splice(0, Math.max(0, tail.length - 40));
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((res) => child.once('exit', (code, signal) => res({ code, signal })));
  // If the parent dies without calling stop(), do not leave a JVM behind.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const cleanup = async () => {
    process.removeListener('exit', killOnExit);
    await rm(confDir, { recursive: true, force: true });
    if (ownsDir) await rm(dataDir, { recursive: true, force: true });
  };

  try {
    await waitUntilServing(port, exited, tail);
  } catch (err) {
    child.kill('SIGKILL');
    await exited;
    await cleanup();
    throw err;
  }
  log(`s3: S3Proxy ${S3PROXY_VERSION} (filesystem backend) listening on ${endpoint}, data in ${dataDir}`);

  let stopping;
  return {
    endpoint,
    accessKey,
    secretKey,
    region,
    dir: dataDir,
    stop() {
      stopping ??= (async () => {
        if (child.exitCode === null && child.signalCode === null) {
          child.kill('SIGTERM');
          const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
          await exited;
          clearTimeout(timer);
        }
        await cleanup();
      })();
      return stopping;
    },
  };
}

/** Fetches the S3Proxy jar into .cache/s3proxy with Maven, once. */
function ensureJar(log) {
  if (existsSync(JAR)) return;
  log(`s3: fetching org.gaul:s3proxy:${S3PROXY_VERSION} with maven into ${JAR_DIR}`);
  const res = spawnSync(
    'mvn',
    [
      '-B',
      '-q',
      'org.apache.maven.plugins:maven-dependency-plugin:3.8.1:copy',
      `-Dartifact=org.gaul:s3proxy:${S3PROXY_VERSION}:jar:jar-with-dependencies`,
      `-DoutputDirectory=${JAR_DIR}`,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' },
  );
  if (res.error || res.status !== 0 || !existsSync(JAR)) {
    const why = res.error?.message ?? `${res.stdout}\n${res.stderr}`.trim().split('\n').slice(-15).join('\n');
    throw new Error(`could not fetch S3Proxy with maven (needs mvn and Java 17 on PATH): ${why}`);
  }
}

function assertPortFree(port) {
  return new Promise((res, rej) => {
    const probe = net.createServer();
    probe.once('error', (err) =>
      rej(
        err.code === 'EADDRINUSE' ? new Error(`s3: port ${port} is already in use (another S3 server running?)`) : err,
      ),
    );
    probe.listen(port, '127.0.0.1', () => probe.close(() => res()));
  });
}

/** Resolves once the server answers HTTP (an unsigned request gets 403, which is fine). */
async function waitUntilServing(port, exited, tail) {
  let dead;
  exited.then((e) => {
    dead = e;
  });
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (dead) throw new Error(`s3: S3Proxy exited during start-up (${dead.code ?? dead.signal}):\n${tail.join('\n')}`);
    if (await answersHttp(port)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`s3: S3Proxy did not answer on port ${port} within ${READY_TIMEOUT_MS / 1000}s:\n${tail.join('\n')}`);
}

function answersHttp(port) {
  return new Promise((res) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/', agent: false, timeout: 1000 }, (r) => {
      r.resume();
      res(true);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => res(false));
  });
}

const runAsCli = process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (runAsCli) {
  const { values } = parseArgs({ options: { port: { type: 'string', default: '19000' }, dir: { type: 'string' } } });
  const server = await startS3Server({ port: Number(values.port), dir: values.dir });
  console.log(
    `export S3_ENDPOINT=${server.endpoint} S3_ACCESS_KEY=${server.accessKey} S3_SECRET_KEY=${server.secretKey} S3_REGION=${server.region}`,
  );
  const shutdown = async () => {
    await server.stop();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}
