import type { DocumentEntities } from '@gnology/contracts';
import { type ExtractionInput, extractWithRules } from '../../src/extraction';
import { defaultGazetteer } from '../../src/node/gazetteer-tables';

/** A record read by the rules with the real gazetteer, as the documents service reads it. */
export const readRecord = (input: ExtractionInput): DocumentEntities => extractWithRules(input, defaultGazetteer());
