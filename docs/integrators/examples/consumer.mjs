// GNology document events: an example consumer (docs/integrators/events.md).
// Save as a .mjs file (it uses ES modules and top-level await) and run with Node.js 20 or later:
//
//   npm install kafkajs
//   KAFKA_BROKERS=localhost:19094 node consumer.mjs
//
// Environment:
//   KAFKA_BROKERS     host:port list of the cluster (docker compose: localhost:19094)
//   EVENT_NAMESPACE   the deployment's topic prefix, if it has one (topic = "<namespace>.gnology.documents.v1")
//   GROUP_ID          your consumer group (default gnology-example); keep it stable to resume where you stopped
//   KAFKA_SSL=true, KAFKA_SASL_MECHANISM (plain | scram-sha-256 | scram-sha-512), KAFKA_SASL_USERNAME,
//   KAFKA_SASL_PASSWORD   for a managed cluster; KAFKA_SSL_CA_FILE if its certificate is from a private CA
//   GNOLOGY_URL, GNOLOGY_TOKEN   optional: fetch each processed document's text with a personal
//                                access token (docs/integrators/access-tokens.md)
import { readFileSync } from 'node:fs';
import { Kafka, logLevel } from 'kafkajs';

const env = process.env;
if (!env.KAFKA_BROKERS) {
  console.error('set KAFKA_BROKERS, e.g. KAFKA_BROKERS=localhost:19094');
  process.exit(64);
}
const topic = `${env.EVENT_NAMESPACE ? `${env.EVENT_NAMESPACE}.` : ''}gnology.documents.v1`;
const sasl = env.KAFKA_SASL_MECHANISM
  ? { mechanism: env.KAFKA_SASL_MECHANISM, username: env.KAFKA_SASL_USERNAME, password: env.KAFKA_SASL_PASSWORD }
  : undefined;

const kafka = new Kafka({
  clientId: 'gnology-example-consumer',
  brokers: env.KAFKA_BROKERS.split(','),
  ssl:
    env.KAFKA_SSL === 'true' && env.KAFKA_SSL_CA_FILE
      ? { ca: [readFileSync(env.KAFKA_SSL_CA_FILE, 'utf8')] }
      : env.KAFKA_SSL === 'true',
  sasl,
  logLevel: logLevel.ERROR,
});
const consumer = kafka.consumer({ groupId: env.GROUP_ID || 'gnology-example' });

// Delivery is at least once: remember the event ids you have handled (a table in production).
const seen = new Set();

/**
 * The document's extracted text, through the API with a personal access token; null when the
 * token cannot read it (404: another account's document, or deleted since) — skip those, since
 * the topic carries every account's events. Anything else throws, so the event is redelivered.
 */
async function fetchText(documentId) {
  const res = await fetch(`${env.GNOLOGY_URL}/api/documents/${encodeURIComponent(documentId)}`, {
    headers: { authorization: `Bearer ${env.GNOLOGY_TOKEN}` },
  });
  if (res.status === 404) return null;
  if (!res.ok) throw new Error(`GET /api/documents/${documentId}: HTTP ${res.status}`);
  return (await res.json()).extractedText ?? '';
}

await consumer.connect();
await consumer.subscribe({ topic, fromBeginning: true });
console.log(`listening on ${topic}`);
await consumer.run({
  eachMessage: async ({ message }) => {
    // Structured mode: the value is the whole CloudEvent; the ce_* headers copy its id and type.
    const event = JSON.parse(message.value.toString('utf8'));
    if (seen.has(event.id)) return;
    const documentId = message.key.toString('utf8'); // = event.subject = event.data.documentId
    switch (event.type) {
      case 'document.processed':
      case 'document.updated': {
        const people = event.data.entities.peopleIdentified.map((p) => `${p.name} (${p.role})`).join(', ');
        console.log(`${event.type} ${documentId} owner=${event.data.ownerId} people: ${people || 'none'}`);
        if (event.type === 'document.processed' && env.GNOLOGY_TOKEN) {
          const text = await fetchText(documentId); // throws: not committed, redelivered
          if (text === null) console.log(`skipped ${documentId}: not readable with this token`);
          else console.log(`text of ${documentId}: ${text.length} characters`);
        }
        break;
      }
      case 'document.failed':
        console.log(`document.failed ${documentId} at ${event.data.step}: ${event.data.error}`);
        break;
      case 'document.deleted':
        console.log(`document.deleted ${documentId}: forget what you took from it`);
        break;
      default:
        console.log(`${event.type} ${documentId}`); // document.uploaded, and types added later
    }
    seen.add(event.id);
  },
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, async () => {
    await consumer.disconnect();
    process.exit(0);
  });
}
