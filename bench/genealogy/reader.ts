// The one place the bench reaches the product's reader: everything else in bench/genealogy sees only readRecord.
// The rules moved to shared/genealogy (decision 0208); the gazetteer's tables load in its node/ entry.
import type { DocumentEntities } from '@gnology/contracts';
import { extractWithRules } from '@gnology/genealogy/extraction';
import { defaultGazetteer } from '@gnology/genealogy/node/gazetteer-tables';

const gazetteer = defaultGazetteer();

export const readRecord = (text: string): DocumentEntities => extractWithRules({ text, isImage: false }, gazetteer);
