import { DocumentTag, MAX_DOCUMENT_TAGS, UpdateDocumentBody } from '@gnology/contracts';
import { describe, expect, it } from 'vitest';
import { applyTagEdits, normalTags, recordTagEdit } from '../src/library/domain/tag-edits';

const none = { added: [], removed: [] };

/** Issue 30: editable tags, and a new reading that keeps the user's edits (decisions 0216, 0217). */
describe('document tags', () => {
  it('accepts a tag trimmed, 1–40 characters, without control characters', () => {
    expect(DocumentTag.parse('  Family Reunion ')).toBe('Family Reunion');
    for (const bad of ['', '   ', 'x'.repeat(41), 'a\u0000b', 'new\nline'])
      expect(DocumentTag.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    expect(DocumentTag.safeParse('x'.repeat(40)).success).toBe(true);
  });

  it('takes people, tags or both, never neither, and at most 50 tags', () => {
    expect(UpdateDocumentBody.safeParse({ tags: ['portrait'] }).success).toBe(true);
    expect(UpdateDocumentBody.safeParse({ peopleIdentified: [] }).success).toBe(true);
    expect(UpdateDocumentBody.safeParse({}).success).toBe(false);
    const many = Array.from({ length: MAX_DOCUMENT_TAGS + 1 }, (_, i) => `t${i}`);
    expect(UpdateDocumentBody.safeParse({ tags: many }).success).toBe(false);
  });

  it('stores tags in their case, spaces collapsed, a repeat in any case dropped', () => {
    expect(normalTags([' Family   Reunion ', 'portrait', 'Portrait', '', 'family reunion', 'Virginia'])).toEqual([
      'Family Reunion',
      'portrait',
      'Virginia',
    ]);
  });

  it('records what the user added and removed, an addition removed again no longer added', () => {
    const first = recordTagEdit(none, ['photo', 'portrait'], ['photo', 'beach']);
    expect(first).toEqual({ added: ['beach'], removed: ['portrait'] });
    // Put back (in another case): no longer a removal, and now the user's own (a new reading that sees no portrait keeps it).
    expect(recordTagEdit(first, ['photo', 'beach'], ['photo', 'beach', 'Portrait'])).toEqual({
      added: ['beach', 'Portrait'],
      removed: [],
    });
    // Their own tag removed again: no longer an addition.
    expect(recordTagEdit(first, ['photo', 'beach'], ['photo'])).toEqual({ added: [], removed: ['portrait', 'beach'] });
  });

  it('applies the edits to a new reading: a removed "portrait" stays removed, an added tag stays', () => {
    const edits = { added: ['Aunt Eileen'], removed: ['portrait'] };
    expect(applyTagEdits(['photo', 'portrait'], edits)).toEqual(['photo', 'Aunt Eileen']);
    expect(applyTagEdits(['photo', 'Portrait', '1950s'], edits)).toEqual(['photo', '1950s', 'Aunt Eileen']);
    // Never edited: the reading's tags as they are.
    expect(applyTagEdits(['photo', 'portrait'], null)).toEqual(['photo', 'portrait']);
  });
});
