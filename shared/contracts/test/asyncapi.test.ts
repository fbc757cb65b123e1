import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildAsyncApi } from '../src/asyncapi';
import { eventCatalog } from '../src/events/catalog';

describe('AsyncAPI document', () => {
  const doc = buildAsyncApi();

  it('is committed as generated (run `npx tsx scripts/generate-asyncapi.ts` after changing an event)', () => {
    const committed = JSON.parse(
      readFileSync(new URL('../../../docs/integrators/asyncapi.json', import.meta.url), 'utf8'),
    );
    expect(committed).toEqual(JSON.parse(JSON.stringify(doc)));
  });

  it('describes every catalogued event on its versioned topic, in a CloudEvents envelope', () => {
    for (const e of eventCatalog) {
      expect(e.topic).toMatch(/^gnology\.[a-z]+\.v\d+$/);
      const message = Object.values(doc.components.messages).find((m) => (m as { name: string }).name === e.type) as {
        payload: { properties: { type: { const: string }; data: { type: string; properties: object } } };
      };
      expect(message, e.type).toBeDefined();
      expect(message.payload.properties.type.const).toBe(e.type);
      expect(message.payload.properties.data.type).toBe('object');
    }
    expect(Object.keys(doc.channels).length).toBe(new Set(eventCatalog.map((e) => e.topic)).size);
  });

  it('event types are unique', () => {
    const types = eventCatalog.map((e) => e.type);
    expect(new Set(types).size).toBe(types.length);
  });
});
