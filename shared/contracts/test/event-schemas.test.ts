import { readdirSync, readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { buildAsyncApi } from '../src/asyncapi';
import { eventSchemaFileName, eventSchemaFiles, eventSchemaUrl } from '../src/event-schemas';
import { eventCatalog } from '../src/events/catalog';

const dir = new URL('../../../docs/integrators/schemas/', import.meta.url);
const published = (name: string) => JSON.parse(readFileSync(new URL(name, dir), 'utf8')) as Record<string, unknown>;

/** A valid document.processed data, as the documents service writes it. */
const processed = {
  documentId: '6740a1b2c3d4e5f601234567',
  ownerId: 'u_123',
  documentType: 'census',
  mimetype: 'text/plain',
  pageCount: 1,
  textLength: 231,
  ocrPages: 0,
  extractionMethod: 'rules',
  entities: {
    documentType: 'census',
    peopleIdentified: [{ name: 'Mary Turner', role: 'primary_subject' }],
    dateInfo: [],
    geographicalInfo: [],
    occupations: [],
    tags: [],
  },
  processedAt: '2025-11-22T08:01:12.300Z',
};

function validator(name: string) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  return ajv.compile(published(name));
}

describe('published event data schemas (docs/integrators/schemas)', () => {
  it('are committed as generated, one per catalogued event (run `npx tsx scripts/generate-asyncapi.ts`)', () => {
    const files = eventSchemaFiles();
    expect(
      readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .sort(),
    ).toEqual(Object.keys(files).sort());
    for (const [name, schema] of Object.entries(files))
      expect(published(name), name).toEqual(JSON.parse(JSON.stringify(schema)));
  });

  it('name themselves by the dataschema URL of their event', () => {
    for (const e of eventCatalog) expect(published(eventSchemaFileName(e)).$id).toBe(eventSchemaUrl(e));
    expect(eventSchemaUrl({ type: 'document.processed', topic: 'gnology.documents.v1' })).toBe(
      'https://gnology.app/schemas/events/document.processed.v1.json',
    );
  });

  it('accept a payload with fields added later (additive changes within v1), at the top and nested', () => {
    const validate = validator('document.processed.v1.json');
    expect(validate(processed), JSON.stringify(validate.errors)).toBe(true);
    const grown = {
      ...processed,
      language: 'en',
      entities: {
        ...processed.entities,
        religion: ['Methodist'],
        peopleIdentified: [{ name: 'Mary Turner', role: 'primary_subject', age: 70 }],
      },
    };
    expect(validate(grown), JSON.stringify(validate.errors)).toBe(true);
  });

  it('still reject what breaks the contract: a missing field or a wrong type', () => {
    const validate = validator('document.processed.v1.json');
    const { ownerId: _o, ...missing } = processed;
    expect(validate(missing)).toBe(false);
    expect(validate({ ...processed, pageCount: 'one' })).toBe(false);
    expect(validate({ ...processed, documentType: 'unknown-kind' })).toBe(false);
  });

  it('every schema is open: no object forbids additional properties', () => {
    for (const name of Object.keys(eventSchemaFiles()))
      expect(JSON.stringify(published(name)), name).not.toContain('"additionalProperties":false');
    expect(JSON.stringify(buildAsyncApi())).not.toContain('"additionalProperties":false');
  });
});

describe('AsyncAPI operations and envelope', () => {
  const doc = buildAsyncApi();
  it('GNology is the sender: every operation is a send', () => {
    const ops = Object.values(doc.operations) as { action: string }[];
    expect(ops.length).toBeGreaterThan(0);
    for (const op of ops) expect(op.action).toBe('send');
  });

  it('a complete CloudEvent with an extension attribute and added data fields validates against the envelope', () => {
    const message = Object.values(doc.components.messages).find(
      (m) => (m as { name: string }).name === 'document.processed',
    ) as { payload: object };
    const ajv = new Ajv2020({ strict: false });
    addFormats(ajv);
    const validate = ajv.compile(message.payload);
    const event = {
      specversion: '1.0',
      id: '0b6f7c1e-6a34-4f0e-9a43-0c6b8f1d2e11',
      type: 'document.processed',
      source: '/services/documents',
      subject: processed.documentId,
      time: '2025-11-22T08:01:12.345Z',
      datacontenttype: 'application/json',
      dataschema: 'https://gnology.app/schemas/events/document.processed.v1.json',
      traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01',
      data: { ...processed, language: 'en' },
    };
    expect(validate(event), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ ...event, dataschema: 'https://example.com/other.json' })).toBe(false);
  });
});
