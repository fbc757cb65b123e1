import { ocrLanguagesProblem, parseLanguagesField } from '@gnology/contracts';
import { describe, expect, it } from 'vitest';
import { documentLanguages } from '../src/library/domain/ocr-languages';
import { processingJobId } from '../src/library/jobs/enqueue';
import { keepPlacedTags } from '../src/photos/domain/face-tags';

describe('OCR languages (issue 14)', () => {
  it("reads the upload's languages field: comma-separated codes, any case and spacing", () => {
    expect(parseLanguagesField('deu,eng')).toEqual({ languages: ['deu', 'eng'] });
    expect(parseLanguagesField(' DEU , lat ')).toEqual({ languages: ['deu', 'lat'] });
    expect(parseLanguagesField('de')).toEqual({
      error: expect.stringMatching(/^"de" is not a language GNology reads\. Choose from: eng \(English\)/),
    });
    expect(parseLanguagesField(',')).toEqual({ error: 'Choose at least one language.' });
    expect(parseLanguagesField('eng,deu,fra,lat')).toEqual({ error: 'Choose at most 3 languages.' });
    expect(parseLanguagesField('eng,ENG')).toEqual({ error: 'Each language may be chosen once.' });
  });

  it('says why a JSON choice is refused, and nothing for a valid one', () => {
    expect(ocrLanguagesProblem(['frk'])).toBeNull();
    expect(ocrLanguagesProblem('eng')).toMatch(/list of language codes/);
    expect(ocrLanguagesProblem([42])).toMatch(/^"42" is not a language/);
  });

  it('falls back to English for a document whose stored languages are not a valid choice', () => {
    expect(documentLanguages(['deu', 'lat'])).toEqual(['deu', 'lat']);
    expect(documentLanguages(['klingon'])).toEqual(['eng']);
    expect(documentLanguages(null)).toEqual(['eng']);
  });

  it('names each processing run its own job: the upload doc-<id>, the n-th Read again doc-<id>-r<n>', () => {
    expect(processingJobId({ id: 'abc' })).toBe('doc-abc');
    expect(processingJobId({ id: 'abc', reprocessCount: 0 })).toBe('doc-abc');
    expect(processingJobId({ id: 'abc', reprocessCount: 2 })).toBe('doc-abc-r2');
  });

  it('keeps the people a person tagged on a face ahead of a new reading, without repeats', () => {
    const before = [
      {
        name: 'Mary Turner',
        role: 'primary_subject' as const,
        faceId: 'f01',
        region: { x: 0.1, y: 0.1, width: 0.2, height: 0.2 },
      },
      { name: 'Misread Nane', role: 'other_relative' as const },
    ];
    const read = [
      { name: 'mary turner', role: 'primary_subject' as const },
      { name: 'Samuel Turner', role: 'spouse' as const },
    ];
    expect(keepPlacedTags(before, read)).toEqual([before[0], read[1]]);
  });
});
