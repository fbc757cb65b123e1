import { readFileSync } from 'node:fs';
import { readGedcomTree } from '@gnology/genealogy/gedcom';
import { treeBookPeople } from '../../documents/src/people/domain/book-material/from-tree';
import type { BookMaterial, BookPhoto } from '../src/domain/book-material';

/**
 * The register's test material from a GEDCOM file written by others, mapped as the documents
 * service maps an imported tree (its own pure function), with the file's xrefs as ids.
 */
export function gedcomMaterial(
  fileName: string,
  bytes: Uint8Array,
  rootXref: string,
  generations: number,
  photos: BookPhoto[] = [],
): BookMaterial {
  const tree = readGedcomTree(bytes);
  const { people, sources } = treeBookPeople(
    {
      fileName,
      individuals: tree.individuals.map((i) => ({ ...i, id: i.xref })),
      families: tree.families.map((f) => ({ ...f, partner1: f.partner1, partner2: f.partner2, children: f.children })),
      sources: tree.sources,
    },
    rootXref,
    generations,
  );
  return { rootId: rootXref, rootChosen: 'asked', generations, people, sources, photos, chart: null };
}

export const KENNEDY_GED = readFileSync(
  new URL('../../documents/test/fixtures/gedcom/kennedy-pres2020.ged', import.meta.url),
);
