import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { dataSchemaUrl, EVENT_SCHEMA_BASE_URL } from '../src/events/dataschema';
import { buildEvent } from '../src/events/outbox';

const schemasDir = new URL('../../../docs/integrators/schemas/', import.meta.url);

describe('CloudEvents dataschema', () => {
  it('names the published schema of the type on the topic version', () => {
    expect(dataSchemaUrl('gnology.documents.v1', 'document.processed')).toBe(
      `${EVENT_SCHEMA_BASE_URL}/document.processed.v1.json`,
    );
    expect(dataSchemaUrl('team-a.gnology.documents.v2', 'document.processed')).toBe(
      `${EVENT_SCHEMA_BASE_URL}/document.processed.v2.json`,
    );
    expect(dataSchemaUrl('scratch-topic', 'x')).toBeUndefined();
  });

  it('buildEvent sets it, and it points at a file that is published', () => {
    const event = buildEvent({
      topic: 'gnology.documents.v1',
      key: 'd1',
      type: 'document.deleted',
      source: '/services/documents',
      data: { documentId: 'd1' },
    });
    expect(event.dataschema).toBe(`${EVENT_SCHEMA_BASE_URL}/document.deleted.v1.json`);
    const file = event.dataschema!.slice(EVENT_SCHEMA_BASE_URL.length + 1);
    expect(existsSync(new URL(file, schemasDir))).toBe(true);
  });

  it('an explicit dataschema wins', () => {
    const event = buildEvent({
      topic: 'gnology.documents.v1',
      key: 'd1',
      type: 'document.deleted',
      source: '/s',
      data: {},
      dataschema: 'https://example.com/s.json',
    });
    expect(event.dataschema).toBe('https://example.com/s.json');
  });
});
