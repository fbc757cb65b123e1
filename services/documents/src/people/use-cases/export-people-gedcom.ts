import type { DocumentsDeps } from '../../context';
import type { PeopleExportFormat } from '@gnology/contracts';
import { writeGedcom551, writeGedcom7 } from '@gnology/genealogy/gedcom';
import { gedcomInputOf } from '../domain/gedcom-input';
import type { DocumentsDb } from '../../library/store/documents-store';
import { loadPeopleForExport } from '../store/people-export';
import { loadTreeForExport } from '../store/tree-export';
import { linkMaps } from './read-people-links';

/*
 * The user's people index as a GEDCOM file (issue 16, decision 0186). Individuals come from the
 * index as the user left it (merges, splits and renames included); families from the relatives
 * (a spouse pair, or the parents a child names; siblings with no known parent share a family of
 * their own); one source per document, titled with its citation; each fact cites the document
 * and page it was read from; conflicts and other spellings become notes. The user's imported
 * trees are written beside it, as the files stated them (issue 32, decision 0230).
 */

export async function exportPeopleGedcom(
  deps: Pick<DocumentsDeps, 'database'>,
  ownerId: string,
  format: PeopleExportFormat,
  now = new Date(),
): Promise<string> {
  const db: DocumentsDb = deps.database.db;
  const [index, tree, links] = await Promise.all([
    loadPeopleForExport(db, ownerId),
    loadTreeForExport(db, ownerId),
    linkMaps(db, ownerId),
  ]);
  // A person linked by an accepted hint is one person (origin 'both'), as GET /api/people lists them.
  const input = { ...gedcomInputOf(index, now), tree, links: links.byIndividual };
  return format === 'gedcom-7' ? writeGedcom7(input) : writeGedcom551(input);
}
