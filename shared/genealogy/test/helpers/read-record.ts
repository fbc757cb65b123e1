import type { DocumentEntities } from '@gnology/contracts';
import { beforeAll } from 'vitest';
import { type ExtractionInput, extractWithRules } from '../../src/extraction';
import { defaultGazetteer } from '../../src/node/gazetteer-tables';

/** A record read by the rules with the real gazetteer, as the documents service reads it. */
export const readRecord = (input: ExtractionInput): DocumentEntities => extractWithRules(input, defaultGazetteer());

// The gazetteer's city table takes seconds to load on a busy two-core machine: load it once before a
// file's tests, outside any one test's time limit.
beforeAll(() => {
  defaultGazetteer();
}, 60_000);
