import { describe, expect, it } from 'vitest';
import {
  fixFrakturConfusions,
  fixFrakturWord,
  mendFrakturReading,
} from '../src/library/jobs/parsers/fraktur-correction';
import type { OcrResult } from '../src/library/jobs/ocr-types';

// Issue 31, point 4: tesseract's Fraktur model misreads the ch and ck ligatures as < and >, the long s as 8, 3 or f,
// and z as ß. The correction mends those confusions into the page's own (period) spelling and nothing else.
describe('Fraktur OCR correction', () => {
  it('reads the ch and ck ligatures back from < and >', () => {
    expect(fixFrakturWord('ni<t')).toBe('nicht');
    expect(fixFrakturWord('mi<')).toBe('mich');
    expect(fixFrakturWord('Glü>')).toBe('Glück');
    expect(fixFrakturWord('zurü>,')).toBe('zurück,');
  });

  it('reads a long s misread as 8 or 3 inside a word as s', () => {
    expect(fixFrakturWord('i8t')).toBe('ist');
    expect(fixFrakturWord('Hau8')).toBe('Haus');
    expect(fixFrakturWord('wa3')).toBe('was');
  });

  it('reads the long s misread as f in words that cannot be read with an f', () => {
    expect(fixFrakturWord('ift')).toBe('ist');
    expect(fixFrakturWord('fich')).toBe('sich');
    expect(fixFrakturWord('Fie')).toBe('Sie');
    expect(fixFrakturWord('fchon')).toBe('schon');
    expect(fixFrakturWord('Fchiff')).toBe('Schiff');
  });

  it('reads ß after a consonant or at the start of a word as z', () => {
    expect(fixFrakturWord('ganß')).toBe('ganz');
    expect(fixFrakturWord('Herßen')).toBe('Herzen');
    expect(fixFrakturWord('ßu')).toBe('zu');
    expect(fixFrakturWord('ßeit')).toBe('zeit');
  });

  it('never modernises the period spelling nor touches what it cannot be sure of', () => {
    for (const w of ['daß', 'seyn', 'Thür', 'Noth', 'muß', 'Fuß', 'fein', 'Kraft', 'oft', 'Schiffchen', 'Höfchen'])
      expect(fixFrakturWord(w)).toBe(w);
    // Numbers stay numbers: dates, ordinals, sums.
    for (const w of ['1858', '3ten', '8.', '3,50', '§8', 'S.38']) expect(fixFrakturWord(w)).toBe(w);
    // A real comparison sign between numbers or standing alone is left alone.
    for (const w of ['<', '>', '3<5']) expect(fixFrakturWord(w)).toBe(w);
    // Quotation marks read as < and > around a word are not ligatures.
    for (const w of ['>Wort<', '<Wort>', '»Wort«', '>Heimat']) expect(fixFrakturWord(w)).toBe(w);
  });

  it('mends a whole reading word by word, keeping its lines and spaces', () => {
    expect(fixFrakturConfusions('Er ift ni<t ßu Hau8,\nund fie  wei8 e8.')).toBe(
      'Er ist nicht zu Haus,\nund sie  weis es.',
    );
  });

  it('mends a reading made with the Fraktur model, its words as well as its text, and no other', () => {
    const word = (text: string, left: number) => ({ text, confidence: 80, left, top: 0, width: 40, height: 20 });
    const read: OcrResult = {
      text: 'Er ift ni<t da.',
      confidence: 80,
      words: [word('Er', 0), word('ift', 50), word('ni<t', 100), word('da.', 150)],
      rotation: 0,
      skew: 0,
      width: 200,
      height: 20,
    };
    const mended = mendFrakturReading(read, 'frk');
    expect(mended.text).toBe('Er ist nicht da.');
    expect(mended.words.map((w) => w.text)).toEqual(['Er', 'ist', 'nicht', 'da.']);
    expect(mended.words[2]).toMatchObject({ left: 100, width: 40, confidence: 80 });
    expect(mendFrakturReading(read, 'deu+frk').text).toBe('Er ist nicht da.');
    // English, German in Antiqua: the reading is the model's own.
    expect(mendFrakturReading(read, 'eng')).toBe(read);
    expect(mendFrakturReading(read, 'deu')).toBe(read);
  });
});
