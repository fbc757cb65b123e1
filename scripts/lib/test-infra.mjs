// Starts the servers the integration suites need that the machine does not run itself: an
// Apache Kafka broker (KRaft, jars from Maven Central) and an S3-protocol server, each on
// loopback with a fresh data directory. Addresses given in KAFKA_BROKERS / S3_ENDPOINT are used
// as they are. Each server is proved to answer its own protocol before its "up" line is printed.
import { mkdtemp, rm } from 'node:fs/promises';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT } from './ensure-install.mjs';

/**
 * `onStarted(stop)` is called as soon as a server runs, before it is checked, so that the caller
 * can stop it whatever happens next (a failed check, a signal). Returns the env for the suites.
 */
export async function startKafkaForTests({ env = process.env, onStarted, log = (l) => console.log(l) }) {
  if (env.KAFKA_BROKERS) {
    log(`test-infra: using Kafka at ${env.KAFKA_BROKERS} (KAFKA_BROKERS given, nothing started)`);
    return { KAFKA_BROKERS: env.KAFKA_BROKERS };
  }
  const { startKafka, KAFKA_VERSION } = await import(moduleUrl('infra/kafka/kafka.mjs'));
  const dataDir = await mkdtemp(join(tmpdir(), 'gnology-kafka-'));
  log(`test-infra: starting Kafka ${KAFKA_VERSION} (KRaft, data in ${dataDir})`);
  const started = Date.now();
  let kafka;
  try {
    const port = await pickPort(19092, 'Kafka', log);
    const controllerPort = await pickPort(19093, 'the Kafka controller', log, [port]);
    kafka = await startKafka({ port, controllerPort, dataDir, log });
  } catch (e) {
    await rm(dataDir, { recursive: true, force: true });
    throw e;
  }
  const brokers = Array.isArray(kafka.brokers) ? kafka.brokers.join(',') : String(kafka.brokers);
  onStarted?.(async () => {
    await kafka.stop();
    await rm(dataDir, { recursive: true, force: true });
    log('test-infra: Kafka broker stopped');
  });
  const cluster = await describeKafka(brokers);
  log(
    `test-infra: Kafka ${KAFKA_VERSION} broker up at ${brokers} (ApiVersions answered: ` +
      `${cluster.apis} APIs, ${seconds(started)})`,
  );
  return { KAFKA_BROKERS: brokers };
}

export async function startS3ForTests({ env = process.env, onStarted, log = (l) => console.log(l) }) {
  if (env.S3_ENDPOINT) {
    log(`test-infra: using the S3 server at ${env.S3_ENDPOINT} (S3_ENDPOINT given, nothing started)`);
    return {
      S3_ENDPOINT: env.S3_ENDPOINT,
      S3_ACCESS_KEY: env.S3_ACCESS_KEY ?? '',
      S3_SECRET_KEY: env.S3_SECRET_KEY ?? '',
      S3_REGION: env.S3_REGION ?? 'us-east-1',
    };
  }
  const { startS3Server } = await import(moduleUrl('infra/s3/s3-server.mjs'));
  const dir = await mkdtemp(join(tmpdir(), 'gnology-s3-'));
  const started = Date.now();
  let s3;
  try {
    s3 = await startS3Server({ port: await pickPort(19000, 'the S3 server', log), dir, log });
  } catch (e) {
    await rm(dir, { recursive: true, force: true });
    throw e;
  }
  onStarted?.(async () => {
    await s3.stop();
    await rm(dir, { recursive: true, force: true });
    log('test-infra: S3 server stopped');
  });
  const vars = {
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY: s3.accessKey,
    S3_SECRET_KEY: s3.secretKey,
    S3_REGION: s3.region,
  };
  const buckets = await listBuckets(vars);
  log(
    `test-infra: S3 server up at ${s3.endpoint} (unsigned ListBuckets answered ${buckets}; data in ${dir}, ${seconds(started)})`,
  );
  return vars;
}

/**
 * A Kafka-protocol round trip, not just an open port: an ApiVersions request (key 18, v0) over
 * a raw socket. Raw bytes keep kafkajs behind the platform's events interface.
 */
async function describeKafka(brokers) {
  const [host, port] = brokers.split(',')[0].split(':');
  const clientId = Buffer.from('gnology-test-infra');
  const body = Buffer.alloc(2 + 2 + 4 + 2 + clientId.length);
  body.writeInt16BE(18, 0); // ApiVersions
  body.writeInt16BE(0, 2); // version 0
  body.writeInt32BE(1, 4); // correlation id
  body.writeInt16BE(clientId.length, 8);
  clientId.copy(body, 10);
  const frame = Buffer.concat([Buffer.alloc(4), body]);
  frame.writeInt32BE(body.length, 0);
  const reply = await new Promise((resolve, reject) => {
    const socket = connect({ host, port: Number(port) }, () => socket.write(frame));
    let data = Buffer.alloc(0);
    socket.setTimeout(5000, () => socket.destroy(new Error('no answer from the Kafka broker within 5 s')));
    socket.on('data', (chunk) => {
      data = Buffer.concat([data, chunk]);
      if (data.length >= 4 && data.length >= 4 + data.readInt32BE(0)) {
        socket.end();
        resolve(data);
      }
    });
    socket.on('error', reject);
  });
  const errorCode = reply.readInt16BE(8);
  const apiCount = reply.readInt32BE(10);
  if (reply.readInt32BE(4) !== 1 || errorCode !== 0)
    throw new Error(`Kafka ApiVersions failed (error code ${errorCode})`);
  return { apis: apiCount };
}

/**
 * An S3-protocol answer, not just an open port: an unsigned ListBuckets must come back as an S3
 * XML error (AccessDenied), which only an S3 server says.
 */
async function listBuckets(vars) {
  const res = await fetch(vars.S3_ENDPOINT, { signal: AbortSignal.timeout(5000) });
  const text = await res.text();
  const code = /<Code>([^<]+)<\/Code>/.exec(text)?.[1];
  if (!code) throw new Error(`the S3 server at ${vars.S3_ENDPOINT} did not answer in S3's XML (status ${res.status})`);
  return code;
}

/**
 * The usual port when it is free; otherwise (another run on this machine holds it) one the
 * system picks, so that two runs can go on side by side.
 */
async function pickPort(preferred, what, log, taken = []) {
  if (!taken.includes(preferred) && (await listenOn(preferred)) === preferred) return preferred;
  let port;
  do port = await listenOn(0);
  while (taken.includes(port));
  log(`test-infra: 127.0.0.1:${preferred} is in use (another run?); ${what} gets port ${port}`);
  return port;
}

/** Binds and releases a port; resolves the port bound, or undefined when it is in use. */
function listenOn(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(undefined));
    server.listen({ host: '127.0.0.1', port, exclusive: true }, () => {
      const bound = server.address().port;
      server.close(() => resolve(bound));
    });
  });
}

function moduleUrl(path) {
  return pathToFileURL(join(REPO_ROOT, path)).href;
}

function seconds(since) {
  return `${((Date.now() - since) / 1000).toFixed(1)}s`;
}
