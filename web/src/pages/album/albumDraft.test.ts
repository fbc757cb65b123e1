import { describe, expect, it } from 'vitest';
import {
  albumRequest,
  captionFromFileName,
  DEFAULT_SETTINGS,
  draftPhoto,
  inIdOrder,
  moveItem,
  progressText,
} from './albumDraft';

const doc = (id: string, name: string, over: Partial<Parameters<typeof draftPhoto>[0]> = {}) => ({
  _id: id,
  originalName: name,
  peopleIdentified: [],
  dateInfo: [],
  geographicalInfo: [],
  ...over,
});

describe('album drafts', () => {
  it('captions default to the file name without its extension', () => {
    expect(captionFromFileName('grandma-1952.jpg')).toBe('grandma-1952');
    expect(captionFromFileName('family.reunion.1970.png')).toBe('family.reunion.1970');
    expect(captionFromFileName('no-extension')).toBe('no-extension');
    expect(captionFromFileName('.jpg')).toBe('.jpg');
  });

  it('takes people, the first date and the first place from the document', () => {
    const d = draftPhoto(
      doc('a', 'wedding.jpg', {
        peopleIdentified: [
          { name: 'Søren Berg', role: 'spouse' },
          { name: 'Nguyễn Lan', role: 'spouse' },
          { name: 'Søren Berg', role: 'primary_subject' },
        ],
        dateInfo: [{ original: '12 June 1948', normalized: '1948-06-12', qualifier: 'exact', year: 1948 }],
        geographicalInfo: [{ name: 'Roanoke', kind: 'town', state: 'Virginia' }],
      }),
    );
    expect(d).toEqual({
      id: 'a',
      fileName: 'wedding.jpg',
      caption: 'wedding',
      description: '',
      includeInAlbum: true,
      people: ['Søren Berg', 'Nguyễn Lan'],
      date: '12 June 1948',
      location: 'Roanoke, Virginia',
    });
    expect(draftPhoto(doc('b', 'x.png'))).toMatchObject({ people: [], date: undefined, location: undefined });
  });

  it('keeps the order of the ids and drops ids with no document', () => {
    const docs = [doc('a', 'a.jpg'), doc('b', 'b.jpg'), doc('c', 'c.jpg')];
    expect(inIdOrder(docs, ['c', 'gone', 'a']).map((d) => d._id)).toEqual(['c', 'a']);
  });

  it('moves swap with the neighbour and stop at either end', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });

  it('the request holds only the included photos, in order, with trimmed text', () => {
    const photos = [
      draftPhoto(doc('a', 'a.jpg')),
      { ...draftPhoto(doc('b', 'b.jpg')), includeInAlbum: false },
      { ...draftPhoto(doc('c', 'c.jpg')), caption: '  Cousins  ' },
    ];
    const req = albumRequest({ ...DEFAULT_SETTINGS, title: '   ', style: 'vintage' }, moveItem(photos, 2, -1));
    expect(req.title).toBe('My Family Photo Album');
    expect(req.style).toBe('vintage');
    expect(req.includeMetadata).toBe(true);
    expect(req.photos).toEqual([
      { id: 'a', caption: 'a', description: '', people: [] },
      { id: 'c', caption: 'Cousins', description: '', people: [] },
    ]);
  });

  it('says which photo is being placed', () => {
    expect(progressText('queued', 0, 40)).toBe('Waiting to start...');
    expect(progressText('rendering', 11, 40)).toBe('Placing photo 12 of 40');
    expect(progressText('rendering', 40, 40)).toBe('Finishing the PDF...');
  });
});
