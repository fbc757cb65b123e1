import { z } from 'zod';
import { type EventEntry, eventCatalog } from './events/catalog';

/**
 * Where each event's `data` JSON Schema is published: the CloudEvents `dataschema` attribute of
 * every event is this URL, and the file docs/integrators/schemas/<type>.v<version>.json holds it
 * (the site serves that folder under this base). Kept equal to the rule in
 * shared/platform/src/events/dataschema.ts, which a unit test checks.
 */
export const EVENT_SCHEMA_BASE_URL = 'https://gnology.app/schemas/events';

/** The major version of an event is its topic's (`gnology.documents.v1` → 1). */
export function topicVersion(topic: string): number {
  const m = /\.v(\d+)$/.exec(topic);
  if (!m) throw new Error(`topic without a version suffix: ${topic}`);
  return Number(m[1]);
}

export const eventSchemaFileName = (e: Pick<EventEntry, 'type' | 'topic'>) =>
  `${e.type}.v${topicVersion(e.topic)}.json`;
export const eventSchemaUrl = (e: Pick<EventEntry, 'type' | 'topic'>) =>
  `${EVENT_SCHEMA_BASE_URL}/${eventSchemaFileName(e)}`;

/**
 * Additive changes within a version (new optional fields) must not break a validating consumer,
 * so no object in a published schema forbids properties it does not list (zod's output schemas
 * say `additionalProperties: false`).
 */
function openObjects(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(openObjects);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === 'additionalProperties' && v === false) continue;
    out[k] = openObjects(v);
  }
  return out;
}

/** The JSON Schema (draft 2020-12) of one event's `data`, open to additional properties. */
export function eventDataSchema(e: EventEntry): Record<string, unknown> {
  const schema = openObjects(z.toJSONSchema(e.data, { target: 'draft-2020-12', unrepresentable: 'any' })) as Record<
    string,
    unknown
  >;
  const { $schema, ...rest } = schema;
  return {
    $schema: $schema ?? 'https://json-schema.org/draft/2020-12/schema',
    $id: eventSchemaUrl(e),
    title: `${e.type} data (v${topicVersion(e.topic)})`,
    description: `${e.summary} Consumers must ignore fields they do not know: new optional fields may be added within v${topicVersion(e.topic)}.`,
    ...rest,
  };
}

/** Every published schema file: name → schema. */
export function eventSchemaFiles(): Record<string, Record<string, unknown>> {
  return Object.fromEntries(eventCatalog.map((e) => [eventSchemaFileName(e), eventDataSchema(e)]));
}
