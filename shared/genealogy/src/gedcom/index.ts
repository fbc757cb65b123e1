export { gedcomDate, gedcomToday } from './dates';
export type {
  GedcomCitation,
  GedcomDateInput,
  GedcomEvent,
  GedcomFamily,
  GedcomIndividual,
  GedcomInput,
  GedcomSource,
  GedcomTreeFamily,
  GedcomTreeIndividual,
  GedcomTreeInput,
  GedcomTreeSource,
  GedcomVersion,
} from './model';
export { splitName } from './names';
export { writeGedcom, writeGedcom551, writeGedcom7 } from './write';
export { type DecodedGedcom, decodeGedcom, NotGedcomError, startsWithHead } from './decode';
export { readGedcomTree } from './read-tree';
export type { FamilyTree, TreeCitation, TreeFact, TreeFamily, TreeIndividual, TreeSource } from './tree';
