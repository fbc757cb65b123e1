import { describe, expect, it } from 'vitest';
import { filterImages, matchesFilter, matchesSearch } from './galleryFilter';
import { suggestedRole, withoutTag, withTag } from './people';

const image = (originalName: string, over: Partial<Parameters<typeof matchesSearch>[0]> = {}) => ({
  originalName,
  documentType: 'photo' as const,
  tags: [] as string[],
  peopleIdentified: [] as { name: string; role: 'primary_subject' | 'spouse' }[],
  ...over,
});

const beach = image('Beach-1952.JPG', {
  tags: ['portrait'],
  peopleIdentified: [{ name: 'Łukasz Nowak', role: 'primary_subject' }],
});
const wedding = image('wedding.png', { peopleIdentified: [{ name: 'Zoë Turner', role: 'spouse' }] });
const untagged = image('picnic.jpg');
const census = image('census-1880.png', {
  documentType: 'census' as never,
  tags: ['census'],
  peopleIdentified: [{ name: 'John Smith', role: 'primary_subject' }],
});
const blankScan = image('blank-scan.png', { documentType: 'other' as never });
const all = [beach, wedding, untagged, census, blankScan];

describe('gallery search', () => {
  it('matches file names, tagged names and tags, ignoring case and surrounding spaces', () => {
    expect(filterImages(all, 'all', 'beach')).toEqual([beach]);
    expect(filterImages(all, 'all', '  ŁUKASZ ')).toEqual([beach]);
    expect(filterImages(all, 'all', 'zoë')).toEqual([wedding]);
    expect(filterImages(all, 'all', 'CENSUS')).toEqual([census]);
    expect(filterImages(all, 'all', 'PORTRAIT')).toEqual([beach]);
    expect(filterImages(all, 'all', '.png')).toEqual([wedding, census, blankScan]);
  });

  it('an empty query matches everything and an unknown word nothing', () => {
    expect(filterImages(all, 'all', '   ')).toEqual(all);
    expect(filterImages(all, 'all', 'nobody-here')).toEqual([]);
    expect(matchesSearch(untagged, 'turner')).toBe(false);
  });
});

describe('gallery filters', () => {
  it('Untagged is the photos nobody is tagged in (a record scan is not an untagged photo)', () => {
    expect(filterImages(all, 'untagged', '')).toEqual([untagged]);
  });
  it('Portraits is the tag "portrait", whatever its case', () => {
    expect(filterImages(all, 'portraits', '')).toEqual([beach]);
    expect(matchesFilter(image('x.jpg', { tags: ['Portrait'] }), 'portraits')).toBe(true);
    expect(matchesFilter(image('x.jpg', { tags: ['portraits-of-1900'] }), 'portraits')).toBe(false);
  });
  it('Documents is everything but photos', () => {
    expect(filterImages(all, 'documents', '')).toEqual([census, blankScan]);
  });
  it('search and filter combine', () => {
    expect(filterImages(all, 'documents', 'smith')).toEqual([census]);
    expect(filterImages(all, 'untagged', 'beach')).toEqual([]);
  });
});

describe('person tags', () => {
  it('adds a trimmed tag and removes one by position', () => {
    const people = withTag([{ name: 'Ann', role: 'parent' }], { name: '  Bob  ', role: 'child' });
    expect(people).toEqual([
      { name: 'Ann', role: 'parent' },
      { name: 'Bob', role: 'child' },
    ]);
    expect(withoutTag(people, 0)).toEqual([{ name: 'Bob', role: 'child' }]);
  });
  it('a new tag on a face replaces the face’s old tag and keeps the others', () => {
    const people = withTag(
      [
        { name: 'Ann', role: 'parent', faceId: 'f1' },
        { name: 'Bob', role: 'child', faceId: 'f2' },
      ],
      { name: 'Anne', role: 'spouse', faceId: 'f1' },
    );
    expect(people).toEqual([
      { name: 'Bob', role: 'child', faceId: 'f2' },
      { name: 'Anne', role: 'spouse', faceId: 'f1' },
    ]);
  });
  it('a confirmed suggestion takes the role the person has on the suggested face', () => {
    const images = [{ _id: 'd1', peopleIdentified: [{ name: 'Ann', role: 'parent' as const, faceId: 'f9' }] }];
    expect(suggestedRole(images, 'd1', 'f9')).toBe('parent');
    expect(suggestedRole(images, 'd1', 'other-face')).toBe('other_relative');
    expect(suggestedRole(images, 'gone', 'f9')).toBe('other_relative');
  });
});
