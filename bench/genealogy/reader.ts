// The one place the bench reaches the product's reader: everything else in bench/genealogy sees only readRecord.
// The rules live in shared/genealogy (decision 0208), the gazetteer tables load in its node/ entry. The paths are
// relative so that a copy of the tree (git archive of a commit) reads with its own rules.
import type { DocumentEntities } from '@gnology/contracts';
import { extractWithRules } from '../../shared/genealogy/src/extraction';
import { defaultGazetteer } from '../../shared/genealogy/src/node/gazetteer-tables';

const gazetteer = defaultGazetteer();

export const readRecord = (text: string): DocumentEntities => extractWithRules({ text, isImage: false }, gazetteer);
