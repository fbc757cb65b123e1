import { describe, expect, it } from 'vitest';
import { hasTag, tagSuggestions, withoutTagNamed } from './tags';

describe('gallery tags', () => {
  it('offers "portrait" first, then each of the user\'s tags once whatever its case, alphabetically', () => {
    const images = [
      { tags: ['photo', 'Portrait', 'Virginia'] },
      { tags: ['beach', 'PHOTO', ' Aunt Eileen '] },
      { tags: [] },
    ];
    expect(tagSuggestions(images)).toEqual(['portrait', 'Aunt Eileen', 'beach', 'photo', 'Virginia']);
    expect(tagSuggestions([])).toEqual(['portrait']);
  });

  it('compares tags without regard to case, as the server does', () => {
    expect(hasTag(['Family Reunion'], ' family reunion')).toBe(true);
    expect(hasTag(['photo'], 'portrait')).toBe(false);
    expect(withoutTagNamed(['photo', 'Portrait', 'beach'], 'portrait')).toEqual(['photo', 'beach']);
  });
});
