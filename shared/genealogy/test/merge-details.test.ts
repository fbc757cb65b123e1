import { describe, expect, it } from 'vitest';
import { mergePersonDetails } from '../src/extraction/merge-details';

/* Issue 28: a model configured for extraction gives roles; the facts the rules read stay. */

describe("a model's person details beside the rules'", () => {
  const people = [
    { name: 'John Henry Whitfield', role: 'primary_subject' as const },
    { name: 'Thomas Whitfield', role: 'parent' as const },
    { name: 'Louis Thorens', role: 'other_relative' as const },
  ];

  it('keeps the death and age the rules read where the model gives none, and the model’s record role', () => {
    const merged = mergePersonDetails(
      people,
      [{ name: 'Thomas Whitfield', recordRole: 'father' }],
      [{ name: 'Thomas Whitfield', died: '1902-03-03', age: 71 }],
    );
    expect(merged).toEqual([{ name: 'Thomas Whitfield', recordRole: 'father', died: '1902-03-03', age: 71 }]);
  });

  it('lets the model’s fact stand over the rules’ and adds the rules’ details for people the model left bare', () => {
    const merged = mergePersonDetails(
      people,
      [{ name: 'John Henry Whitfield', born: '1862' }],
      [
        { name: 'John Henry Whitfield', born: '1862-02-02' },
        { name: 'Louis Thorens', namedOnly: true },
      ],
    );
    expect(merged).toEqual([
      { name: 'John Henry Whitfield', born: '1862' },
      { name: 'Louis Thorens', namedOnly: true },
    ]);
  });

  it('drops "only named" where the model ties the person to the subject', () => {
    const merged = mergePersonDetails([{ name: 'Louis Thorens', role: 'sibling' }], undefined, [
      { name: 'Louis Thorens', namedOnly: true, occupation: 'farmer' },
    ]);
    expect(merged).toEqual([{ name: 'Louis Thorens', occupation: 'farmer' }]);
  });
});
