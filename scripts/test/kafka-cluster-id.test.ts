import { describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM script without types
import { newClusterId } from '../../infra/kafka/kafka.mjs';

// The embedded broker's storage format step takes the cluster id as an argument: an id starting with "-" was read as
// an option and failed the test run's Kafka step once in 64 starts.
describe('the embedded Kafka broker’s cluster id', () => {
  it('never starts with "-", drawing again when the bytes would', () => {
    const draws = [Buffer.alloc(16, 0xf8), Buffer.alloc(16, 0x41)];
    const id = newClusterId(() => draws.shift()!);
    expect(Buffer.alloc(16, 0xf8).toString('base64url').startsWith('-')).toBe(true);
    expect(id).toBe(Buffer.alloc(16, 0x41).toString('base64url'));
    expect(draws).toHaveLength(0);
  });

  it('is 16 bytes in URL-safe base64', () => {
    expect(newClusterId()).toMatch(/^[A-Za-z0-9_][A-Za-z0-9_-]{21}$/);
  });
});
