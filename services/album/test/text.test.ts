import type { PhotoInfo } from '@gnology/contracts';
import { describe, expect, it } from 'vitest';
import { toAlbumRecord } from '../src/use-cases/present-album';
import { baseName, metadataLines, photoText } from '../src/domain/photo-metadata';
import { ellipsize, wrapText } from '../src/domain/text-wrap';
import type { AlbumRow } from '../src/store/schema';

// One point per character: easy to reason about.
const measure = (s: string) => s.length;

describe('wrapText', () => {
  it('breaks at spaces within the width and keeps paragraphs', () => {
    expect(wrapText('the quick brown fox jumps', 10, measure)).toEqual(['the quick', 'brown fox', 'jumps']);
    expect(wrapText('one\n\ntwo three', 9, measure)).toEqual(['one', '', 'two three']);
    expect(wrapText('   ', 10, measure)).toEqual([]);
  });

  it('cuts a word longer than the line', () => {
    expect(wrapText('Wolfeschlegelsteinhausen', 10, measure)).toEqual(['Wolfeschle', 'gelsteinha', 'usen']);
  });

  it('stops at maxLines and ends the last line with an ellipsis', () => {
    const lines = wrapText('aa bb cc dd ee ff gg', 5, measure, 2);
    expect(lines).toEqual(['aa bb', 'cc d…']);
    expect(lines.every((l) => measure(l) <= 5)).toBe(true);
    expect(wrapText('aa bb', 5, measure, 1)).toEqual(['aa bb']);
  });

  it('ellipsizes to the width', () => {
    expect(ellipsize('abcdefgh', 5, measure)).toBe('abcd…');
  });
});

describe('photo words', () => {
  const info: Pick<PhotoInfo, 'originalName' | 'peopleIdentified' | 'dateInfo' | 'geographicalInfo'> = {
    originalName: 'Søren at Århus.jpeg',
    peopleIdentified: [
      { name: 'Søren Kierkegård', role: 'subject' as never },
      { name: 'Zoë Brontë', role: 'subject' as never },
    ],
    dateInfo: [{ original: '12 June 1975', normalized: '1975-06-12', qualifier: 'exact' as never, year: 1975 }],
    geographicalInfo: [
      { name: 'Århus', kind: 'town' },
      { name: 'Denmark', kind: 'country' },
    ],
  };

  it('prints what the user wrote in the request first', () => {
    const text = photoText(
      {
        id: 'a'.repeat(24),
        caption: 'Wedding',
        description: ' The big day. ',
        people: ['Łukasz'],
        date: '1975',
        location: 'Kraków',
      },
      info,
    );
    expect(text).toEqual({
      caption: 'Wedding',
      description: 'The big day.',
      people: ['Łukasz'],
      date: '1975',
      place: 'Kraków',
    });
  });

  it("falls back to the document's tags, dates and places, and to the file name for the caption", () => {
    const text = photoText({ id: 'a'.repeat(24), caption: '  ', description: '', people: [] }, info);
    expect(text).toEqual({
      caption: 'Søren at Århus',
      description: '',
      people: ['Søren Kierkegård', 'Zoë Brontë'],
      date: '12 June 1975',
      place: 'Århus, Denmark',
    });
    expect(metadataLines(text)).toEqual([
      { label: 'People', value: 'Søren Kierkegård, Zoë Brontë' },
      { label: 'Date', value: '12 June 1975' },
      { label: 'Place', value: 'Århus, Denmark' },
    ]);
  });

  it('says nothing it does not know', () => {
    const text = photoText(
      { id: 'a'.repeat(24), caption: 'x', description: '', people: [] },
      { originalName: 'x.png', peopleIdentified: [], dateInfo: [], geographicalInfo: [] },
    );
    expect(metadataLines(text)).toEqual([]);
    expect(metadataLines({ ...text, people: ['Nguyễn Văn An'] })).toEqual([
      { label: 'Person', value: 'Nguyễn Văn An' },
    ]);
  });

  it('takes the extension off a file name only', () => {
    expect(baseName('IMG_0001.JPG')).toBe('IMG_0001');
    expect(baseName('.hidden')).toBe('.hidden');
    expect(baseName('dir/photo.final.png')).toBe('photo.final');
  });
});

describe('album record', () => {
  it('shows a row as the contract says, with the download name from the title', () => {
    const row: AlbumRow = {
      id: 'b'.repeat(24),
      owner_id: 'u1',
      title: 'Zoë & Søren',
      description: '',
      style: 'vintage',
      include_metadata: true,
      photos: [],
      status: 'completed',
      progress_done: 3,
      progress_total: 3,
      runs: 1,
      page_count: 4,
      size: '12345' as never,
      storage_key: 'albums/u1/x.pdf',
      error: null,
      created_at: new Date('2026-11-23T10:00:00Z'),
      updated_at: new Date('2026-11-23T10:01:00Z'),
      completed_at: new Date('2026-11-23T10:01:00Z'),
    };
    expect(toAlbumRecord(row)).toEqual({
      id: 'b'.repeat(24),
      title: 'Zoë & Søren',
      description: '',
      style: 'vintage',
      includeMetadata: true,
      status: 'completed',
      progress: { done: 3, total: 3 },
      photoCount: 3,
      pageCount: 4,
      size: 12345,
      error: null,
      fileName: 'Zo____S_ren.pdf',
      createdAt: '2026-11-23T10:00:00.000Z',
      completedAt: '2026-11-23T10:01:00.000Z',
    });
  });
});
