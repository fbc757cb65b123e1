import type { DocumentEntities } from '@gnology/contracts';
import { beforeAll } from 'vitest';
import { type ExtractionInput, extractWithRules } from '../../src/extraction';
import { defaultGazetteer } from '../../src/node/gazetteer-tables';
import type { DocumentFacts } from '../../src/people/mention-types';

/** A record read by the rules with the real gazetteer, as the documents service reads it. */
export const readRecord = (input: ExtractionInput): DocumentEntities => extractWithRules(input, defaultGazetteer());

/** Plain text read by the rules, as a typed or OCR'd record is. */
export const readText = (text: string): DocumentEntities => readRecord({ text, isImage: false });
/** The names of the people a text's reading finds, the primary subject first. */
export const namesIn = (text: string): string[] => readText(text).peopleIdentified.map((p) => p.name);
/** The people a text's reading finds as "name|role". */
export const peopleIn = (text: string): string[] => readText(text).peopleIdentified.map((p) => `${p.name}|${p.role}`);

// The gazetteer's city table takes seconds to load on a busy two-core machine: load it once before a
// file's tests, outside any one test's time limit.
beforeAll(() => {
  defaultGazetteer();
}, 60_000);

/** A record read by the rules, as the people index is given it (DocumentFacts), keyed by its file name. */
export function readDocumentFacts(name: string, text: string): DocumentFacts {
  const e = readRecord({ text, isImage: name.endsWith('.png'), originalName: name });
  return {
    id: name,
    fileName: name,
    documentType: e.documentType,
    text,
    people: e.peopleIdentified,
    details: e.personDetails ?? [],
    dates: e.dateInfo,
    places: e.geographicalInfo,
    occupations: e.occupations,
    pages: [],
  };
}
