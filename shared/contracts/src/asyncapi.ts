import { eventDataSchema, eventSchemaUrl } from './event-schemas';
import { eventCatalog } from './events/catalog';

const safe = (s: string) => s.replace(/[^A-Za-z0-9]+/g, '_');

/** The CloudEvents 1.0 envelope (structured JSON mode) every record's value carries. */
function envelope(type: string, dataschema: string, data: unknown) {
  return {
    type: 'object',
    description:
      'Consumers must ignore attributes and data fields they do not know (additive changes within a topic version).',
    required: ['specversion', 'id', 'type', 'source', 'time', 'datacontenttype', 'data'],
    properties: {
      specversion: { const: '1.0' },
      id: { type: 'string', description: 'Unique event id; consumers de-duplicate on it.' },
      type: { const: type },
      source: { type: 'string', description: 'The emitting service, e.g. /services/documents.' },
      subject: { type: 'string', description: 'The aggregate id (also the Kafka key).' },
      time: { type: 'string', format: 'date-time' },
      datacontenttype: { const: 'application/json' },
      dataschema: { const: dataschema, description: 'The JSON Schema of data (docs/integrators/schemas/).' },
      requestid: { type: 'string', description: 'The HTTP request that caused the event.' },
      data,
    },
  };
}

/** The published schema without its document-level keys, to sit inside the envelope. */
function embedded(schema: Record<string, unknown>) {
  const { $schema: _s, $id: _i, ...rest } = schema;
  return rest;
}

/** Builds the AsyncAPI 3.0 document of every topic and event type from the zod schemas. */
export function buildAsyncApi() {
  const channels: Record<string, unknown> = {};
  const operations: Record<string, unknown> = {};
  const messages: Record<string, unknown> = {};
  const topics = [...new Set(eventCatalog.map((e) => e.topic))];
  for (const topic of topics) {
    const entries = eventCatalog.filter((e) => e.topic === topic);
    const channelId = safe(topic);
    channels[channelId] = {
      address: topic,
      description: `Kafka topic ${topic}, prefixed \`<EVENT_NAMESPACE>.\` when the deployment sets one. Records are keyed by ${[...new Set(entries.map((e) => e.key))].join(' / ')}: ordered per key, not across keys.`,
      messages: Object.fromEntries(
        entries.map((e) => [safe(e.type), { $ref: `#/components/messages/${safe(e.type)}` }]),
      ),
    };
    // AsyncAPI 3 describes the application itself: GNology sends, integrators receive.
    operations[`send_${channelId}`] = {
      action: 'send',
      channel: { $ref: `#/channels/${channelId}` },
      summary: `GNology publishes on ${topic}`,
    };
    for (const e of entries) {
      messages[safe(e.type)] = {
        name: e.type,
        title: e.type,
        summary: e.summary,
        contentType: 'application/cloudevents+json',
        headers: {
          type: 'object',
          properties: {
            'content-type': { const: 'application/cloudevents+json; charset=utf-8' },
            ce_specversion: { const: '1.0' },
            ce_id: { type: 'string' },
            ce_type: { const: e.type },
            ce_source: { type: 'string' },
          },
        },
        payload: envelope(e.type, eventSchemaUrl(e), embedded(eventDataSchema(e))),
      };
    }
  }
  return {
    asyncapi: '3.0.0',
    info: {
      title: 'GNology events',
      version: '1.0.0',
      description:
        'Events GNology publishes for integrators: CloudEvents 1.0 in structured JSON mode on versioned Kafka topics. Delivery is at least once; de-duplicate on the event id. Within a topic version changes are additive only (new optional fields, new event types); consumers must ignore what they do not know. See docs/integrators/events.md.',
    },
    defaultContentType: 'application/cloudevents+json',
    channels,
    operations,
    components: { messages },
  };
}
