import { describe, expect, it } from 'vitest';
import { withNamespace } from '../src/events/namespace';
import type { BusMessage, CloudEventJson, EventBus, SubscribeOptions } from '../src/events/types';

/** A recording bus: what reaches the backend, and a way to deliver to what subscribed. */
function recordingBus() {
  const published: BusMessage[] = [];
  const subs: SubscribeOptions[] = [];
  const bus: EventBus = {
    backend: 'kafka',
    publish: async (m) => {
      published.push(...m);
    },
    subscribe: async (s) => {
      subs.push(s);
      return { close: async () => {} };
    },
    ping: async () => {},
    close: async () => {},
  };
  return { bus, published, subs };
}

const event = {
  specversion: '1.0',
  id: 'e1',
  type: 'document.processed',
  source: '/s',
  time: '',
  datacontenttype: 'application/json',
  data: {},
} as CloudEventJson;

describe('withNamespace', () => {
  it('prefixes topics and groups on the wire and gives handlers the plain topic', async () => {
    const { bus, published, subs } = recordingBus();
    const ns = withNamespace(bus, 'stack7');
    await ns.publish([{ topic: 'gnology.documents.v1', key: 'd1', event }]);
    expect(published[0].topic).toBe('stack7.gnology.documents.v1');
    const seen: string[] = [];
    await ns.subscribe({
      group: 'research.documents',
      topics: ['gnology.documents.v1'],
      handler: async (_e, meta) => void seen.push(meta.topic),
    });
    expect(subs[0]).toMatchObject({ group: 'stack7.research.documents', topics: ['stack7.gnology.documents.v1'] });
    await subs[0].handler(event, { topic: 'stack7.gnology.documents.v1', key: 'd1' });
    expect(seen).toEqual(['gnology.documents.v1']);
  });

  it('is the bus itself when no namespace is set', () => {
    const { bus } = recordingBus();
    expect(withNamespace(bus, undefined)).toBe(bus);
    expect(withNamespace(bus, '')).toBe(bus);
  });
});
