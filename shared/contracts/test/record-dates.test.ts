import { describe, expect, it } from 'vitest';
import { datePhrase, TIMELINE_EVENT_LABELS } from '../src';

describe('record dates in words', () => {
  it('writes a normalized day, month or year as a reader does', () => {
    expect(datePhrase('1887-06-14')).toBe('14 June 1887');
    expect(datePhrase('1887-06')).toBe('June 1887');
    expect(datePhrase('1887')).toBe('1887');
    expect(datePhrase(' 1887-02-03 ')).toBe('3 February 1887');
  });

  it('keeps the year of an impossible month, and returns anything unreadable as it came, trimmed', () => {
    expect(datePhrase('1887-13')).toBe('1887');
    expect(datePhrase(' Michaelmas 1701 ')).toBe('Michaelmas 1701');
  });

  it('names every timeline event kind', () => {
    expect(TIMELINE_EVENT_LABELS.baptism).toBe('Baptism');
    expect(TIMELINE_EVENT_LABELS.other).toBe('Event');
  });
});
