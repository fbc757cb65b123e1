// Before and after the start: the ports are free, then the broker answers on its port.

import net from 'node:net';
import { HOST } from './broker-settings.mjs';
import { safeRead, sleep } from './processes.mjs';

const START_TIMEOUT_MS = 90_000;

/** Fails with a clear message when something already listens on HOST:port. */
export function assertPortFree(port, what) {
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
export async function waitUntilReady({ port, logFile, isExited }) {
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
